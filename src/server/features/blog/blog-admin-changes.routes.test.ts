import { describe, expect, it } from 'vitest';
import { blogCategorySchema } from '../../../shared/contracts/blog';
import { BlogAdminMessage, blogAdminPostSchema, blogBulkResultSchema } from '../../../shared/contracts/blog-admin';
import { unique } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { paragraph, useBlogAdminCalls } from './blog-admin-testing';

describe.each(testDialects)('the blog admin API on %s', (dialect) => {
  const { t, call, editor, create, row } = useBlogAdminCalls(dialect);

  describe('PUT /api/blog/posts/{id}', () => {
    it('keeps absent fields, replaces tags and keywords, recomputes the read time of new content', async () => {
      const post = await create({ tags: unique('OldTag'), read_time: 9 });
      const oldTagSlug = post.tags[0]!.toLowerCase();
      const res = await editor('PUT', `/api/blog/posts/${post.id}`, {
        tags: ['New One', 'New Two'],
        seo_keywords: 'only',
        content: paragraph(700),
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = blogAdminPostSchema.parse(res.json().data.post);
      expect(updated).toMatchObject({
        title: post.title,
        excerpt: post.excerpt,
        category_id: post.category_id,
        author: post.author,
        date: post.date,
        image_url: post.image_url,
        tags: ['New One', 'New Two'],
        seo_keywords: ['only'],
        read_time: '4 min read',
      });
      expect(updated.updated_at >= post.updated_at).toBe(true);
      // The old tag was used by this post only: it is gone.
      const old = await t.db.database.db.selectFrom('blog_tags').select('id').where('slug', '=', oldTagSlug).execute();
      expect(old).toEqual([]);
      const links = await t.db.database.db
        .selectFrom('blog_post_tags')
        .select('tag_id')
        .where('post_id', '=', post.id)
        .execute();
      expect(links).toHaveLength(2);
    });

    it('validates like a create and changes nothing on error; 404 for an unknown post', async () => {
      const post = await create();
      const res = await editor('PUT', `/api/blog/posts/${post.id}`, { content: 'short', title: 'Changed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Content must be at least 50 characters long.');
      expect((await row(post.id))!.title).toBe(post.title);
      expect((await editor('PUT', '/api/blog/posts/999999', { title: 'x' })).statusCode).toBe(404);
      expect((await editor('PUT', '/api/blog/posts/abc', { title: 'x' })).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/blog/posts/{id}', () => {
    it('deletes the post with its child rows; a second delete is 404', async () => {
      const post = await create();
      const res = await editor('DELETE', `/api/blog/posts/${post.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Blog post deleted successfully', data: { id: post.id } });
      expect(await row(post.id)).toBeUndefined();
      const keywords = await t.db.database.db
        .selectFrom('blog_post_keywords')
        .select('id')
        .where('post_id', '=', post.id)
        .execute();
      expect(keywords).toEqual([]);
      expect((await call('GET', `/api/blog/posts/${post.slug}`)).statusCode).toBe(404);
      expect((await editor('DELETE', `/api/blog/posts/${post.id}`)).statusCode).toBe(404);
    });
  });

  describe('featured and published toggles', () => {
    it('set the value sent, or flip it when none is sent', async () => {
      const post = await create({ featured: false, published: false });
      const on = await editor('PATCH', `/api/blog/posts/${post.id}/featured`, { featured: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().data.post.featured).toBe(true);
      const again = await editor('PATCH', `/api/blog/posts/${post.id}/featured`, { featured: true });
      expect(again.json().data.post.featured).toBe(true);
      const flipped = await editor('PATCH', `/api/blog/posts/${post.id}/featured`);
      expect(flipped.json().data.post.featured).toBe(false);

      expect((await call('GET', `/api/blog/posts/${post.slug}`)).statusCode).toBe(404);
      const published = await editor('PATCH', `/api/blog/posts/${post.id}/published`);
      expect(published.json().data.post).toMatchObject({ published: true });
      expect(published.json().data.post.published_at).not.toBeNull();
      expect((await call('GET', `/api/blog/posts/${post.slug}`)).statusCode).toBe(200);
      const hidden = await editor('PATCH', `/api/blog/posts/${post.id}/published`, { published: false });
      expect(hidden.json().data.post.published).toBe(false);
      expect((await call('GET', `/api/blog/posts/${post.slug}`)).statusCode).toBe(404);

      expect((await editor('PATCH', '/api/blog/posts/999999/featured', {})).statusCode).toBe(404);
      expect((await editor('PATCH', `/api/blog/posts/${post.id}/published`, { published: 'no' })).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/blog/order', () => {
    it('saves the order of ids or of {id, order} pairs and reports unknown ids', async () => {
      const category = await createCategory();
      const [a, b, c] = [
        await create({ category_id: category.id }),
        await create({ category_id: category.id }),
        await create({ category_id: category.id }),
      ];
      const staffOrder = async () => {
        const res = await editor('GET', `/api/blog/posts?category=${category.id}&sortBy=sort_order&sortOrder=asc`);
        return (res.json().data.posts as { id: number }[]).map((p) => p.id);
      };
      const res = await editor('PATCH', '/api/blog/order', { postIds: [c.id, a.id, b.id, 999999] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        updated: 3,
        failed: [{ id: 999999, message: 'Blog post not found' }],
      });
      expect(await staffOrder()).toEqual([c.id, a.id, b.id]);

      const pairs = await editor('PATCH', '/api/blog/order', {
        order: [
          { id: a.id, order: 5 },
          { id: b.id, order: 1 },
          { id: c.id, order: 9 },
        ],
      });
      expect(pairs.statusCode).toBe(200);
      expect(await staffOrder()).toEqual([b.id, a.id, c.id]);

      for (const body of [{}, { postIds: [a.id], order: [{ id: a.id, order: 1 }] }, { postIds: [] }]) {
        const bad = await editor('PATCH', '/api/blog/order', body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('bulk actions', () => {
    it('publish, unpublish, feature, unfeature and delete, reporting a missing id', async () => {
      const posts = [await create({ published: false }), await create({ published: false })];
      const ids = posts.map((p) => p.id);
      const bulk = async (operation: string) => {
        const res = await editor('PATCH', '/api/blog/bulk', { operation, postIds: [...ids, 999999] });
        expect(res.statusCode, res.body).toBe(200);
        return { ...blogBulkResultSchema.parse(res.json().data), message: res.json().message as string };
      };
      const flags = async () =>
        (
          await t.db.database.db
            .selectFrom('blog_posts')
            .select(['published', 'featured'])
            .where('id', 'in', ids)
            .execute()
        ).map((r) => [Number(r.published), Number(r.featured)]);

      const published = await bulk('publish');
      expect(published).toMatchObject({
        operation: 'publish',
        requested: 3,
        succeeded: 2,
        failed: [{ id: 999999, message: 'Blog post not found' }],
        message: '2 blog posts published successfully',
      });
      expect(published.succeededIds.sort()).toEqual([...ids].sort());
      expect(await flags()).toEqual([
        [1, 0],
        [1, 0],
      ]);
      expect((await bulk('feature')).message).toBe('2 blog posts featured successfully');
      expect(await flags()).toEqual([
        [1, 1],
        [1, 1],
      ]);
      await bulk('unfeature');
      expect((await bulk('unpublish')).message).toBe('2 blog posts unpublished successfully');
      expect(await flags()).toEqual([
        [0, 0],
        [0, 0],
      ]);
      expect((await bulk('delete')).message).toBe('2 blog posts deleted successfully');
      expect(await flags()).toEqual([]);

      const bad = await editor('PATCH', '/api/blog/bulk', { operation: 'archive', postIds: [1] });
      expect(bad.statusCode).toBe(400);
      expect((await editor('PATCH', '/api/blog/bulk', { operation: 'publish', postIds: [] })).statusCode).toBe(400);
    });

    it('DELETE /api/blog/posts/bulk deletes the ids that exist', async () => {
      const post = await create();
      const res = await editor('DELETE', '/api/blog/posts/bulk', { postIds: [post.id, 888888] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: '1 blog post deleted successfully',
        data: { succeeded: 1, failed: [{ id: 888888 }] },
      });
      expect(await row(post.id)).toBeUndefined();
    });
  });

  const createCategory = async (over: Record<string, unknown> = {}) => {
    const res = await editor('POST', '/api/blog/categories', { name: unique('Category '), ...over });
    expect(res.statusCode, res.body).toBe(201);
    return blogCategorySchema.parse(res.json().data.category);
  };

  describe('categories', () => {
    it('create with a slug from the name (unique), update, and delete when no post uses them', async () => {
      const name = unique('Cloud & DevOps ');
      const first = await createCategory({ name, color: '#12ab34', description: 'Ops', icon: 'cloud' });
      expect(first).toMatchObject({ name, color: '#12AB34', description: 'Ops', icon: 'cloud' });
      expect(first.slug).toMatch(/^cloud-and-devops-/);
      const second = await createCategory({ name });
      expect(second.slug).toBe(`${first.slug}-2`);
      const res = await editor('POST', '/api/blog/categories', { name: 'x', slug: first.slug });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(BlogAdminMessage.CATEGORY_SLUG_TAKEN);

      const updated = await editor('PUT', `/api/blog/categories/${first.id}`, { name: 'Renamed', color: '#000000' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.category).toMatchObject({
        name: 'Renamed',
        slug: first.slug,
        color: '#000000',
        description: 'Ops',
      });
      const reslugged = await editor('PUT', `/api/blog/categories/${first.id}`, { slug: `${first.slug}-x` });
      // Absent fields keep their value (the colour is not reset to the default).
      expect(reslugged.json().data.category).toMatchObject({ slug: `${first.slug}-x`, color: '#000000' });
      const badColour = await editor('PUT', `/api/blog/categories/${first.id}`, { color: 'blue' });
      expect(badColour.statusCode).toBe(400);
      expect(badColour.json().message).toBe(BlogAdminMessage.CATEGORY_COLOR_INVALID);

      const listed = await call('GET', '/api/blog/categories');
      expect((listed.json().data.categories as { id: number }[]).map((c) => c.id)).toContain(first.id);

      await create({ category_id: second.id, published: false });
      const refused = await editor('DELETE', `/api/blog/categories/${second.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This category still has 1 posts. Move them to another category before deleting it.',
      );
      const deleted = await editor('DELETE', `/api/blog/categories/${first.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().message).toBe('Category deleted successfully');
      expect((await editor('DELETE', `/api/blog/categories/${first.id}`)).statusCode).toBe(404);
      expect((await editor('PUT', `/api/blog/categories/${first.id}`, { name: 'x' })).statusCode).toBe(404);
    });

    it.each([
      [{ name: '' }, 'name', BlogAdminMessage.CATEGORY_NAME_REQUIRED],
      [{ name: 'Ok', color: 'red' }, 'color', BlogAdminMessage.CATEGORY_COLOR_INVALID],
      [{ name: 'Ok', color: '#12345' }, 'color', BlogAdminMessage.CATEGORY_COLOR_INVALID],
      [{ name: 'Ok', slug: 'Not A Slug' }, 'slug', BlogAdminMessage.SLUG_INVALID],
    ])('refuses %j naming the field', async (body, field, message) => {
      const res = await editor('POST', '/api/blog/categories', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.json().errors[0].field).toBe(field);
      expect(res.json().errors[0].message).toBe(message);
    });
  });
});
