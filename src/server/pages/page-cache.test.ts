import zlib from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemoContent } from '../seed/seed';
import { bearer, createStaff, type Session } from '../testing/auth-helpers';
import { requireBuild } from '../testing/server-process';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import { PAGE_CACHE_TTL_MS, purgeFor } from './page-cache';
import {
  brotliOptions,
  CACHED_COMPRESSION,
  LIGHT_COMPRESSION,
  matchesIfNoneMatch,
  pickEncoding,
} from './page-encoding';
import { cspHash, inlineScriptHashes, pagePolicy } from './page-csp';
import { SITE_PASS_COOKIE } from '../http/system-settings';
import { pageCacheKey } from './web';

/*
 * The page cache (ADR 0020) on every database, with the production build's pages (npm run build first):
 * hits that render and query nothing, purges that forget exactly the pages a write changes, requests
 * of staff and signed-in people that never get or fill it, the cache switch and maintenance, the CSP of a
 * cached page matching its inline scripts, ETag and 304, and a purge reaching another instance.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('page cache keys', () => {
  it('keeps the query keys pages read, drops tracking keys, and refuses any other key', () => {
    expect(pageCacheKey('/')).toBe('/');
    expect(pageCacheKey('/blog?category=ai&page=2')).toBe('/blog?category=ai&page=2');
    expect(pageCacheKey('/blog?search=a+b')).toBe('/blog?search=a+b');
    expect(pageCacheKey('/blog?utm_source=x&fbclid=y&page=2')).toBe('/blog?page=2');
    expect(pageCacheKey('/?quote=sent')).toBe('/?quote=sent');
    expect(pageCacheKey('/blog?random=1')).toBeNull();
    expect(pageCacheKey('/verify-certificate?number=SST-2025-00001')).toBeNull();
    expect(pageCacheKey(`/blog?search=${'x'.repeat(600)}`)).toBeNull();
    expect(pageCacheKey('//evil.example/')).toBeNull();
  });

  it('picks brotli, then gzip, from Accept-Encoding, and matches If-None-Match in any encoding', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(matchesIfNoneMatch('"abc-br"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc", "def"', 'abc')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', 'abc')).toBe(false);
  });

  it('hashes the inline scripts of the render (its marker) into script-src, never an injected one, and allows Google’s tag host only where our tag loads', () => {
    const html =
      '<script nonce="m1">a()</script><script type="module" nonce="m1">import "x"</script>' +
      '<script src="/assets/x.js" nonce="m1"></script>' +
      '<script async nonce="m1" src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>' +
      // Injected through content: no marker, or a guessed one.
      '<p><script>steal()</script><script nonce="m2">steal()</script></p>';
    expect(inlineScriptHashes(html, 'm1')).toEqual([cspHash('a()'), cspHash('import "x"')]);
    const page = pagePolicy("default-src 'self';script-src 'self';style-src 'self'", html, 'm1');
    expect(page.policy).toBe(
      `default-src 'self';script-src 'self' ${cspHash('a()')} ${cspHash('import "x"')} https://www.googletagmanager.com;style-src 'self'`,
    );
    expect(page.policy).not.toContain(cspHash('steal()'));
    // The marker leaves the page: every render of the same content is the same bytes.
    expect(page.html).not.toContain('nonce="m1"');
    expect(page.html).toContain('<script>a()</script>');
    // An injected Google tag gets no host.
    const injected = pagePolicy(
      "script-src 'self'",
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>',
      'm1',
    );
    expect(injected.policy).toBe("script-src 'self'");
  });

  it('finds the same hashes and gives back the same bytes when a page is read as latin1 (one character per byte)', () => {
    const html =
      '<p>Café – “quoted”</p><script nonce="m1">window.x = "Ærø ✓ 😀"</script>' +
      '<script nonce="m1">a()</script><script>steal("é")</script>';
    const utf8 = pagePolicy("script-src 'self'", html, 'm1');
    expect(utf8.policy).toContain(cspHash('window.x = "Ærø ✓ 😀"'));
    const latin1 = pagePolicy("script-src 'self'", Buffer.from(html, 'utf8').toString('latin1'), 'm1', 'latin1');
    expect(latin1.policy).toBe(utf8.policy);
    expect(Buffer.from(latin1.html, 'latin1').equals(Buffer.from(utf8.html, 'utf8'))).toBe(true);
  });

  it('maps each kind of write to the pages it changes, and an unknown write to every page', () => {
    expect(purgeFor('/api/blog/posts/:id/featured', { id: '3' })).toEqual({ tags: ['posts', 'post:3'], local: false });
    expect(purgeFor('/api/blog/posts/:slugOrId/like', { slugOrId: 'a' })).toEqual({ tags: ['post:a'], local: true });
    expect(purgeFor('/api/blog/posts/:slugOrId/view', { slugOrId: 'a' }).tags).toEqual([]);
    expect(purgeFor('/api/blog/search', {}).tags).toEqual([]);
    expect(purgeFor('/api/analytics/pageview', {}).tags).toEqual([]);
    expect(purgeFor('/api/contacts', {}).tags).toEqual([]);
    expect(purgeFor('/api/company', {}).tags).toEqual(['company']);
    expect(purgeFor('/api/company/seo', {}).tags).toEqual(['seo']);
    expect(purgeFor('/api/company/revisions/:revisionId/restore', { revisionId: '3' }).tags).toEqual(['company']);
    expect(purgeFor('/api/company/seo/revisions/:revisionId/restore', { revisionId: '4' }).tags).toEqual(['seo']);
    expect(purgeFor('/api/team/:id', { id: '1' }).tags).toEqual(['landing']);
    expect(purgeFor('/api/portfolio/projects/:id', { id: '1' }).tags).toEqual(['projects', 'project:1']);
    expect(purgeFor('/api/backups/:id/restore', { id: '1' })).toEqual({ tags: 'all', local: true });
    expect(purgeFor('/api/backups/:id', { id: '1' }).tags).toEqual([]);
    expect(purgeFor('/api/system/settings', {}).tags).toBe('all');
    expect(purgeFor('/api/something-new', {}).tags).toBe('all');
  });
});

describe.each(testDialects)('the page cache on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;
  let post: { id: number; slug: string };
  let project: { id: number; slug: string };
  let article: string;
  let projectPage: string;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/site-test-data',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    JOBS_ENABLED: 'false',
    PASSWORD_HASHING: 'test',
  });
  const settings = { maintenanceMode: false, maintenanceMessage: '', debugMode: false, cacheEnabled: true };

  beforeAll(async () => {
    requireBuild();
    database = await createTestDatabase(dialect);
    await seedDemoContent(database.database.db);
    app = await buildApp(config, { database: database.database, logger: false, web: 'build' });
    await app.ready();
    staff = await createStaff(app, database.database.db);
    post = await database.database.db
      .selectFrom('blog_posts')
      .select(['id', 'slug'])
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    project = await database.database.db
      .selectFrom('portfolio_projects')
      .select(['id', 'slug'])
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    article = `/blog/${post.slug}`;
    projectPage = `/portfolio/${project.slug}`;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  }, 60_000);

  const get = (url: string, headers: InjectOptions['headers'] = {}, on = app) =>
    on.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
  const fills = () => app.pageCache.stats().fills;
  const companyName = async () =>
    (await database.database.db.selectFrom('company_profile').select('name').executeTakeFirstOrThrow()).name;
  /** Changes the company name in the database behind the server's back (no API call, so no purge). */
  const renameCompany = (name: string) => database.database.db.updateTable('company_profile').set({ name }).execute();
  /** A staff write through the API, as the admin sends it. */
  const asAdmin = (method: 'PATCH' | 'PUT', url: string, payload: object = {}) =>
    app.inject({ method, url, headers: bearer(staff.admin.token), payload });
  const putSettings = (next: typeof settings) => asAdmin('PUT', '/api/system/settings', next);
  const pages = () => ['/', '/blog', article, '/portfolio', projectPage, '/privacy'];
  const warm = async () => {
    for (const page of pages()) expect((await get(page)).statusCode).toBe(200);
    expect(app.pageCache.keys()).toEqual(expect.arrayContaining(pages()));
  };
  const kept = () => pages().filter((page) => app.pageCache.keys().includes(page));

  it('serves a page again from memory: no render, no query', async () => {
    await app.pageCache.purge('all', { local: true });
    const name = await companyName();
    const first = await get('/');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(name);
    const filled = fills();
    await renameCompany(`${name} Renamed`);
    const second = await get('/');
    expect(fills()).toBe(filled);
    // The database says otherwise: the page was neither rendered nor read again.
    expect(second.body).toBe(first.body);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(app.pageCache.stats().hits).toBeGreaterThan(0);
    // Answered before helmet runs: its headers come with the page; the request id is this request's.
    for (const name of ['x-frame-options', 'x-content-type-options', 'referrer-policy', 'content-security-policy']) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers['x-request-id']).toBeTruthy();
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    await renameCompany(name);
    await app.pageCache.purge(['company'], { local: true });
  });

  it('keeps the company profile every page shows in memory until a write changes it; reads it fresh with the cache off', async () => {
    await app.pageCache.purge('all', { local: true });
    const name = await companyName();
    expect((await get('/')).body).toContain(name);
    await renameCompany(`${name} Kept`);
    // Another write renders the home page again, from the profile in memory (no query for it).
    await app.pageCache.purge(['landing'], { local: true });
    const again = await get('/');
    expect(fills()).toBeGreaterThan(0);
    expect(again.body).toContain(name);
    expect(again.body).not.toContain(`${name} Kept`);
    // A write to the profile forgets it.
    await app.pageCache.purge(['company'], { local: true });
    expect((await get('/')).body).toContain(`${name} Kept`);
    // With the cache switched off, every render reads it.
    expect((await putSettings({ ...settings, cacheEnabled: false })).statusCode).toBe(200);
    await renameCompany(`${name} Fresh`);
    expect((await get('/')).body).toContain(`${name} Fresh`);
    expect((await putSettings(settings)).statusCode).toBe(200);
    await renameCompany(name);
    await app.pageCache.purge(['company'], { local: true });
  });

  it('keeps each page compressed once, with a CSP naming the hash of every inline script of the body (data blocks are not scripts)', async () => {
    await app.pageCache.purge('all', { local: true });
    for (const page of [...pages(), '/blog?search=web&sort=oldest']) {
      await get(page);
      const identity = await get(page);
      const br = await get(page, { 'accept-encoding': 'gzip, br' });
      const gz = await get(page, { 'accept-encoding': 'gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(identity.body);
      const csp = String(br.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('nonce-');
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toMatch(/style-src 'self'(;|$)/);
      const scripts = [...identity.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        (m) => !/\bsrc=|type="application\/ld\+json"/.test(m[1] ?? '') && (m[2] ?? '').length > 0,
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(scriptSrc).toContain(cspHash(script[2] ?? ''));
      expect(identity.body).not.toContain('nonce=');
    }
  });

  it('refreshes a stale page in the background with the policy of its own scripts, however often', async () => {
    await app.pageCache.purge('all', { local: true });
    const first = await get('/blog');
    const policy = String(first.headers['content-security-policy']);
    const sources = (csp: string) => (/script-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ');
    expect(new Set(sources(policy)).size).toBe(sources(policy).length);
    const { title } = await database.database.db
      .selectFrom('blog_posts')
      .select('title')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    let current = policy;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (let refresh = 1; refresh <= 3; refresh += 1) {
        // Changed behind the server's back (no purge), so the refreshed page shows when it has landed.
        const changed = `${title} (${refresh})`;
        await database.database.db
          .updateTable('blog_posts')
          .set({ title: changed })
          .where('id', '=', post.id)
          .execute();
        // Past the TTL: the stale page is sent while it renders again behind it.
        vi.setSystemTime(Date.now() + PAGE_CACHE_TTL_MS + 1_000);
        const stale = await get('/blog');
        expect(stale.body).not.toContain(changed);
        expect(stale.headers['content-security-policy']).toBe(current);
        await expect.poll(async () => (await get('/blog')).body.includes(changed), { timeout: 20_000 }).toBe(true);
        // Each of its scripts once (the data script's hash changes with the title), none of an earlier page.
        const refreshed = await get('/blog');
        const now = sources(String(refreshed.headers['content-security-policy']));
        expect(new Set(now).size, `refresh ${refresh}`).toBe(now.length);
        expect(now.length, `refresh ${refresh}`).toBe(sources(policy).length);
        current = String(refreshed.headers['content-security-policy']);
      }
    } finally {
      vi.useRealTimers();
      await database.database.db.updateTable('blog_posts').set({ title }).where('id', '=', post.id).execute();
      await app.pageCache.purge('all', { local: true });
    }
  });

  it('compresses a page lightly on every request when it is not kept, and at the cached settings once when it is', async () => {
    const light = (identity: Buffer) => ({
      br: zlib.brotliCompressSync(identity, brotliOptions(identity, LIGHT_COMPRESSION.brotliQuality)),
      gzip: zlib.gzipSync(identity, { level: LIGHT_COMPRESSION.gzipLevel }),
    });
    const cached = (identity: Buffer) => ({
      br: zlib.brotliCompressSync(identity, brotliOptions(identity, CACHED_COMPRESSION.brotliQuality)),
      gzip: zlib.gzipSync(identity, { level: CACHED_COMPRESSION.gzipLevel }),
    });
    const encodings = async (url: string, headers: InjectOptions['headers'] = {}) => ({
      identity: (await get(url, headers)).rawPayload,
      br: await get(url, { ...headers, 'accept-encoding': 'br' }),
      gzip: await get(url, { ...headers, 'accept-encoding': 'gzip' }),
    });
    // Cache switched off, and a staff member with the cache on: the light settings, every time.
    expect((await putSettings({ ...settings, cacheEnabled: false })).statusCode).toBe(200);
    for (const url of ['/', article]) {
      const page = await encodings(url);
      expect(page.br.headers['content-encoding']).toBe('br');
      expect(page.br.rawPayload.equals(light(page.identity).br)).toBe(true);
      expect(page.gzip.rawPayload.equals(light(page.identity).gzip)).toBe(true);
      expect(page.br.rawPayload.equals(cached(page.identity).br)).toBe(false);
    }
    expect((await putSettings(settings)).statusCode).toBe(200);
    const staffPage = await encodings('/blog', { cookie: `${SITE_PASS_COOKIE}=x` });
    expect(staffPage.br.rawPayload.equals(light(staffPage.identity).br)).toBe(true);
    // Kept: compressed once at the cached settings, then sent as kept.
    const kept = await encodings('/blog');
    expect(app.pageCache.keys()).toContain('/blog');
    expect(kept.br.rawPayload.equals(cached(kept.identity).br)).toBe(true);
    expect(kept.gzip.rawPayload.equals(cached(kept.identity).gzip)).toBe(true);
  });

  it('fills the cache at a fast level: a miss must not cost much more than a render without the cache', () => {
    // Brotli 9 took 13–130 ms a page on the request that fills the cache, against 1–3 ms at 5 (ADR 0035).
    expect(CACHED_COMPRESSION.brotliQuality).toBeLessThanOrEqual(6);
    expect(CACHED_COMPRESSION.gzipLevel).toBeLessThanOrEqual(6);
  });

  it('answers a matching If-None-Match with 304 and no body, cached or not', async () => {
    const page = await get('/blog', { 'accept-encoding': 'br' });
    const etag = String(page.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get('/blog', { 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect((await get('/blog', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Not cached (staff): the same ETag for the same bytes.
    const staffPage = await get('/privacy', { cookie: `${SITE_PASS_COOKIE}=x` });
    const notModified = await get('/privacy', {
      cookie: `${SITE_PASS_COOKIE}=x`,
      'if-none-match': String(staffPage.headers['etag']),
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('keeps the data of client-side navigations (.data) like pages', async () => {
    await app.pageCache.purge('all', { local: true });
    const url = '/blog.data?_routes=routes%2Fblog';
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    const before = fills();
    const second = await get(url, { 'accept-encoding': 'br' });
    expect(fills()).toBe(before);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(app.pageCache.keys()).toEqual([url]);
  });

  it('renders once for many visitors asking for the same page at once', async () => {
    await app.pageCache.purge('all', { local: true });
    const before = fills();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/portfolio')));
    expect(fills() - before).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  });

  it('keeps one page per address, whatever tracking keys it has, and none for unknown keys, redirects or POSTs', async () => {
    await app.pageCache.purge('all', { local: true });
    const list = '/blog?search=web&sort=oldest';
    expect((await get(list)).statusCode).toBe(200);
    const before = fills();
    expect((await get('/blog?search=web&utm_source=news&sort=oldest')).statusCode).toBe(200);
    expect(fills()).toBe(before);
    expect(app.pageCache.keys()).toEqual([list]);
    // Another order is sent to the list's one address, and that answer is not kept.
    expect((await get('/blog?sort=oldest&search=web')).statusCode).toBe(301);
    const odd = await get('/blog?whatever=1');
    expect([200, 301]).toContain(odd.statusCode);
    expect(app.pageCache.keys()).toEqual([list]);
    const posted = await app.inject({
      method: 'POST',
      url: '/?index',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=',
    });
    expect(posted.statusCode).toBe(400);
    expect(app.pageCache.keys()).toEqual([list]);
    // A page not found is not kept (random addresses would fill the memory).
    expect((await get('/no-such-page')).statusCode).toBe(404);
    expect((await get(`/blog/no-such-post-${Date.now()}`)).statusCode).toBe(404);
    expect(app.pageCache.keys()).toEqual([list]);
  });

  it('purges exactly the pages each kind of write changes', async () => {
    const ua = { 'user-agent': BROWSER };
    await warm();
    // A like: that article only.
    const like = await app.inject({ method: 'POST', url: `/api/blog/posts/${post.slug}/like`, headers: ua });
    expect(like.statusCode).toBe(200);
    expect(kept()).toEqual(pages().filter((p) => p !== article));

    // A view is a counter refreshed by the TTL: nothing purged.
    await warm();
    const view = await app.inject({ method: 'POST', url: `/api/blog/posts/${post.slug}/view`, headers: ua });
    expect(view.statusCode).toBe(200);
    expect(kept()).toEqual(pages());

    // A comment: its article.
    const comment = await app.inject({
      method: 'POST',
      url: `/api/blog/posts/${post.id}/comments`,
      headers: ua,
      payload: { name: 'Visitor', email: 'visitor@example.com', message: 'A fine article, thank you.' },
    });
    expect(comment.statusCode).toBe(201);
    expect(kept()).toEqual(pages().filter((p) => p !== article));

    // A project's like: that project only.
    await warm();
    const projectLike = await app.inject({
      method: 'POST',
      url: `/api/portfolio/projects/${project.id}/like`,
      headers: ua,
    });
    expect(projectLike.statusCode).toBe(200);
    expect(kept()).toEqual(pages().filter((p) => p !== projectPage));

    // A post featured: the blog pages and the home page (featured posts); not the portfolio or privacy.
    await warm();
    const featured = await asAdmin('PATCH', `/api/blog/posts/${post.id}/featured`, {});
    expect(featured.statusCode).toBe(200);
    expect(kept()).toEqual(['/portfolio', projectPage, '/privacy']);
    await asAdmin('PATCH', `/api/blog/posts/${post.id}/featured`, {});

    // A project featured: the portfolio pages and the home page.
    await warm();
    const projectFeatured = await asAdmin('PATCH', `/api/portfolio/projects/${project.id}/featured`, {});
    expect(projectFeatured.statusCode).toBe(200);
    expect(kept()).toEqual(['/blog', article, '/privacy']);

    // Landing content (a service hidden): the home page only.
    await warm();
    const service = await database.database.db.selectFrom('services').select('id').executeTakeFirstOrThrow();
    const hidden = await asAdmin('PATCH', `/api/services/${service.id}/visibility`, { active: true });
    expect(hidden.statusCode).toBe(200);
    expect(kept()).toEqual(pages().filter((p) => p !== '/'));

    // The company profile: every page (its name, contacts and footer are on all of them).
    await warm();
    const company = (await app.inject({ method: 'GET', url: '/api/company' })).json().data;
    const { id: _id, created_at: _c, updated_at: _u, ...profile } = company;
    const saved = await asAdmin('PUT', '/api/company', profile);
    expect(saved.statusCode).toBe(200);
    expect(kept()).toEqual([]);

    // A search sent by POST and a page-view beacon change nothing.
    await warm();
    await app.inject({ method: 'POST', url: '/api/blog/search', payload: { query: 'ai' } });
    await app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      headers: ua,
      payload: { path: '/', referrer: '' },
    });
    expect(kept()).toEqual(pages());

    // System settings: every page.
    expect((await putSettings(settings)).statusCode).toBe(200);
    expect(kept()).toEqual([]);
  });

  it('never serves or fills the cache for staff, signed-in requests or credentials', async () => {
    await app.pageCache.purge('all', { local: true });
    const name = await companyName();
    await get('/privacy');
    const filled = fills();
    await renameCompany(`${name} Staff View`);
    for (const headers of [
      { cookie: `${SITE_PASS_COOKIE}=anything` },
      { cookie: 'refresh_token=abc' },
      { authorization: `Bearer ${staff.viewer.token}` },
    ]) {
      const page = await get('/privacy', headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`${name} Staff View`);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(fills()).toBe(filled);
    }
    // Other visitors' cookies (an analytics cookie) do not turn the cache off.
    const visitor = await get('/privacy', { cookie: '_ga=GA1.1.1' });
    expect(visitor.body).not.toContain(`${name} Staff View`);
    await renameCompany(name);
    await app.pageCache.purge('all', { local: true });
  });

  it('obeys the cache switch: off, every page is rendered and marked no-store', async () => {
    expect((await putSettings({ ...settings, cacheEnabled: false })).statusCode).toBe(200);
    const before = fills();
    const first = await get('/blog');
    const second = await get('/blog');
    expect(fills()).toBe(before);
    expect(app.pageCache.keys()).toEqual([]);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(first.body).toBe(second.body);
    expect((await putSettings(settings)).statusCode).toBe(200);
    await get('/blog');
    expect(app.pageCache.keys()).toEqual(['/blog']);
  });

  it('serves no cached page during maintenance: visitors get the maintenance page, staff the live page', async () => {
    await warm();
    expect((await putSettings({ ...settings, maintenanceMode: true })).statusCode).toBe(200);
    const visitor = await get('/');
    expect(visitor.statusCode).toBe(503);
    expect(visitor.headers['cache-control']).toBe('no-store');
    // Its one style is allowed by its hash; no inline script at all.
    const csp = String(visitor.headers['content-security-policy']);
    const style = /<style>([\s\S]*?)<\/style>/.exec(visitor.body)?.[1] ?? '';
    expect(csp).toContain(`style-src 'self' ${cspHash(style)}`);
    expect(csp).toMatch(/script-src 'self';/);
    // Another instance keeps pages from before maintenance; they are not served either (settings in memory).
    await get('/');
    expect(app.pageCache.keys()).toEqual([]);
    expect((await putSettings(settings)).statusCode).toBe(200);
  });

  it('reaches another instance: a write on one purges the other’s pages at its next look', async () => {
    const other = await buildApp(config, { database: database.database, logger: false, web: 'build' });
    await other.ready();
    try {
      for (const page of ['/', '/privacy']) expect((await get(page, {}, other)).statusCode).toBe(200);
      expect(other.pageCache.keys()).toEqual(['/', '/privacy']);
      await other.pageCache.sync();
      expect(other.pageCache.keys()).toEqual(['/', '/privacy']);
      // A like is a counter: the other instance refreshes it with its TTL, not by purging every page.
      await app.inject({ method: 'POST', url: `/api/blog/posts/${post.slug}/like`, headers: { 'user-agent': 'x' } });
      await other.pageCache.sync();
      expect(other.pageCache.keys()).toEqual(['/', '/privacy']);
      const service = await database.database.db.selectFrom('services').select('id').executeTakeFirstOrThrow();
      await asAdmin('PATCH', `/api/services/${service.id}/visibility`, { active: true });
      await other.pageCache.sync();
      expect(other.pageCache.keys()).toEqual([]);
      // Both write at once: each one's purge reaches the other.
      await get('/privacy', {}, other);
      await get('/privacy');
      await Promise.all([app.pageCache.purge(['post:x']), other.pageCache.purge(['project:y'])]);
      await Promise.all([app.pageCache.sync(), other.pageCache.sync()]);
      expect(other.pageCache.keys()).toEqual([]);
      expect(app.pageCache.keys()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
