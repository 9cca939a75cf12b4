import { beforeAll, expect } from 'vitest';
import { blogAdminPostSchema } from '../../../shared/contracts/blog-admin';
import type { DialectName } from '../../db/database';
import { bearer, createSignedIn, freshIp, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Text of about `words` words, wrapped in a paragraph. */
export const paragraph = (words: number) => `<p>${Array.from({ length: words }, (_, i) => `word${i}`).join(' ')}</p>`;

/**
 * The app of the blog admin tests on a seeded database, a session for each staff role, and the calls they
 * share.
 */
export function useBlogAdminCalls(dialect: DialectName) {
  const t = useTestApp(dialect);
  const s = {} as Record<'admin' | 'editor' | 'viewer', Session>;
  /** The ids of two of the seeded categories, set before the tests run. */
  const seededCategories = { categoryId: 0, otherCategoryId: 0 };

  beforeAll(async () => {
    s.admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    s.editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
    s.viewer = await createSignedIn(t.app, t.db.database.db, { role: 'viewer' });
    const categories = await t.db.database.db.selectFrom('blog_categories').select(['id', 'slug']).execute();
    seededCategories.categoryId = Number(categories.find((c) => c.slug === 'web-dev')!.id);
    seededCategories.otherCategoryId = Number(categories.find((c) => c.slug === 'ai')!.id);
  });

  const call = (method: Method, url: string, options: { token?: string; body?: unknown } = {}) =>
    t.app.inject({
      method,
      url,
      headers: options.token ? bearer(options.token) : {},
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      remoteAddress: freshIp(),
    });
  const editor = (method: Method, url: string, body?: unknown) => call(method, url, { token: s.editor.token, body });
  const validBody = (over: Record<string, unknown> = {}) => ({
    title: unique('Admin test post '),
    excerpt: 'A short summary of the post.',
    content: paragraph(60),
    category_id: seededCategories.categoryId,
    author: 'Jane Writer',
    date: '2026-11-01',
    read_time: '',
    image_url: 'https://images.example.com/cover.jpg',
    tags: 'Alpha, Beta',
    seo_keywords: 'first keyword, second keyword',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await editor('POST', '/api/blog/posts', validBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return blogAdminPostSchema.parse(res.json().data.post);
  };
  const countPosts = async () =>
    Number(
      (
        await t.db.database.db
          .selectFrom('blog_posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const row = (id: number) =>
    t.db.database.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();

  return { t, s, seededCategories, call, editor, validBody, create, countPosts, row };
}
