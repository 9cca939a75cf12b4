import { beforeAll, describe, expect, it } from 'vitest';
import { companyAdminSchema, seoAdminSchema, type CompanyAdmin } from '../../../shared/contracts/company';
import { revisionDetailDataSchema, revisionListDataSchema } from '../../../shared/contracts/revisions';
import { ErrorCode } from '../../../shared/errors';
import { apiCaller, createStaff, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * The company profile and the SEO settings as revisioned single items (ADR 0041), on every database: a
 * version on staff's copy, each save kept as a revision, a restore bringing back the exact fields (itself a
 * revision), stale saves refused with nothing changed, one of two saves from one version winning; and the
 * state of a site whose profile and settings were never saved (version 0, no revisions).
 */

const profileWrite = (profile: CompanyAdmin) => ({
  name: profile.name,
  founder: profile.founder,
  tagline: profile.tagline,
  location: profile.location,
  email: profile.email,
  phone: profile.phone,
  whatsapp: profile.whatsapp,
  valueProposition: profile.valueProposition,
  description: profile.description,
  coreServices: profile.coreServices,
  heroVideoUrl: profile.heroVideoUrl,
  heroPosterUrl: profile.heroPosterUrl,
  socialLinks: profile.socialLinks.map((link) => ({ platform: link.platform, url: link.url })),
});

const seoWrite = {
  siteTitle: 'Acme | Websites that sell',
  metaDescription: 'Websites, shops and apps for small companies.',
  keywords: ['websites', 'shops'],
  analyticsId: '',
};

describe.each(testDialects)('company profile and SEO revisions on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;
  let viewer: Session;
  let editor: Session;

  beforeAll(async () => {
    ({ viewer, editor } = await createStaff(t.app, db()));
  });

  const { call, ok } = apiCaller(
    () => t.app,
    () => editor,
  );
  const companyNow = async () => companyAdminSchema.parse(await ok('GET', '/company/admin', undefined, viewer));
  const seoNow = async () => seoAdminSchema.parse(await ok('GET', '/company/seo/admin', undefined, viewer));
  const revisionsOf = async (base: string) =>
    revisionListDataSchema.parse(await ok('GET', `${base}/revisions`, undefined, viewer));

  it('keeps each save of the company profile and restores the exact fields, as a new revision', async () => {
    const first = await companyNow();
    expect(first.version).toBeGreaterThanOrEqual(1);
    const original = profileWrite(first);
    const changed = {
      ...original,
      tagline: `Revised tagline on ${dialect}`,
      coreServices: ['Websites', 'Apps'],
      socialLinks: [{ platform: 'github' as const, url: 'https://github.com/acme' }],
    };
    const saved = companyAdminSchema.parse(await ok('PUT', '/company', { ...changed, version: first.version }));
    expect(saved.version).toBe(first.version + 1);

    const list = await revisionsOf('/company');
    expect(list.version).toBe(saved.version);
    // The seeded state as the baseline, then the save with what it changed.
    expect(list.revisions.map((r) => r.kind)).toEqual(['saved', 'baseline']);
    expect(list.revisions[0]).toMatchObject({
      version: saved.version,
      author: { name: editor.user.username },
      changed_fields: ['tagline', 'coreServices', 'socialLinks'],
    });

    const baseline = list.revisions[1]!;
    const detail = revisionDetailDataSchema.parse(
      await ok('GET', `/company/revisions/${baseline.id}`, undefined, viewer),
    );
    expect(detail.revision.snapshot).toEqual(original);
    expect(detail.current).toEqual(changed);

    expect((await call('POST', `/company/revisions/${baseline.id}/restore`, {}, viewer)).statusCode).toBe(403);
    const restored = await ok('POST', `/company/revisions/${baseline.id}/restore`, { version: saved.version });
    expect(restored.version).toBe(saved.version + 1);
    expect(profileWrite(await companyNow())).toEqual(original);
    const after = await revisionsOf('/company');
    expect(after.revisions[0]).toMatchObject({ kind: 'restored', restored_from: baseline.id });
    // The public profile shows the restored fields.
    const publicProfile = (await t.app.inject({ method: 'GET', url: '/api/company' })).json().data;
    expect(publicProfile.tagline).toBe(original.tagline);
  });

  it('refuses a company save made from a stale version and changes nothing; of two saves from one version one wins', async () => {
    const loaded = await companyNow();
    const body = profileWrite(loaded);
    await ok('PUT', '/company', { ...body, tagline: `First on ${dialect}`, version: loaded.version });
    const stale = await call('PUT', '/company', { ...body, tagline: `Stale on ${dialect}`, version: loaded.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: ErrorCode.STALE_VERSION });
    expect((await companyNow()).tagline).toBe(`First on ${dialect}`);

    const current = await companyNow();
    const results = await Promise.all(
      ['one', 'two'].map((who) =>
        call('PUT', '/company', { ...body, tagline: `Race ${who} ${dialect}`, version: current.version }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data.tagline;
    expect(await companyNow()).toMatchObject({ tagline: winner, version: current.version + 1 });
    // Without a version the save is not checked (the API's callers from before versions).
    expect((await call('PUT', '/company', { ...body, tagline: `Unchecked ${dialect}` })).statusCode).toBe(200);
  });

  it('keeps each save of the SEO settings and restores them; a stale save is refused', async () => {
    const before = await seoNow();
    const first = seoAdminSchema.parse(await ok('PUT', '/company/seo', { ...seoWrite, version: before.version }));
    const second = seoAdminSchema.parse(
      await ok('PUT', '/company/seo', { ...seoWrite, keywords: ['apps'], version: first.version }),
    );
    expect(second.version).toBe(first.version + 1);
    const stale = await call('PUT', '/company/seo', { ...seoWrite, siteTitle: 'Stale', version: first.version });
    expect(stale.statusCode).toBe(409);
    expect((await seoNow()).siteTitle).toBe(seoWrite.siteTitle);

    const list = await revisionsOf('/company/seo');
    expect(list.version).toBe(second.version);
    expect(list.revisions[0]).toMatchObject({ kind: 'saved', changed_fields: ['keywords'] });
    const firstSave = list.revisions.find((r) => r.version === first.version)!;
    await ok('POST', `/company/seo/revisions/${firstSave.id}/restore`, { version: second.version });
    expect(await seoNow()).toMatchObject({ ...seoWrite, version: second.version + 1 });
    const publicSeo = (await t.app.inject({ method: 'GET', url: '/api/company/seo' })).json().data;
    expect(publicSeo.keywords).toEqual(seoWrite.keywords);
  });

  it('answers 404 for a revision of another item, and 400 for a hostile revision id', async () => {
    const company = await revisionsOf('/company');
    const seoRevision = (await revisionsOf('/company/seo')).revisions[0]!;
    expect((await call('GET', `/company/revisions/${seoRevision.id}`, undefined, viewer)).statusCode).toBe(404);
    expect(company.revisions.some((r) => r.id === seoRevision.id)).toBe(false);
    for (const id of ['0', '-1', '1.5', '99999999999999999999', "1'--"]) {
      expect((await call('GET', `/company/revisions/${encodeURIComponent(id)}`, undefined, viewer)).statusCode).toBe(
        400,
      );
    }
    expect((await call('PUT', '/company/seo', { ...seoWrite, version: -1 })).statusCode).toBe(400);
    expect((await call('GET', '/company/admin', undefined, null)).statusCode).toBe(401);
  });
});

describe.each(testDialects)('a company profile and SEO settings never saved, on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  let editor: Session;

  beforeAll(async () => {
    ({ editor } = await createStaff(t.app, db()));
  });

  const { call, ok } = apiCaller(
    () => t.app,
    () => editor,
  );

  it('has version 0 and no revisions; the first save is the created revision, and version 0 is stale after it', async () => {
    expect(revisionListDataSchema.parse(await ok('GET', '/company/seo/revisions'))).toMatchObject({
      version: 0,
      revisions: [],
    });
    expect(seoAdminSchema.parse(await ok('GET', '/company/seo/admin')).version).toBe(0);
    expect((await call('GET', '/company/seo/revisions/1')).statusCode).toBe(404);
    expect(revisionListDataSchema.parse(await ok('GET', '/company/revisions'))).toMatchObject({ version: 0 });

    const saved = seoAdminSchema.parse(await ok('PUT', '/company/seo', { ...seoWrite, version: 0 }));
    expect(saved.version).toBe(1);
    const list = revisionListDataSchema.parse(await ok('GET', '/company/seo/revisions'));
    expect(list.revisions.map((r) => [r.kind, r.version])).toEqual([['created', 1]]);
    const again = await call('PUT', '/company/seo', { ...seoWrite, siteTitle: 'Second', version: 0 });
    expect(again.statusCode).toBe(409);
    expect((await call('PUT', '/company/seo', { ...seoWrite, version: 5 })).statusCode).toBe(409);
  });
});
