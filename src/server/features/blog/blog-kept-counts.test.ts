import { beforeAll, describe, expect, it } from 'vitest';
import { blogCategorySchema } from '../../../shared/contracts/blog';
import { blogAdminPostSchema } from '../../../shared/contracts/blog-admin';
import { bearer, createSignedIn, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * The totals of the blog lists are counted once and kept until a write through the API purges 'posts'
 * (ADR 0038): a row written behind the API's back is not counted, which shows the total is kept, and every
 * kind of write through the API makes the totals exact again.
 */

const content = `<p>${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}</p>`;

describe.each(testDialects)('kept blog list totals on %s', (dialect) => {
  const t = useTestApp(dialect);
  let editor: Session;
  let category: { id: number; slug: string };

  beforeAll(async () => {
    editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: object) => {
    const res = await t.app.inject({ method, url, payload: body, headers: bearer(editor.token) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json().data;
  };
  /** The public total, the staff total, the staff drafts total and the category's public total. */
  const totals = async () => {
    const visitors = await t.app.inject({ method: 'GET', url: '/api/blog/posts?limit=1' });
    const inCategory = await t.app.inject({ method: 'GET', url: `/api/blog/posts?limit=1&category=${category.slug}` });
    const categories = await t.app.inject({ method: 'GET', url: '/api/blog/categories' });
    const listed = (categories.json().data.categories as unknown[]).map((c) => blogCategorySchema.parse(c));
    return {
      published: visitors.json().data.total as number,
      all: (await call('GET', '/api/blog/posts?limit=1')).total as number,
      drafts: (await call('GET', '/api/blog/posts?limit=1&published=false')).total as number,
      inCategory: inCategory.json().data.total as number,
      categoryCount: listed.find((c) => c.id === category.id)?.post_count,
    };
  };
  /** What the database holds, counted directly. */
  const counted = async () => {
    const db = t.db.database.db;
    const n = async (published?: number, categoryId?: number) => {
      let q = db.selectFrom('blog_posts').select((eb) => eb.fn.countAll<number | string>().as('n'));
      if (published !== undefined) q = q.where('published', '=', published);
      if (categoryId !== undefined) q = q.where('category_id', '=', categoryId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const inCategory = await n(1, category.id);
    return {
      published: await n(1),
      all: await n(),
      drafts: await n(0),
      inCategory,
      categoryCount: inCategory,
    };
  };
  const createPost = async (over: Record<string, unknown> = {}) =>
    blogAdminPostSchema.parse(
      (
        await call('POST', '/api/blog/posts', {
          title: unique('Kept count '),
          excerpt: 'Excerpt.',
          content,
          author: 'Tester',
          date: '2026-01-15',
          image_url: '/uploads/files/cover.webp',
          category_id: category.id,
          ...over,
        })
      ).post,
    );

  it('keeps each total until a write through the API, then answers the exact count after every kind of write', async () => {
    category = (await call('POST', '/api/blog/categories', { name: unique('Kept cat ') })).category;
    const other = (await call('POST', '/api/blog/categories', { name: unique('Other cat ') })).category as {
      id: number;
    };
    const first = await createPost();
    expect(await totals()).toEqual(await counted());

    // Behind the API's back: the kept totals do not move (they are not counted again).
    const before = await totals();
    const now = new Date().toISOString();
    await t.db.database.db
      .insertInto('blog_posts')
      .values({
        title: 'Written behind the back',
        slug: unique('behind-the-back-'),
        excerpt: 'x',
        content,
        author: 'Tester',
        date: '2026-01-16',
        image_url: '/uploads/files/cover.webp',
        category_id: category.id,
        published: 1,
        featured: 0,
        read_time: 1,
        views: 0,
        likes: 0,
        sort_order: 0,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await totals()).toEqual(before);
    expect((await counted()).published).toBe(before.published + 1);

    // Every kind of write through the API makes them exact again.
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['create a draft', () => createPost({ published: false })],
      ['publish', () => call('PATCH', `/api/blog/posts/${first.id}/published`, { published: true })],
      ['unpublish', () => call('PATCH', `/api/blog/posts/${first.id}/published`, { published: false })],
      ['move to another category', () => call('PUT', `/api/blog/posts/${first.id}`, { category_id: other.id })],
      [
        'move back, published',
        () => call('PUT', `/api/blog/posts/${first.id}`, { category_id: category.id, published: true }),
      ],
      ['bulk unpublish', () => call('PATCH', '/api/blog/bulk', { operation: 'unpublish', postIds: [first.id] })],
      ['bulk publish', () => call('PATCH', '/api/blog/bulk', { operation: 'publish', postIds: [first.id] })],
      ['delete', () => call('DELETE', `/api/blog/posts/${first.id}`)],
    ];
    for (const [write, run] of writes) {
      await totals();
      await run();
      expect(await totals(), write).toEqual(await counted());
    }
  });

  it('counts afresh while the page cache is switched off', async () => {
    const admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    const current = await t.app.inject({ method: 'GET', url: '/api/system/settings', headers: bearer(admin.token) });
    const settings = current.json().data as object;
    const put = (next: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/system/settings',
        payload: { ...settings, ...next },
        headers: bearer(admin.token),
      });
    expect((await put({ cacheEnabled: false })).statusCode).toBe(200);
    try {
      const before = await totals();
      await createPost();
      await t.db.database.db
        .deleteFrom('blog_posts')
        .where('title', 'like', 'Kept count %')
        .where('category_id', '=', category.id)
        .execute();
      const after = await totals();
      expect(after).toEqual(await counted());
      expect(after.all).toBeLessThan(before.all + 1);
    } finally {
      expect((await put({ cacheEnabled: true })).statusCode).toBe(200);
    }
  });
});
