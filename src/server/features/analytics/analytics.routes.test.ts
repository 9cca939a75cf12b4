import { describe, expect, it } from 'vitest';
import { bearer, createSignedIn, freshIp } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { BEACON_RATE_LIMIT } from './analytics.routes';
import { classifyReferrer, pagePathOf } from './analytics.service';
import { createVisitorHasher } from './visitor-hash';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('referrers and page addresses', () => {
  const origin = 'https://example.com';
  it('keeps the source and drops the query of a referrer; own pages are Internal, none is Direct', () => {
    expect(classifyReferrer('https://www.google.com/search?q=my+name', origin)).toEqual({
      referrer: 'https://www.google.com/search',
      source: 'Google',
    });
    expect(classifyReferrer('https://www.google.co.uk/', origin).source).toBe('Google');
    expect(classifyReferrer('https://lnkd.in/abc', origin).source).toBe('LinkedIn');
    expect(classifyReferrer('https://t.co/xyz', origin).source).toBe('Twitter');
    expect(classifyReferrer('https://m.facebook.com/', origin).source).toBe('Facebook');
    expect(classifyReferrer('https://news.ycombinator.com/item?id=1', origin)).toEqual({
      referrer: 'https://news.ycombinator.com/item',
      source: 'Other',
    });
    expect(classifyReferrer('https://example.com/blog', origin)).toEqual({ referrer: null, source: 'Internal' });
    expect(classifyReferrer(undefined, origin)).toEqual({ referrer: null, source: 'Direct' });
    expect(classifyReferrer('', origin)).toEqual({ referrer: null, source: 'Direct' });
  });

  it('stores the page, never its query or fragment', () => {
    expect(pagePathOf('/verify-certificate?number=SST-2026-12345')).toBe('/verify-certificate');
    expect(pagePathOf('/blog/post#comments')).toBe('/blog/post');
    expect(pagePathOf('/')).toBe('/');
  });
});

describe.each(testDialects)('analytics collection on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;

  const post = (
    path: 'pageview' | 'event',
    payload: unknown,
    {
      ip = freshIp(),
      ua = CHROME,
      headers = {},
    }: { ip?: string; ua?: string | null; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/analytics/${path}`,
      payload: payload as object,
      remoteAddress: ip,
      headers: { ...(ua === null ? {} : { 'user-agent': ua }), ...headers },
    });
  const views = () => db().selectFrom('analytics_page_views').selectAll().orderBy('id').execute();
  const events = () => db().selectFrom('analytics_events').selectAll().orderBy('id').execute();
  const clear = async () => {
    await db().deleteFrom('analytics_page_views').execute();
    await db().deleteFrom('analytics_events').execute();
  };

  it('records a page view: the page, its title and referrer source, a visitor hash and no address', async () => {
    await clear();
    const ip = '203.0.113.77';
    const res = await post(
      'pageview',
      {
        page_url: '/blog/hello?utm_source=x',
        page_title: 'Hello',
        referrer: 'https://www.linkedin.com/feed/?trk=abc',
        user_agent: 'whatever the page says',
        session_id: 'client-chosen-id',
      },
      { ip },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ success: true, data: { recorded: true } });
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await views();
    expect(row).toMatchObject({
      page_url: '/blog/hello',
      page_title: 'Hello',
      referrer: 'https://www.linkedin.com/feed/',
      referrer_source: 'LinkedIn',
      user_agent: null,
      session_id: null,
      is_sample: 0,
    });
    expect(row!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing in the row can give the address or the browser back.
    const stored = JSON.stringify(await views());
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain('Chrome');
    expect(stored).not.toContain('client-chosen-id');
  });

  it('counts one visitor per address and browser per day, and tells two browsers apart', async () => {
    await clear();
    const ip = freshIp();
    for (const page of ['/', '/blog', '/portfolio'])
      expect((await post('pageview', { page_url: page }, { ip })).statusCode).toBe(202);
    expect((await post('pageview', { page_url: '/' }, { ip, ua: FIREFOX })).statusCode).toBe(202);
    expect((await post('pageview', { page_url: '/' })).statusCode).toBe(202);
    const hashes = (await views()).map((row) => row.visitor_hash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[1]).toBe(hashes[2]);
    expect(new Set(hashes).size).toBe(3);
  });

  it('salts the hash per day, keeps one salt for every instance, and forgets earlier days', async () => {
    const first = createVisitorHasher(db);
    const second = createVisitorHasher(db);
    const monday = new Date('2030-01-07T10:00:00Z');
    const tuesday = new Date('2030-01-08T10:00:00Z');
    const a = await first('198.51.100.1', CHROME, monday);
    expect(await second('198.51.100.1', CHROME, monday)).toBe(a);
    const b = await first('198.51.100.1', CHROME, tuesday);
    expect(b).not.toBe(a);
    const days = (await db().selectFrom('analytics_salts').select('day').execute()).map((row) => row.day);
    expect(days).toEqual(['2030-01-08']);
  });

  it('does not count bots, a browser without a user agent, Do Not Track, Global Privacy Control or staff', async () => {
    await clear();
    const editor = await createSignedIn(t.app, db(), { role: 'editor' });
    const cases: [Parameters<typeof post>[2], string][] = [
      [{ ua: GOOGLEBOT }, 'bot'],
      [{ ua: 'curl/8.5.0' }, 'bot'],
      [{ ua: null }, 'bot'],
      [{ headers: { dnt: '1' } }, 'do_not_track'],
      [{ headers: { 'sec-gpc': '1' } }, 'do_not_track'],
      [{ headers: bearer(editor.token) }, 'staff'],
    ];
    for (const [options, reason] of cases) {
      for (const path of ['pageview', 'event'] as const) {
        const payload = path === 'pageview' ? { page_url: '/' } : { event_type: 'like', page_url: '/blog/x' };
        const res = await post(path, payload, options);
        expect(res.statusCode, `${path} ${reason}`).toBe(202);
        expect(res.json().data, `${path} ${reason}`).toEqual({ recorded: false, reason });
      }
    }
    expect(await views()).toEqual([]);
    expect(await events()).toEqual([]);
  });

  it('records the documented events with their fields and custom data as JSON', async () => {
    await clear();
    const res = await post('event', {
      event_type: 'like',
      event_category: 'blog',
      event_action: 'like',
      event_label: 'core-web-vitals',
      event_value: 1,
      page_url: '/blog/core-web-vitals?x=1',
      custom_data: { post_id: 3, liked: true },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await events()).toMatchObject([
      {
        event_type: 'like',
        event_category: 'blog',
        event_action: 'like',
        event_label: 'core-web-vitals',
        event_value: 1,
        page_url: '/blog/core-web-vitals',
        custom_data: '{"post_id":3,"liked":true}',
        user_agent: null,
        session_id: null,
      },
    ]);
  });

  it('refuses junk with the field named and stores nothing', async () => {
    await clear();
    const bad: [string, 'pageview' | 'event', unknown][] = [
      ['page_url', 'pageview', {}],
      ['page_url', 'pageview', { page_url: '' }],
      ['page_url', 'pageview', { page_url: 'https://evil.example/phish' }],
      ['page_url', 'pageview', { page_url: '//evil.example/x' }],
      ['page_url', 'pageview', { page_url: `/${'a'.repeat(600)}` }],
      ['page_url', 'pageview', { page_url: 42 }],
      ['page_title', 'pageview', { page_url: '/', page_title: 't'.repeat(301) }],
      ['referrer', 'pageview', { page_url: '/', referrer: 'javascript:alert(1)' }],
      ['event_type', 'event', { event_type: 'drop_tables' }],
      ['event_type', 'event', {}],
      ['event_value', 'event', { event_type: 'like', event_value: 'many' }],
      ['custom_data', 'event', { event_type: 'like', custom_data: 'text' }],
      ['custom_data', 'event', { event_type: 'like', custom_data: { nested: { deep: 1 } } }],
      [
        'custom_data',
        'event',
        {
          event_type: 'like',
          custom_data: {
            big: 'x'.repeat(300),
            more: 'y'.repeat(300),
            a: 'z'.repeat(300),
            b: 'w'.repeat(300),
            c: 'v'.repeat(300),
            d: 'u'.repeat(300),
            e: 'q'.repeat(300),
          },
        },
      ],
    ];
    for (const [field, path, payload] of bad) {
      const res = await post(path, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(JSON.stringify(body.errors ?? body.message), field).toContain(field);
    }
    expect(await views()).toEqual([]);
    expect(await events()).toEqual([]);
  });

  it('counts only public pages: staff, API, built-file and dot-segment addresses are refused with 400', async () => {
    await clear();
    const notPages = [
      '/admin',
      '/admin/contacts',
      '/api/auth/me',
      '/assets/entry-abc123.js',
      '/uploads/photo.webp',
      '/images/logo.svg',
      '/demo/hero.mp4',
      '/blog.data',
      '/sitemap.xml',
      '/admin/../blog',
      '/admin/%2e%2e/blog',
      '/blog/./post',
      '/%61dmin/users',
      '/%2e%2e/admin',
    ];
    for (const page_url of notPages) {
      for (const [path, payload] of [
        ['pageview', { page_url }],
        ['event', { event_type: 'share', page_url }],
      ] as const) {
        const res = await post(path, payload);
        expect(res.statusCode, `${path} ${page_url}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: [{ field: 'page_url' }] });
      }
    }
    expect(await views()).toEqual([]);
    expect(await events()).toEqual([]);
    for (const page_url of ['/', '/blog/a-post', '/portfolio?category=web', '/administration-services']) {
      expect((await post('pageview', { page_url })).json().data, page_url).toEqual({ recorded: true });
    }
    expect((await views()).map((row) => row.page_url)).toEqual([
      '/',
      '/blog/a-post',
      '/portfolio',
      '/administration-services',
    ]);
  });

  it('stores markup as text', async () => {
    await clear();
    const title = '<script>alert(1)</script> & <b>bold</b>';
    expect((await post('pageview', { page_url: '/', page_title: title })).statusCode).toBe(202);
    expect((await views())[0]!.page_title).toBe(title);
  });

  it('limits beacons per client address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i <= BEACON_RATE_LIMIT.max; i += 1) {
      last = (await post('event', { event_type: 'share' }, { ip })).statusCode;
      if (i < BEACON_RATE_LIMIT.max) expect(last).toBe(202);
    }
    expect(last).toBe(429);
    expect((await post('event', { event_type: 'share' })).statusCode).toBe(202);
  });

  it('answers concurrent identical beacons with 202 and records each', async () => {
    await clear();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('pageview', { page_url: '/same' }, { ip })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(202));
    expect(await views()).toHaveLength(20);
  });
});
