import { describe, expect, it } from 'vitest';
import {
  blogCategorySchema,
  blogListDataSchema,
  blogPostDetailSchema,
  blogPostSummarySchema,
  blogTagSchema,
} from '../../../shared/contracts/blog';
import { demoBlogPosts } from '../../seed/demo-blog-posts';
import { demoPostHtml } from '../../seed/seed';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

const published = demoBlogPosts.filter((p) => p.published);
const draft = demoBlogPosts.find((p) => !p.published)!;
const slugsBy = (compare: (a: (typeof published)[number], b: (typeof published)[number]) => number) =>
  [...published].sort(compare).map((p) => p.slug);
const CACHE = 'public, max-age=60, stale-while-revalidate=600';
const INTERNAL_FIELDS = ['published', 'sort_order', 'published_at', 'updated_at', 'category_id', 'content'];

describe.each(testDialects)('the public blog API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const list = async (query = '') => {
    const res = await get(`/api/blog/posts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return blogListDataSchema.parse(res.json().data);
  };
  const slugs = async (query = '') => (await list(query)).posts.map((p) => p.slug);
  const idOf = async (slug: string) => {
    const res = await get(`/api/blog/posts/${slug}`);
    return res.json().data.id as number;
  };

  describe('GET /api/blog/posts', () => {
    it('lists published posts only, newest first, in the public shape without content', async () => {
      const res = await get('/api/blog/posts');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const body = res.json();
      expect(body.success).toBe(true);
      const data = blogListDataSchema.parse(body.data);
      expect(data.total).toBe(published.length);
      expect(data.posts.map((p) => p.slug)).toEqual(slugsBy((a, b) => b.date.localeCompare(a.date)));
      expect(data.posts.map((p) => p.slug)).not.toContain(draft.slug);
      for (const post of body.data.posts as Record<string, unknown>[]) {
        expect(Object.keys(post).sort()).toEqual(Object.keys(blogPostSummarySchema.shape).sort());
        for (const field of INTERNAL_FIELDS) expect(post).not.toHaveProperty(field);
      }
      const first = data.posts.find((p) => p.slug === 'core-web-vitals-checklist-2026')!;
      expect(first).toMatchObject({
        category: { name: 'Web Development', slug: 'web-dev' },
        tags: ['Performance', 'Web Development', 'SEO'],
        author: 'Ahmed Raza',
        date: '2026-10-14',
        views: 2480,
        likes: 186,
        featured: true,
      });
      expect(first.read_time).toMatch(/^\d+ min read$/);
      expect(first.category?.color).toMatch(/^#/);
    });

    it('sorts by each list-page sort value, and by sortBy with sortOrder', async () => {
      const newest = slugsBy((a, b) => b.date.localeCompare(a.date));
      expect(await slugs('?sort=newest')).toEqual(newest);
      expect(await slugs('?sort=oldest')).toEqual([...newest].reverse());
      expect(await slugs('?sort=popular')).toEqual(slugsBy((a, b) => b.views + 2 * b.likes - (a.views + 2 * a.likes)));
      expect(await slugs('?sort=alphabetical')).toEqual(
        slugsBy((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase())),
      );
      expect(await slugs('?sortBy=views&sortOrder=asc')).toEqual(slugsBy((a, b) => a.views - b.views));
      expect(await slugs('?sortBy=likes&sort=desc')).toEqual(slugsBy((a, b) => b.likes - a.likes));
      expect(await slugs('?sortBy=date&sortOrder=asc')).toEqual([...newest].reverse());
    });

    it('pages with totals and page counts', async () => {
      const all = await slugs();
      const first = await list('?limit=4');
      expect(first).toMatchObject({
        total: 6,
        page: 1,
        pages: 2,
        pagination: { page: 1, limit: 4, total: 6, pages: 2 },
      });
      expect(first.posts.map((p) => p.slug)).toEqual(all.slice(0, 4));
      const second = await list('?limit=4&page=2');
      expect(second).toMatchObject({ total: 6, page: 2, pages: 2 });
      expect(second.posts.map((p) => p.slug)).toEqual(all.slice(4));
      const beyond = await list('?limit=4&page=3');
      expect(beyond.posts).toEqual([]);
      expect(beyond.total).toBe(6);
      expect((await list()).pagination.limit).toBe(10);
    });

    it('filters by category slug or id, and treats "all" as no filter', async () => {
      const webDev = published.filter((p) => p.category === 'web-dev').map((p) => p.slug);
      expect((await slugs('?category=web-dev')).sort()).toEqual(webDev.sort());
      const id = (await list('?category=web-dev')).posts[0]!.category!.id;
      expect((await slugs(`?category=${id}`)).sort()).toEqual(webDev.sort());
      expect(await slugs('?category=ai')).toEqual(['ai-automation-workflows-small-business']);
      expect(await slugs('?category=no-such-category')).toEqual([]);
      expect((await list('?category=all')).total).toBe(published.length);
    });

    it('filters by tag slug and by author', async () => {
      const seo = published.filter((p) => p.tags.includes('SEO')).map((p) => p.slug);
      expect((await slugs('?tag=seo')).sort()).toEqual(seo.sort());
      // The draft's own tag is not reachable through the public list.
      expect(await slugs('?tag=chatbots')).toEqual([]);
      expect((await slugs('?author=ahmed%20raza')).sort()).toEqual(
        published
          .filter((p) => p.author === 'Ahmed Raza')
          .map((p) => p.slug)
          .sort(),
      );
    });

    it('searches title, excerpt and content case-insensitively, via search or q', async () => {
      expect(await slugs('?search=LEDGER')).toEqual(['blockchain-when-shared-ledger-makes-sense']);
      expect(await slugs('?q=ledger')).toEqual(['blockchain-when-shared-ledger-makes-sense']);
      // Only in the content of one post.
      expect(await slugs('?search=Heat%20Maps')).toEqual(['core-web-vitals-checklist-2026']);
      // Only in the draft.
      expect(await slugs('?search=retrieval')).toEqual([]);
      // LIKE wildcards are literal.
      expect(await slugs('?search=%25')).toEqual([]);
      expect(await slugs('?search=_')).toEqual([]);
    });

    it('filters featured posts', async () => {
      expect((await slugs('?featured=true')).sort()).toEqual(
        published
          .filter((p) => p.featured)
          .map((p) => p.slug)
          .sort(),
      );
      expect((await slugs('?featured=false')).sort()).toEqual(
        published
          .filter((p) => !p.featured)
          .map((p) => p.slug)
          .sort(),
      );
    });

    it('excludes one post by slug or by id', async () => {
      const slug = 'core-web-vitals-checklist-2026';
      const bySlug = await list(`?exclude=${slug}`);
      expect(bySlug.total).toBe(published.length - 1);
      expect(bySlug.posts.map((p) => p.slug)).not.toContain(slug);
      const byId = await slugs(`?exclude=${await idOf(slug)}`);
      expect(byId).toHaveLength(published.length - 1);
      expect(byId).not.toContain(slug);
    });

    it.each([
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=2.5', 'limit'],
      ['sort=sideways', 'sort'],
      ['sortBy=password', 'sortBy'],
      ['featured=maybe', 'featured'],
    ])('rejects %s with 400 naming the field', async (query, field) => {
      const res = await get(`/api/blog/posts?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(body.message).toContain(field);
    });
  });

  describe('GET /api/blog/posts/{slugOrId}', () => {
    it('returns a published post by slug with content, SEO fields, keywords, tags and category', async () => {
      const source = published[0]!;
      const res = await get(`/api/blog/posts/${source.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const body = res.json();
      const post = blogPostDetailSchema.parse(body.data);
      expect(post).toMatchObject({
        slug: source.slug,
        title: source.title,
        content: demoPostHtml(source.content),
        seo_title: source.seo_title,
        seo_description: source.seo_description,
        seo_keywords: source.keywords,
        tags: source.tags,
        category: { slug: source.category },
        // Reading counts nothing: views are counted by POST .../view.
        views: source.views,
      });
      for (const field of ['published', 'sort_order', 'published_at', 'updated_at', 'category_id']) {
        expect(body.data).not.toHaveProperty(field);
      }
    });

    it('returns the same post by id', async () => {
      const id = await idOf(published[1]!.slug);
      const res = await get(`/api/blog/posts/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.slug).toBe(published[1]!.slug);
    });

    it('counts a view once per visitor and day by its own call, never by a read', async () => {
      const slug = published[2]!.slug;
      const view = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/blog/posts/${slug}/view`,
          headers: { 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
        });
      expect((await view()).json().data.counted).toBe(true);
      expect((await view()).json().data.counted).toBe(false);
      const res = await get(`/api/blog/posts/${slug}`);
      expect(res.json().data.views).toBe(published[2]!.views + 1);
    });

    it('answers 404 for an unknown slug, an unknown id and a draft (by slug and by id)', async () => {
      const row = await t.db.database.db
        .selectFrom('blog_posts')
        .select('id')
        .where('slug', '=', draft.slug)
        .executeTakeFirstOrThrow();
      for (const key of ['no-such-post', '999999', draft.slug, String(row.id)]) {
        const res = await get(`/api/blog/posts/${key}`);
        expect(res.statusCode, key).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Blog post not found' });
        expect(res.headers['cache-control']).not.toBe(CACHE);
      }
    });
  });

  describe('GET /api/blog/posts/{id}/related', () => {
    it('lists published posts of the same category, excluding the post itself, newest first', async () => {
      const id = await idOf('website-builder-vs-custom-web-application');
      const res = await get(`/api/blog/posts/${id}/related`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const posts = res.json().data.posts as unknown[];
      expect(posts.map((p) => blogPostSummarySchema.parse(p).slug)).toEqual(['core-web-vitals-checklist-2026']);
      expect(posts[0]).not.toHaveProperty('content');
    });

    it('never lists a draft', async () => {
      // The only other post of the AI category is the draft.
      const res = await get(`/api/blog/posts/ai-automation-workflows-small-business/related`);
      expect(res.json().data.posts).toEqual([]);
    });

    it('honours limit, newest first', async () => {
      const db = t.db.database.db;
      const source = await db
        .selectFrom('blog_posts')
        .selectAll()
        .where('slug', '=', 'technical-seo-foundations-new-website')
        .executeTakeFirstOrThrow();
      const { id: _id, ...copy } = source;
      for (const [n, date] of ['2025-01-01', '2025-03-01', '2025-02-01', '2025-04-01'].entries()) {
        await db
          .insertInto('blog_posts')
          .values({ ...copy, slug: `seo-extra-${n}`, title: `SEO extra ${n}`, date })
          .execute();
      }
      const res = await get(`/api/blog/posts/${source.slug}/related?limit=2`);
      expect(res.json().data.posts.map((p: { slug: string }) => p.slug)).toEqual(['seo-extra-3', 'seo-extra-1']);
      expect((await get(`/api/blog/posts/${source.slug}/related`)).json().data.posts).toHaveLength(3);
      await db.deleteFrom('blog_posts').where('slug', 'like', 'seo-extra-%').execute();
    });

    it('answers 404 for an unknown or draft post and 400 for a bad limit', async () => {
      expect((await get('/api/blog/posts/999999/related')).statusCode).toBe(404);
      expect((await get(`/api/blog/posts/${draft.slug}/related`)).statusCode).toBe(404);
      const bad = await get('/api/blog/posts/core-web-vitals-checklist-2026/related?limit=11');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('limit');
    });
  });

  describe('GET /api/blog/categories and /api/blog/tags', () => {
    it('lists categories with their published post count', async () => {
      const res = await get('/api/blog/categories');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const categories = res.json().data.categories.map((c: unknown) => blogCategorySchema.parse(c));
      expect(categories.map((c: { slug: string }) => c.slug)).toEqual([
        'web-dev',
        'ai',
        'blockchain',
        'seo',
        'social-media',
      ]);
      const counts = Object.fromEntries(
        categories.map((c: { slug: string; post_count: number }) => [c.slug, c.post_count]),
      );
      // The AI category's draft does not count.
      expect(counts).toEqual({ 'web-dev': 2, ai: 1, blockchain: 1, seo: 1, 'social-media': 1 });
    });

    it('lists tags of published posts with their count', async () => {
      const res = await get('/api/blog/tags');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const tags = res.json().data.tags.map((tag: unknown) => blogTagSchema.parse(tag));
      const counts = new Map<string, number>();
      for (const name of published.flatMap((p) => p.tags)) counts.set(name, (counts.get(name) ?? 0) + 1);
      expect(tags).toHaveLength(counts.size);
      for (const tag of tags) expect(tag.post_count, tag.name).toBe(counts.get(tag.name));
      expect(tags.find((tag: { slug: string }) => tag.slug === 'chatbots')).toBeUndefined();
      expect(tags[0].post_count).toBe(Math.max(...counts.values()));
    });
  });
});
