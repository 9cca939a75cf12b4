import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectListDataSchema } from '../../../shared/contracts/redirects';
import { RedirectMessage } from '../../../shared/contracts/redirects.values';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedDemoContent } from '../../seed/seed';
import { bearer, createSignedIn, freshIp, unique, type Session } from '../../testing/auth-helpers';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { redisAvailable as redisUp, testRedisUrl } from '../../testing/test-redis';
import { REDIRECT_CACHE_CONTROL } from '../../pages/redirects';
import { TEST_ENV } from '../../testing/test-app';

/*
 * Redirects (ADR 0039) on every database: a published post's changed slug answers its old address with a
 * 301, chains collapse, loops are refused, manual redirects are added and deleted by staff, the sitemap
 * leaves old addresses out, hits are counted in memory and written later, and another instance follows.
 * The app has a stand-in page route (the production build is the e2e test's): what the page would be.
 */

const baseEnv = {
  ...TEST_ENV,
  PUBLIC_URL: 'https://site.example',
};
const config = loadConfig(baseEnv);
/** This file's Redis database number (keys and the bus channel), apart from other files'. */
const REDIS_DB = 9;
const redisAvailable = await redisUp();

const CONTENT = `<p>${'Some words of the post, enough to read. '.repeat(5)}</p>`;

async function appOn(database: TestDatabase, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp(Object.keys(env).length > 0 ? loadConfig({ ...baseEnv, ...env }) : config, {
    database: database.database,
    logger: false,
  });
  app.get('/*', { config: { page: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html').send('<p>the page</p>'),
  );
  await app.ready();
  return app;
}

describe.each(testDialects)('redirects on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const s = {} as Record<'admin' | 'editor' | 'viewer', Session>;
  let categoryId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemoContent(database.database.db);
    app = await appOn(database);
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      s[role] = await createSignedIn(app, database.database.db, { role });
    }
    const category = await database.database.db.selectFrom('blog_categories').select('id').executeTakeFirstOrThrow();
    categoryId = Number(category.id);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  }, 60_000);

  const db = () => database.database.db;
  const call = (options: InjectOptions, on: FastifyInstance = app) =>
    on.inject({ remoteAddress: freshIp(), ...options });
  const as = (
    session: Session,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    on: FastifyInstance = app,
  ) =>
    call(
      { method, url, headers: bearer(session.token), ...(body !== undefined ? { payload: body as object } : {}) },
      on,
    );
  const visit = (url: string, method: 'GET' | 'HEAD' = 'GET', on: FastifyInstance = app) => call({ method, url }, on);

  /** What creating a post sends: a complete post under this title and slug. */
  const postBody = (title: string, slug: string, published: boolean) => ({
    title,
    slug,
    excerpt: 'A short summary of the post.',
    content: CONTENT,
    category_id: categoryId,
    author: 'Jane Writer',
    date: '2026-11-01',
    image_url: 'https://images.example.com/cover.jpg',
    published,
  });
  async function newPost(published: boolean) {
    const slug = unique('redirect-post-').toLowerCase();
    const res = await as(s.editor, 'POST', '/api/blog/posts', postBody(`Post ${slug}`, slug, published));
    expect(res.statusCode, res.body).toBe(201);
    return { id: Number(res.json().data.post.id), slug };
  }
  const rename = async (id: number, slug: string) => {
    const res = await as(s.editor, 'PUT', `/api/blog/posts/${id}`, { slug });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rows = () => db().selectFrom('redirects').selectAll().orderBy('id').execute();
  const rowFrom = (from: string) =>
    db().selectFrom('redirects').selectAll().where('from_path', '=', from).executeTakeFirst();
  const addManual = (from_path: string, target: string, session: Session = s.editor) =>
    as(session, 'POST', '/api/redirects', { from_path, target });

  it('answers the old address of a published post whose slug changed with a 301 to the new one', async () => {
    const post = await newPost(true);
    await rename(post.id, `${post.slug}-new`);
    const res = await visit(`/blog/${post.slug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/blog/${post.slug}-new`);
    expect(res.headers['cache-control']).toBe(REDIRECT_CACHE_CONTROL);
    expect((await visit(`/blog/${post.slug}`, 'HEAD')).statusCode).toBe(301);
    // The same address as the page cache and the router see it: trailing slash, dot segments.
    expect((await visit(`/blog/${post.slug}/`)).headers.location).toBe(`/blog/${post.slug}-new`);
    expect((await visit(`/x/../blog/${post.slug}`)).headers.location).toBe(`/blog/${post.slug}-new`);
    // The visitor's query goes along.
    expect((await visit(`/blog/${post.slug}?utm_source=news`)).headers.location).toBe(
      `/blog/${post.slug}-new?utm_source=news`,
    );
    // The new address is the page.
    expect((await visit(`/blog/${post.slug}-new`)).statusCode).toBe(200);
    expect(await rowFrom(`/blog/${post.slug}`)).toMatchObject({ target: `/blog/${post.slug}-new`, kind: 'automatic' });
  });

  it("answers React Router's data request for an old address with the redirect its client follows", async () => {
    const post = await newPost(true);
    await rename(post.id, `${post.slug}-data`);
    const res = await visit(`/blog/${post.slug}.data?_routes=routes%2Fblog-post&utm_campaign=x`);
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-remix-redirect']).toBe(`/blog/${post.slug}-data?utm_campaign=x`);
    expect(res.headers['x-remix-status']).toBe('301');
    expect(res.headers.location).toBeUndefined();
  });

  it('records nothing for a draft whose slug changes (nobody had its address)', async () => {
    const post = await newPost(false);
    await rename(post.id, `${post.slug}-b`);
    expect(await rowFrom(`/blog/${post.slug}`)).toBeUndefined();
    expect((await visit(`/blog/${post.slug}`)).statusCode).toBe(200);
  });

  it('collapses chains: a → b then b → c leaves a → c and b → c', async () => {
    const post = await newPost(true);
    const [a, b, c] = [post.slug, `${post.slug}-b`, `${post.slug}-c`];
    await rename(post.id, b);
    await rename(post.id, c);
    expect(await rowFrom(`/blog/${a}`)).toMatchObject({ target: `/blog/${c}` });
    expect(await rowFrom(`/blog/${b}`)).toMatchObject({ target: `/blog/${c}` });
    expect((await visit(`/blog/${a}`)).headers.location).toBe(`/blog/${c}`);
  });

  it('changing a slug back removes the redirect from the address the post takes again: no loop', async () => {
    const post = await newPost(true);
    const [a, b] = [post.slug, `${post.slug}-b`];
    await rename(post.id, b);
    await rename(post.id, a);
    expect(await rowFrom(`/blog/${a}`)).toBeUndefined();
    expect(await rowFrom(`/blog/${b}`)).toMatchObject({ target: `/blog/${a}` });
    expect((await visit(`/blog/${a}`)).statusCode).toBe(200);
    expect((await visit(`/blog/${b}`)).headers.location).toBe(`/blog/${a}`);
  });

  it('lets a new post take an address that was an old one: its redirect goes', async () => {
    const post = await newPost(true);
    await rename(post.id, `${post.slug}-moved`);
    expect(await rowFrom(`/blog/${post.slug}`)).toBeDefined();
    const res = await as(s.editor, 'POST', '/api/blog/posts', postBody('Takes the old address', post.slug, true));
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowFrom(`/blog/${post.slug}`)).toBeUndefined();
    expect((await visit(`/blog/${post.slug}`)).statusCode).toBe(200);
  });

  it('adds a manual redirect to a path or an absolute URL, lists it, and deletes it', async () => {
    const from = `/${unique('old-page-')}`;
    const created = await addManual(`${from}/?ref=x`, '/contact');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      success: true,
      data: { from_path: from, target: '/contact', kind: 'manual', hits: 0, last_hit_at: null },
      message: RedirectMessage.CREATED,
    });
    expect((await visit(from)).headers.location).toBe('/contact');

    const away = `/${unique('elsewhere-')}`;
    expect((await addManual(away, 'https://other.example/landing?a=1')).statusCode).toBe(201);
    const res = await visit(`${away}?b=2`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://other.example/landing?a=1');

    const list = await as(s.viewer, 'GET', '/api/redirects?limit=200');
    expect(list.statusCode).toBe(200);
    const data = redirectListDataSchema.parse(list.json().data);
    expect(data.redirects.map((r) => r.from_path)).toEqual(expect.arrayContaining([from, away]));

    const id = created.json().data.id as number;
    const deleted = await as(s.editor, 'DELETE', `/api/redirects/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, message: RedirectMessage.DELETED });
    expect((await visit(from)).statusCode).toBe(200);
    expect((await as(s.editor, 'DELETE', `/api/redirects/${id}`)).statusCode).toBe(404);
  });

  it('lets viewers read and only admins and editors write', async () => {
    expect((await addManual(`/${unique('viewer-')}`, '/', s.viewer)).statusCode).toBe(403);
    expect((await addManual(`/${unique('admin-')}`, '/', s.admin)).statusCode).toBe(201);
    expect((await call({ method: 'GET', url: '/api/redirects' })).statusCode).toBe(401);
  });

  it('refuses bad addresses with 400 naming the field, and changes nothing', async () => {
    const before = (await rows()).length;
    const cases: Array<[string, string, string, string]> = [
      ['', '/x', 'from_path', RedirectMessage.FROM_REQUIRED],
      ['old-page', '/x', 'from_path', RedirectMessage.FROM_INVALID],
      ['//evil.example/x', '/x', 'from_path', RedirectMessage.FROM_INVALID],
      ['/', '/x', 'from_path', RedirectMessage.FROM_RESERVED],
      ['/api/blog', '/x', 'from_path', RedirectMessage.FROM_RESERVED],
      ['/admin/settings', '/x', 'from_path', RedirectMessage.FROM_RESERVED],
      [`/${'a'.repeat(600)}`, '/x', 'from_path', RedirectMessage.FROM_TOO_LONG],
      ['/ok-from', '', 'target', RedirectMessage.TO_REQUIRED],
      ['/ok-from', 'javascript:alert(1)', 'target', RedirectMessage.TO_INVALID],
      ['/ok-from', '//evil.example', 'target', RedirectMessage.TO_INVALID],
      ['/ok-from', 'ftp://files.example/x', 'target', RedirectMessage.TO_INVALID],
      ['/ok-from', '/ok-from/', 'target', RedirectMessage.SAME],
    ];
    for (const [from, to, field, message] of cases) {
      const res = await addManual(from, to);
      expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: [{ field, message }] });
    }
    expect((await rows()).length).toBe(before);
  });

  it('refuses a manual redirect that would loop, and one from a live post’s address', async () => {
    const [x, y, z] = [`/${unique('loop-x-')}`, `/${unique('loop-y-')}`, `/${unique('loop-z-')}`];
    expect((await addManual(x, y)).statusCode).toBe(201);
    expect((await addManual(y, z)).statusCode).toBe(201);
    // x → y collapsed to x → z when y → z came.
    expect(await rowFrom(x)).toMatchObject({ target: z });
    const loop = await addManual(z, x);
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: RedirectMessage.LOOP });
    expect(await rowFrom(z)).toBeUndefined();

    const post = await newPost(true);
    const live = await addManual(`/blog/${post.slug}`, '/contact');
    expect(live.statusCode).toBe(409);
    expect(live.json()).toMatchObject({
      success: false,
      errors: [{ field: 'from_path', message: RedirectMessage.FROM_LIVE }],
    });
  });

  it('answers identical manual redirects sent at once with one 201 and 409s, never a 500', async () => {
    const from = `/${unique('race-')}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => addManual(from, '/contact')));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    expect((await rows()).filter((row) => row.from_path === from)).toHaveLength(1);
  });

  it('counts hits in memory without writing on the request, and writes them at the flush', async () => {
    const from = `/${unique('counted-')}`;
    expect((await addManual(from, '/contact')).statusCode).toBe(201);
    await app.redirects.flushHits();
    const fingerprint = JSON.stringify(await rows());
    for (let i = 0; i < 3; i += 1) expect((await visit(from)).statusCode).toBe(301);
    // Nothing written by the requests: every row as it was.
    expect(JSON.stringify(await rows())).toBe(fingerprint);
    expect(app.redirects.pendingHits()).toBe(3);
    await app.redirects.flushHits();
    expect(app.redirects.pendingHits()).toBe(0);
    const row = await rowFrom(from);
    expect(Number(row?.hits)).toBe(3);
    expect(Number.isNaN(Date.parse(row?.last_hit_at ?? ''))).toBe(false);
    await visit(from);
    // The staff list writes this instance's counts first.
    const list = await as(s.viewer, 'GET', '/api/redirects?limit=200');
    expect(list.json().data.redirects.find((r: { from_path: string }) => r.from_path === from).hits).toBe(4);
  });

  it('leaves old addresses out of the sitemap', async () => {
    const post = await newPost(true);
    const sitemapHas = async (slug: string) => {
      const body = (await visit('/sitemap-posts-1.xml')).body;
      return body.includes(`/blog/${slug}<`);
    };
    expect(await sitemapHas(post.slug)).toBe(true);
    // A redirect row from a live post's address (as a restore of older data could leave): still not listed.
    const now = new Date().toISOString();
    await db()
      .insertInto('redirects')
      .values({
        from_path: `/blog/${post.slug}`,
        target: '/blog',
        kind: 'manual',
        created_at: now,
        updated_at: now,
        created_by: null,
      })
      .execute();
    await app.pageCache.purge('all');
    expect(await sitemapHas(post.slug)).toBe(false);
    await db().deleteFrom('redirects').where('from_path', '=', `/blog/${post.slug}`).execute();
  });

  it('reaches another instance at its poll when there is no bus', async () => {
    const other = await appOn(database);
    try {
      const from = `/${unique('shared-')}`;
      expect((await addManual(from, '/contact')).statusCode).toBe(201);
      expect(other.instanceBus.transport).toBe('none');
      expect((await visit(from, 'GET', other)).statusCode).toBe(200);
      // What the poll runs every COHERENCE_POLL_SECONDS.
      await other.redirects.sync();
      expect((await visit(from, 'GET', other)).headers.location).toBe('/contact');
      // A deletion reaches it the same way.
      const id = (await rowFrom(from))!.id;
      expect((await as(s.editor, 'DELETE', `/api/redirects/${id}`)).statusCode).toBe(200);
      await other.redirects.sync();
      expect((await visit(from, 'GET', other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it.runIf(redisAvailable)(
    'reaches another instance at once over the instance bus (Redis), long before its poll',
    async () => {
      // Two instances sharing a bus, polling once an hour: only the message can tell the second one.
      const env = { REDIS_URL: testRedisUrl(REDIS_DB), COHERENCE_POLL_SECONDS: '3600' };
      const [first, second] = [await appOn(database, env), await appOn(database, env)];
      try {
        expect(second.instanceBus.transport).toBe('redis');
        const editor = await createSignedIn(first, db(), { role: 'editor' });
        const from = `/${unique('bus-')}`;
        const created = await as(editor, 'POST', '/api/redirects', { from_path: from, target: '/contact' }, first);
        expect(created.statusCode, created.body).toBe(201);
        await expect.poll(async () => (await visit(from, 'GET', second)).statusCode, { timeout: 3000 }).toBe(301);
        expect((await visit(from, 'GET', second)).headers.location).toBe('/contact');
      } finally {
        await first.close();
        await second.close();
      }
    },
  );
});
