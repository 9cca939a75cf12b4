import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, createStaff, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

/*
 * Autosaved drafts (ADR 0041) on every database: one private draft per user and item (and per user for a
 * new item), never touching the item; an explicit save settles the saver's draft; bad input is a 4xx.
 */

describe.each(testDialects)('autosaves on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;
  let viewer: Session;
  let editor: Session;
  let admin: Session;
  let categoryId = 0;

  beforeAll(async () => {
    ({ viewer, editor, admin } = await createStaff(t.app, db()));
    const category = await db().selectFrom('blog_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    categoryId = Number(category.id);
  });

  const { call, ok } = apiCaller(
    () => t.app,
    () => editor,
  );
  const createPost = async (title: string): Promise<{ id: number; title: string }> =>
    (
      await ok('POST', '/blog/posts', {
        title,
        excerpt: 'A summary.',
        content: '<p>Content long enough to pass the length check of the blog form rules.</p>',
        category_id: categoryId,
        image_url: 'https://images.example.com/a.jpg',
      })
    ).post;
  const staffPost = async (id: number): Promise<{ title: string }> => ok('GET', `/blog/posts/${id}`, undefined, viewer);

  describe('autosave', () => {
    it("keeps each user's own draft of an item, and of a new one", async () => {
      const post = await createPost(`Autosaved ${dialect}`);
      const url = `/autosaves/post/${post.id}`;
      expect(await ok('GET', url)).toEqual({ autosave: null });
      const saved = await ok('PUT', url, { data: { title: 'Half written', content: '<p>draft</p>' }, version: 1 });
      expect(typeof saved.saved_at).toBe('string');
      expect(await ok('GET', url)).toEqual({
        autosave: { data: { title: 'Half written', content: '<p>draft</p>' }, version: 1, saved_at: saved.saved_at },
      });
      // Another editor sees only their own.
      expect(await ok('GET', url, undefined, admin)).toEqual({ autosave: null });
      // The post itself is untouched.
      expect((await staffPost(post.id)).title).toBe(`Autosaved ${dialect}`);
      await ok('PUT', url, { data: { title: 'Written further' }, version: 1 });
      expect((await ok('GET', url)).autosave.data).toEqual({ title: 'Written further' });
      await ok('DELETE', url);
      expect(await ok('GET', url)).toEqual({ autosave: null });

      // An explicit save settles the saver's draft, not another editor's.
      await ok('PUT', url, { data: { title: 'Mine' }, version: 1 });
      await ok('PUT', url, { data: { title: 'Theirs' }, version: 1 }, admin);
      await ok('PUT', `/blog/posts/${post.id}`, { excerpt: 'Saved explicitly.' });
      expect(await ok('GET', url)).toEqual({ autosave: null });
      expect((await ok('GET', url, undefined, admin)).autosave.data).toEqual({ title: 'Theirs' });
      await ok('PUT', '/autosaves/post/new', { data: { title: 'A new post' } });
      await createPost(`Autosaved new ${dialect}`);
      expect(await ok('GET', '/autosaves/post/new')).toEqual({ autosave: null });

      await ok('PUT', '/autosaves/project/new', { data: { title: 'A new project' } });
      expect((await ok('GET', '/autosaves/project/new')).autosave).toMatchObject({
        data: { title: 'A new project' },
        version: null,
      });
      await ok('DELETE', '/autosaves/project/new');
    });

    it('refuses viewers, unknown items and bad input with 4xx', async () => {
      expect((await call('PUT', '/autosaves/post/new', { data: {} }, viewer)).statusCode).toBe(403);
      expect((await call('GET', '/autosaves/post/new', undefined, null)).statusCode).toBe(401);
      expect((await call('PUT', '/autosaves/post/2147483647', { data: {} })).statusCode).toBe(404);
      expect((await call('PUT', '/autosaves/page/1', { data: {} })).statusCode).toBe(400);
      expect((await call('PUT', '/autosaves/post/0', { data: {} })).statusCode).toBe(400);
      expect((await call('PUT', '/autosaves/post/new', { data: 'text' })).statusCode).toBe(400);
      expect((await call('PUT', '/autosaves/post/new', { data: {}, version: -1 })).statusCode).toBe(400);
    });

    it('keeps one draft when the same draft is saved twice at once', async () => {
      const results = await Promise.all(
        [1, 2, 3].map((n) => call('PUT', '/autosaves/post/new', { data: { title: `Same ${n}` } })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const rows = await db()
        .selectFrom('autosaves')
        .select('id')
        .where('user_id', '=', editor.user.id)
        .where('item_type', '=', 'blog_posts')
        .where('item_id', '=', 0)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });
});
