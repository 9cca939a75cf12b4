import { beforeAll, describe, expect, it } from 'vitest';
import { companyProfileSchema, seoSettingsSchema, type CompanyProfile } from '../../../shared/contracts/company';
import { bearer, createStaff, freshIp, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

describe.each(testDialects)('GET /api/company on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('returns the company profile in the success envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const profile = companyProfileSchema.parse(body.data);
    expect(profile.location).toBe('Islamabad, Pakistan');
    expect(profile.tagline).toBe('Transforming Ideas into Digital Excellence');
    expect(profile.coreServices).toHaveLength(5);
    expect(profile.socialLinks.map((l) => l.platform)).toEqual([
      'linkedin',
      'twitter',
      'instagram',
      'threads',
      'facebook',
    ]);
    expect(res.headers['cache-control']).toMatch(/public/);
  });

  it('reflects a change of the profile in the database at once', async () => {
    await t.db.database.db.updateTable('company_profile').set({ email: 'sales@example.org' }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.json().data.email).toBe('sales@example.org');
  });
});

describe('GET /api/company before any content exists', () => {
  const t = useTestApp('sqlite', { seed: false });

  it('answers 404 with a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'The company profile has not been set up yet.',
    });
  });
});

describe.each(testDialects)('PUT /api/company on %s', (dialect) => {
  const t = useTestApp(dialect);
  let sessions: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    sessions = await createStaff(t.app, t.db.database.db);
  });

  const current = async () =>
    companyProfileSchema.parse((await t.app.inject({ method: 'GET', url: '/api/company' })).json().data);
  const body = (profile: CompanyProfile, change: Record<string, unknown> = {}) => ({
    ...profile,
    socialLinks: profile.socialLinks.map(({ platform, url }) => ({ platform, url })),
    ...change,
  });
  const put = (payload: unknown, session: Session | null) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/company',
      payload: payload as object,
      headers: session ? bearer(session.token) : {},
      remoteAddress: freshIp(),
    });

  it('replaces the profile, core services and social links, and the public answer follows at once', async () => {
    const before = await current();
    const res = await put(
      body(before, {
        phone: '+92 51 7654321',
        coreServices: ['Web Development', 'Cloud Hosting'],
        socialLinks: [
          { platform: 'github', url: 'https://github.com/smartstack' },
          { platform: 'linkedin', url: 'https://www.linkedin.com/company/smartstack' },
        ],
      }),
      sessions.editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Company information saved');
    const after = await current();
    expect(after).toMatchObject({ phone: '+92 51 7654321', coreServices: ['Web Development', 'Cloud Hosting'] });
    expect(after.socialLinks.map((l) => [l.platform, l.title, l.url])).toEqual([
      ['github', 'GitHub', 'https://github.com/smartstack'],
      ['linkedin', 'LinkedIn', 'https://www.linkedin.com/company/smartstack'],
    ]);
    expect((await put(body(before), sessions.admin)).statusCode).toBe(200);
    const restored = await current();
    expect({ ...restored, socialLinks: restored.socialLinks.map(({ platform, url }) => ({ platform, url })) }).toEqual(
      body(before),
    );
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const before = await current();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'name'],
      [{ email: 'not-an-address' }, 'email'],
      [{ phone: 'x'.repeat(51) }, 'phone'],
      [{ description: undefined }, 'description'],
      [{ coreServices: [] }, 'coreServices'],
      [{ coreServices: ['SEO', 'seo'] }, 'coreServices'],
      [{ socialLinks: [{ platform: 'myspace', url: 'https://myspace.com/x' }] }, 'socialLinks.0.platform'],
      [{ socialLinks: [{ platform: 'github', url: 'http://github.com/x' }] }, 'socialLinks.0.url'],
      [{ socialLinks: [{ platform: 'github', url: 'javascript:alert(1)' }] }, 'socialLinks.0.url'],
      [
        {
          socialLinks: [
            { platform: 'github', url: 'https://github.com/a' },
            { platform: 'github', url: 'https://github.com/b' },
          ],
        },
        'socialLinks',
      ],
    ];
    for (const [change, field] of cases) {
      const res = await put(body(before, change), sessions.editor);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await current()).toEqual(before);
  });

  it('lets only editors and admins change it', async () => {
    const before = await current();
    expect((await put(body(before, { name: 'Hijacked' }), sessions.viewer)).statusCode).toBe(403);
    expect((await put(body(before, { name: 'Hijacked' }), null)).statusCode).toBe(401);
    expect((await current()).name).toBe(before.name);
  });

  it('keeps markup as text and survives concurrent identical saves', async () => {
    const before = await current();
    const hostile = '<b onmouseover=alert(1)>Studio</b> & Co';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => put(body(before, { tagline: hostile }), sessions.editor)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    expect((await current()).tagline).toBe(hostile);
    expect((await current()).socialLinks).toHaveLength(before.socialLinks.length);
    await put(body(before), sessions.editor);
  });
});

describe.each(testDialects)('GET and PUT /api/company/seo on %s', (dialect) => {
  const t = useTestApp(dialect);
  let sessions: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    sessions = await createStaff(t.app, t.db.database.db);
  });
  const get = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company/seo' });
    expect(res.statusCode).toBe(200);
    return seoSettingsSchema.parse(res.json().data);
  };
  const put = (payload: object, session: Session | null) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/company/seo',
      payload,
      headers: session ? bearer(session.token) : {},
      remoteAddress: freshIp(),
    });

  it('answers the demo settings, saves a change and keeps an analytics ID only in its own shape', async () => {
    expect(await get()).toMatchObject({ siteTitle: expect.stringContaining('SmartStack') });
    const res = await put(
      { siteTitle: 'SmartStack | Software that works', metaDescription: 'We build it.', keywords: [' web ', '', 'AI'] },
      sessions.editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('SEO settings saved');
    expect(await get()).toEqual({
      siteTitle: 'SmartStack | Software that works',
      metaDescription: 'We build it.',
      keywords: ['web', 'AI'],
      analyticsId: '',
    });
    const withId = await put(
      { siteTitle: 'SmartStack', metaDescription: 'We build it.', keywords: [], analyticsId: ' g-abcd1234 ' },
      sessions.admin,
    );
    expect(withId.statusCode, withId.body).toBe(200);
    expect((await get()).analyticsId).toBe('G-ABCD1234');
  });

  it('refuses bad input, and viewers and visitors', async () => {
    const before = await get();
    for (const [payload, field] of [
      [{ ...before, siteTitle: ' ' }, 'siteTitle'],
      [{ ...before, metaDescription: 'x'.repeat(301) }, 'metaDescription'],
      [{ ...before, keywords: ['a', 'A'] }, 'keywords'],
      [{ ...before, keywords: Array.from({ length: 21 }, (_, i) => `k${i}`) }, 'keywords'],
      [{ ...before, analyticsId: 'UA-12345-1' }, 'analyticsId'],
      [{ ...before, analyticsId: 'G-<script>' }, 'analyticsId'],
    ] as const) {
      const res = await put(payload, sessions.editor);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await put({ ...before, siteTitle: 'Hijacked' }, sessions.viewer)).statusCode).toBe(403);
    expect((await put({ ...before, siteTitle: 'Hijacked' }, null)).statusCode).toBe(401);
    expect(await get()).toEqual(before);
  });

  it('starts from the company profile when nothing is stored', async () => {
    await t.db.database.db.deleteFrom('settings').where('key', '=', 'seo').execute();
    const company = companyProfileSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/company' })).json().data,
    );
    expect(await get()).toEqual({
      siteTitle: `${company.name} | ${company.tagline}`,
      metaDescription: company.valueProposition,
      keywords: [],
      analyticsId: '',
    });
    expect(
      (await put({ siteTitle: 'New', metaDescription: 'Fresh start.', keywords: [] }, sessions.admin)).statusCode,
    ).toBe(200);
    expect((await get()).siteTitle).toBe('New');
  });
});
