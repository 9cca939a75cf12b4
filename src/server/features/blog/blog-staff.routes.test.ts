import { beforeAll, describe, expect, it } from 'vitest';
import { blogListDataSchema, blogPostSummarySchema } from '../../../shared/contracts/blog';
import { blogAdminListDataSchema, blogAdminPostSchema, blogStatsSchema } from '../../../shared/contracts/blog-admin';
import { bearer, createEndedSession, createSignedIn, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { recordView } from './blog.service';

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';
const STAFF_CACHE = 'private, no-store';
const UA = 'Mozilla/5.0 (view counter test)';
const content = `<p>${Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')}</p>`;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(testDialects)('drafts, views, filters and stats of the blog on %s', (dialect) => {
  const t = useTestApp(dialect);
  const s = {} as Record<'editor' | 'viewer', Session>;
  let ipCounter = 0;
  const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    s.editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
    s.viewer = await createSignedIn(t.app, t.db.database.db, { role: 'viewer' });
  });

  const get = (url: string, options: { token?: string; ip?: string; ua?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': options.ua ?? UA, ...(options.token ? bearer(options.token) : {}) },
      remoteAddress: options.ip ?? freshIp(),
    });
  const post = (url: string, body: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: token ? bearer(token) : {},
      remoteAddress: freshIp(),
    });
  const newCategory = async () => {
    const res = await post('/api/blog/categories', { name: unique('Filter cat ') }, s.editor.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.category as { id: number; slug: string };
  };
  const createPost = async (over: Record<string, unknown>) => {
    const res = await post(
      '/api/blog/posts',
      {
        title: unique('Staff test '),
        excerpt: 'Excerpt.',
        content,
        author: 'Tester',
        date: '2026-01-15',
        image_url: '/uploads/files/cover.webp',
        ...over,
      },
      s.editor.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    return blogAdminPostSchema.parse(res.json().data.post);
  };
  const visitorSlugs = async (query: string) => {
    const res = await get(`/api/blog/posts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return blogListDataSchema.parse(res.json().data).posts.map((p) => p.slug);
  };
  const staffList = async (query: string) => {
    const res = await get(`/api/blog/posts${query}`, { token: s.viewer.token });
    expect(res.statusCode, res.body).toBe(200);
    return blogAdminListDataSchema.parse(res.json().data);
  };

  describe('drafts', () => {
    let category: { id: number; slug: string };
    let live: Awaited<ReturnType<typeof createPost>>;
    let draft: Awaited<ReturnType<typeof createPost>>;
    const draftTag = unique('drafttag');
    const word = unique('zebrafish');

    beforeAll(async () => {
      category = await newCategory();
      live = await createPost({ category_id: category.id, title: `Live ${word}`, tags: 'shared' });
      draft = await createPost({
        category_id: category.id,
        title: `Draft ${word}`,
        tags: `${draftTag}, shared`,
        published: false,
      });
    });

    it('are hidden from visitors in lists, search, related, tags, categories, stats and by address', async () => {
      expect(await visitorSlugs(`?category=${category.slug}`)).toEqual([live.slug]);
      // A visitor asking for drafts still gets published posts only.
      expect(await visitorSlugs(`?category=${category.slug}&published=false`)).toEqual([live.slug]);
      expect(await visitorSlugs(`?category=${category.slug}&published=`)).toEqual([live.slug]);
      expect(await visitorSlugs(`?search=${word}`)).toEqual([live.slug]);

      const search = await post('/api/blog/search', { query: word });
      expect(search.statusCode, search.body).toBe(200);
      expect((search.json().data.posts as { slug: string }[]).map((p) => p.slug)).toEqual([live.slug]);

      const related = await get(`/api/blog/posts/${live.slug}/related`);
      expect((related.json().data.posts as { slug: string }[]).map((p) => p.slug)).toEqual([]);

      const tags = await get('/api/blog/tags');
      expect((tags.json().data.tags as { slug: string }[]).map((tag) => tag.slug)).not.toContain(draftTag);

      const categories = await get('/api/blog/categories');
      const mine = (categories.json().data.categories as { id: number; post_count: number }[]).find(
        (c) => c.id === category.id,
      );
      expect(mine?.post_count).toBe(1);

      const stats = await get('/api/blog/stats');
      expect(stats.headers['cache-control']).toBe(PUBLIC_CACHE);
      const data = blogStatsSchema.parse(stats.json().data);
      expect(data.draft_posts).toBeUndefined();
      expect(data.categories.find((c) => c.id === category.id)).toMatchObject({ post_count: 1 });
      expect(data.categories.find((c) => c.id === category.id)).not.toHaveProperty('draft_count');

      for (const address of [draft.slug, String(draft.id)]) {
        const res = await get(`/api/blog/posts/${address}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Blog post not found');
        expect((await get(`/api/blog/posts/${address}/comments`)).statusCode).toBe(404);
      }
    });

    it('refuse a token that is invalid or whose session ended with 401 invalid_token, never answer as to a visitor', async () => {
      // A staff member whose session is ended on the server (a logout in another tab, a revoked session).
      const ended = await createEndedSession(t.app, t.db.database.db, { role: 'editor' });
      const calls = (token: string) => [
        get(`/api/blog/posts?category=${category.slug}`, { token }),
        get(`/api/blog/posts/${draft.slug}`, { token }),
        get(`/api/blog/posts/${live.slug}`, { token }),
        get('/api/blog/stats', { token }),
        get('/api/blog/categories', { token }),
        get('/api/blog/tags', { token }),
        post('/api/blog/search', { query: word }, token),
      ];
      for (const token of ['not-a-token', ended.token]) {
        for (const res of await Promise.all(calls(token))) {
          expect(res.statusCode, res.body).toBe(401);
          expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
          expect(res.json()).toMatchObject({
            success: false,
            code: 'UNAUTHENTICATED',
            message: 'Session expired. Please login again.',
          });
        }
      }
      // Without a token it is a visitor, as before.
      const visitor = await get(`/api/blog/posts?category=${category.slug}`);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.headers['cache-control']).toBe(PUBLIC_CACHE);
      expect((visitor.json().data.posts as { slug: string }[]).map((p) => p.slug)).toEqual([live.slug]);
    });

    it('are visible to staff of any role, with `published` filtering, never cached publicly', async () => {
      const res = await get(`/api/blog/posts?category=${category.slug}&sort=alphabetical`, { token: s.viewer.token });
      expect(res.headers['cache-control']).toBe(STAFF_CACHE);
      expect(res.headers.vary).toMatch(/authorization/i);
      const all = blogAdminListDataSchema.parse(res.json().data);
      expect(all.posts.map((p) => [p.slug, p.published])).toEqual([
        [draft.slug, false],
        [live.slug, true],
      ]);
      expect(all.total).toBe(2);
      expect((await staffList(`?category=${category.slug}&published=`)).total).toBe(2);
      expect((await staffList(`?category=${category.slug}&published=false`)).posts.map((p) => p.slug)).toEqual([
        draft.slug,
      ]);
      expect((await staffList(`?category=${category.slug}&published=true`)).posts.map((p) => p.slug)).toEqual([
        live.slug,
      ]);

      for (const address of [draft.slug, String(draft.id)]) {
        const one = await get(`/api/blog/posts/${address}`, { token: s.viewer.token });
        expect(one.statusCode).toBe(200);
        expect(one.headers['cache-control']).toBe(STAFF_CACHE);
        expect(blogAdminPostSchema.parse(one.json().data)).toMatchObject({ slug: draft.slug, published: false });
      }

      const search = await post('/api/blog/search', { query: word }, s.viewer.token);
      expect((search.json().data.posts as { slug: string }[]).map((p) => p.slug).sort()).toEqual(
        [draft.slug, live.slug].sort(),
      );

      const stats = await get('/api/blog/stats', { token: s.viewer.token });
      expect(stats.headers['cache-control']).toBe(STAFF_CACHE);
      const data = blogStatsSchema.parse(stats.json().data);
      expect(data.draft_posts).toBeGreaterThanOrEqual(1);
      expect(data.total_posts).toBe(data.published_posts + data.draft_posts!);
      expect(data.categories.find((c) => c.id === category.id)).toMatchObject({ post_count: 1, draft_count: 1 });
    });

    it('categories and tags are cached publicly for visitors, never for staff', async () => {
      for (const url of ['/api/blog/categories', '/api/blog/tags']) {
        const visitor = await get(url);
        expect(visitor.statusCode, visitor.body).toBe(200);
        expect(visitor.headers['cache-control']).toBe(PUBLIC_CACHE);
        expect(visitor.headers.vary).toMatch(/authorization/i);
        const invalidToken = await get(url, { token: 'not-a-token' });
        expect(invalidToken.statusCode).toBe(401);
        for (const token of [s.viewer.token, s.editor.token]) {
          const staff = await get(url, { token });
          expect(staff.statusCode, staff.body).toBe(200);
          expect(staff.headers['cache-control']).toBe(STAFF_CACHE);
          expect(staff.headers.vary).toMatch(/authorization/i);
        }
      }
      // A category made a moment ago is in the very next staff read.
      const made = await newCategory();
      const staff = await get('/api/blog/categories', { token: s.editor.token });
      expect((staff.json().data.categories as { id: number }[]).map((c) => c.id)).toContain(made.id);
    });

    it('visitor lists keep the public shape and the public cache', async () => {
      const res = await get(`/api/blog/posts?category=${category.slug}`);
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
      expect(res.headers.vary).toMatch(/authorization/i);
      for (const item of res.json().data.posts as Record<string, unknown>[]) {
        expect(Object.keys(item).sort()).toEqual(Object.keys(blogPostSummarySchema.shape).sort());
      }
      const one = await get(`/api/blog/posts/${live.slug}`);
      expect(one.headers['cache-control']).toBe(PUBLIC_CACHE);
      expect(one.json().data).not.toHaveProperty('published');
    });
  });

  describe('view counting', () => {
    const views = async (id: number) =>
      Number(
        (await t.db.database.db.selectFrom('blog_posts').select('views').where('id', '=', id).executeTakeFirstOrThrow())
          .views,
      );

    const view = (slugOrId: string | number, options: { token?: string; ip?: string; ua?: string | null } = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/blog/posts/${slugOrId}/view`,
        headers: {
          ...(options.ua === null ? {} : { 'user-agent': options.ua ?? UA }),
          ...(options.token ? bearer(options.token) : {}),
        },
        remoteAddress: options.ip ?? freshIp(),
      });

    it('counts a visitor once a day by its own call; another visitor counts; reading, staff and robots never count', async () => {
      const live = await createPost({ category_id: (await newCategory()).id });
      const ip = freshIp();
      // Reading the post, as the page and the API do, counts nothing.
      expect((await get(`/api/blog/posts/${live.slug}`, { ip })).json().data.views).toBe(0);
      expect(await views(live.id)).toBe(0);

      const first = await view(live.slug, { ip });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ success: true, data: { counted: true } });
      expect(first.headers['cache-control']).toBe('no-store');
      expect((await view(live.id, { ip })).json().data.counted).toBe(false);
      expect((await view(live.slug, { ip })).json().data.counted).toBe(false);
      expect(await views(live.id)).toBe(1);

      await view(live.slug, { ip, ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' });
      await view(live.slug, { ip: freshIp() });
      expect(await views(live.id)).toBe(3);

      for (const options of [
        { token: s.editor.token },
        { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
        { ua: null },
      ]) {
        const refused = await view(live.slug, options);
        expect(refused.statusCode).toBe(200);
        expect(refused.json().data.counted).toBe(false);
      }
      expect(await views(live.id)).toBe(3);
      expect((await view('no-such-post')).statusCode).toBe(404);

      const rows = await t.db.database.db
        .selectFrom('blog_post_views')
        .select(['visitor_key', 'viewed_on'])
        .where('post_id', '=', live.id)
        .execute();
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.viewed_on === daysAgo(0) && /^[0-9a-f]{64}$/.test(r.visitor_key))).toBe(true);
    });

    it('recordView counts again on another day and survives concurrent duplicates', async () => {
      const live = await createPost({ category_id: (await newCategory()).id });
      const db = t.db.database.db;
      const key = 'k'.repeat(64);
      const results = await Promise.all(Array.from({ length: 6 }, () => recordView(db, live.id, key)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const tomorrow = new Date(Date.now() + 86_400_000);
      expect(await recordView(db, live.id, key, tomorrow)).toBe(true);
      expect(await recordView(db, live.id, key, tomorrow)).toBe(false);
      expect(await views(live.id)).toBe(2);
    });
  });

  describe('filters, sorts and pagination', () => {
    it('filters by reading time: quick (up to 5), medium (6-10), long (over 10)', async () => {
      const category = await newCategory();
      const quick = await createPost({ category_id: category.id, read_time: 5 });
      const medium = await createPost({ category_id: category.id, read_time: 6 });
      const medium2 = await createPost({ category_id: category.id, read_time: 10 });
      const long = await createPost({ category_id: category.id, read_time: 11 });
      const slugs = async (readTime: string) =>
        (await visitorSlugs(`?category=${category.slug}&readTime=${readTime}`)).sort();
      expect(await slugs('quick')).toEqual([quick.slug]);
      expect(await slugs('medium')).toEqual([medium.slug, medium2.slug].sort());
      expect(await slugs('long')).toEqual([long.slug]);
      expect((await get('/api/blog/posts?readTime=forever')).statusCode).toBe(400);
    });

    it('filters by date range relative to today, and by from/to', async () => {
      const category = await newCategory();
      const week = await createPost({ category_id: category.id, date: daysAgo(2) });
      const month = await createPost({ category_id: category.id, date: daysAgo(20) });
      const year = await createPost({ category_id: category.id, date: daysAgo(200) });
      const older = await createPost({ category_id: category.id, date: daysAgo(800) });
      const slugs = (query: string) => visitorSlugs(`?category=${category.slug}&${query}`);
      expect(await slugs('dateRange=week')).toEqual([week.slug]);
      expect(await slugs('dateRange=month')).toEqual([week.slug, month.slug]);
      expect(await slugs('dateRange=year')).toEqual([week.slug, month.slug, year.slug]);
      expect(await slugs('')).toEqual([week.slug, month.slug, year.slug, older.slug]);
      expect(await slugs(`from=${daysAgo(250)}&to=${daysAgo(10)}`)).toEqual([month.slug, year.slug]);
      expect(await slugs(`to=${daysAgo(300)}`)).toEqual([older.slug]);
      expect(await slugs(`dateRange=year&from=${daysAgo(10)}`)).toEqual([week.slug]);
      expect((await get('/api/blog/posts?from=yesterday')).statusCode).toBe(400);
      expect((await get('/api/blog/posts?dateRange=decade')).statusCode).toBe(400);
    });

    it('pages with totals that follow the filters', async () => {
      const category = await newCategory();
      for (let i = 0; i < 3; i++)
        await createPost({ category_id: category.id, read_time: 2, date: `2025-0${i + 1}-01` });
      await createPost({ category_id: category.id, read_time: 20 });
      await createPost({ category_id: category.id, read_time: 2, published: false });
      const page = async (n: number) => {
        const res = await get(`/api/blog/posts?category=${category.slug}&readTime=quick&limit=2&page=${n}`);
        return blogListDataSchema.parse(res.json().data);
      };
      const first = await page(1);
      expect(first).toMatchObject({
        total: 3,
        pages: 2,
        page: 1,
        pagination: { page: 1, limit: 2, total: 3, pages: 2 },
      });
      expect(first.posts.map((p) => p.date)).toEqual(['2025-03-01', '2025-02-01']);
      const second = await page(2);
      expect(second.posts.map((p) => p.date)).toEqual(['2025-01-01']);
      expect((await page(3)).posts).toEqual([]);
      const staff = await staffList(`?category=${category.slug}&readTime=quick&limit=2`);
      expect(staff).toMatchObject({ total: 4, pages: 2 });
    });

    it('sorts by created_at and by the manual order', async () => {
      const category = await newCategory();
      const a = await createPost({ category_id: category.id });
      const b = await createPost({ category_id: category.id });
      const byCreated = await staffList(`?category=${category.slug}&sortBy=created_at&sortOrder=asc`);
      expect(byCreated.posts.map((p) => p.id)).toEqual([a.id, b.id]);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/blog/order',
        payload: { postIds: [b.id, a.id] },
        headers: bearer(s.editor.token),
      });
      expect(res.statusCode).toBe(200);
      const manual = await staffList(`?category=${category.slug}&sortBy=sort_order&sortOrder=asc`);
      expect(manual.posts.map((p) => p.id)).toEqual([b.id, a.id]);
    });
  });

  describe('GET /api/blog/stats and POST /api/blog/search', () => {
    it('stats add up to the published posts of the database for visitors', async () => {
      const db = t.db.database.db;
      const published = await db
        .selectFrom('blog_posts')
        .select(['views', 'likes', 'featured'])
        .where('published', '=', 1)
        .execute();
      const data = blogStatsSchema.parse((await get('/api/blog/stats')).json().data);
      expect(data.total_posts).toBe(published.length);
      expect(data.published_posts).toBe(published.length);
      expect(data.featured_posts).toBe(published.filter((p) => Number(p.featured) === 1).length);
      expect(data.total_views).toBe(published.reduce((sum, p) => sum + Number(p.views), 0));
      expect(data.total_likes).toBe(published.reduce((sum, p) => sum + Number(p.likes), 0));
      const comments = await db
        .selectFrom('blog_comments as m')
        .innerJoin('blog_posts as p', 'p.id', 'm.post_id')
        .select('m.id')
        .where('p.published', '=', 1)
        .where('m.status', '=', 'approved')
        .execute();
      expect(data.total_comments).toBe(comments.length);
      expect(data.categories.reduce((sum, c) => sum + c.post_count, 0)).toBeLessThanOrEqual(published.length);
    });

    it('search takes category, tag and limit, and validates its body', async () => {
      const category = await newCategory();
      const word = unique('narwhal');
      const tagged = await createPost({ category_id: category.id, title: `One ${word}`, tags: 'searchtag' });
      await createPost({ category_id: category.id, title: `Two ${word}` });
      const other = await createPost({ category_id: (await newCategory()).id, title: `Three ${word}` });
      const slugs = async (body: Record<string, unknown>) => {
        const res = await post('/api/blog/search', body);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        return (res.json().data.posts as { slug: string }[]).map((p) => p.slug);
      };
      expect(await slugs({ query: word })).toHaveLength(3);
      expect(await slugs({ query: word, category: category.slug })).toHaveLength(2);
      expect(await slugs({ query: word, tag: 'searchtag' })).toEqual([tagged.slug]);
      expect(await slugs({ query: word, limit: 1 })).toHaveLength(1);
      expect(await slugs({ query: word, category: String(category.id) })).not.toContain(other.slug);
      expect((await post('/api/blog/search', { query: word, limit: 0 })).statusCode).toBe(400);
      expect((await post('/api/blog/search', { query: 42 })).statusCode).toBe(400);
    });
  });
});
