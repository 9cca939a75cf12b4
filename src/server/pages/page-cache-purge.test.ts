import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Session } from '../testing/auth-helpers';
import { testDialects, type TestDatabase } from '../testing/test-database';
import { cspHash } from './page-csp';
import { SITE_PASS_COOKIE } from '../http/system-settings';
import { BROWSER, usePageCacheApp } from './page-cache-testing';

/*
 * The page cache (ADR 0020) on every database, with the production build's pages (npm run build first):
 * purges that forget exactly the pages a write changes, requests of staff and signed-in people that never
 * get or fill it, the cache switch and maintenance, and a purge reaching another instance.
 */

describe.each(testDialects)('the page cache on %s', (dialect) => {
  const { ctx, config, settings, get, fills, companyName, renameCompany, asAdmin, putSettings, pages, warm, kept } =
    usePageCacheApp(dialect);
  let database: TestDatabase;
  let app: FastifyInstance;
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;
  let post: { id: number; slug: string };
  let project: { id: number; slug: string };
  let article: string;
  let projectPage: string;
  beforeAll(() => {
    ({ database, app, staff, post, project, article, projectPage } = ctx);
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
