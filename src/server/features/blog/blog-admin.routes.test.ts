import { beforeAll, describe, expect, it } from 'vitest';
import { blogCategorySchema, formatReadTime } from '../../../shared/contracts/blog';
import { BlogAdminMessage, blogAdminPostSchema, blogBulkResultSchema } from '../../../shared/contracts/blog-admin';
import { demoCompany } from '../../seed/demo-content';
import { bearer, createSignedIn, freshIp, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const today = () => new Date().toISOString().slice(0, 10);
/** Text of about `words` words, wrapped in a paragraph. */
const paragraph = (words: number) => `<p>${Array.from({ length: words }, (_, i) => `word${i}`).join(' ')}</p>`;

describe.each(testDialects)('the blog admin API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const s = {} as Record<'admin' | 'editor' | 'viewer', Session>;
  let categoryId = 0;
  let otherCategoryId = 0;

  beforeAll(async () => {
    s.admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    s.editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
    s.viewer = await createSignedIn(t.app, t.db.database.db, { role: 'viewer' });
    const categories = await t.db.database.db.selectFrom('blog_categories').select(['id', 'slug']).execute();
    categoryId = Number(categories.find((c) => c.slug === 'web-dev')!.id);
    otherCategoryId = Number(categories.find((c) => c.slug === 'ai')!.id);
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
    category_id: categoryId,
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

  describe('access', () => {
    it('refuses an anonymous write (401) and a viewer write (403); an editor may write', async () => {
      const before = await countPosts();
      const anonymous = await call('POST', '/api/blog/posts', { body: validBody() });
      expect(anonymous.statusCode).toBe(401);
      const viewer = await call('POST', '/api/blog/posts', { token: s.viewer.token, body: validBody() });
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json().code).toBe('FORBIDDEN');
      for (const [method, url] of [
        ['PUT', '/api/blog/posts/1'],
        ['DELETE', '/api/blog/posts/1'],
        ['PATCH', '/api/blog/posts/1/featured'],
        ['PATCH', '/api/blog/posts/1/published'],
        ['PATCH', '/api/blog/order'],
        ['PATCH', '/api/blog/bulk'],
        ['DELETE', '/api/blog/posts/bulk'],
        ['POST', '/api/blog/categories'],
        ['PUT', '/api/blog/categories/1'],
        ['DELETE', '/api/blog/categories/1'],
        ['DELETE', '/api/blog/comments/1'],
      ] as const) {
        expect((await call(method, url, { token: s.viewer.token, body: {} })).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, { body: {} })).statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await countPosts()).toBe(before);

      const res = await editor('POST', '/api/blog/posts', validBody());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe('Blog post created successfully');
      expect(await countPosts()).toBe(before + 1);
      const admin = await call('POST', '/api/blog/posts', { token: s.admin.token, body: validBody() });
      expect(admin.statusCode).toBe(201);
    });
  });

  describe('POST /api/blog/posts', () => {
    it('applies the blog-form rules and stores tags and keywords as child rows', async () => {
      const post = await create({
        title: '  <b>Rules</b> in action  ',
        image_url: ' `https://images.example.com/ticks.jpg` ',
        tags: ' One ,, Two , ',
        seo_keywords: 'k1, , k2',
        read_time: '',
        content: paragraph(450),
        seo_title: '',
        seo_description: '   ',
        author: '',
        date: '',
        category_id: String(otherCategoryId),
      });
      expect(post).toMatchObject({
        title: 'Rules in action',
        image_url: 'https://images.example.com/ticks.jpg',
        tags: ['One', 'Two'],
        seo_keywords: ['k1', 'k2'],
        read_time: '3 min read',
        seo_title: 'Rules in action',
        seo_description: 'A short summary of the post.',
        author: demoCompany.name,
        date: today(),
        category_id: otherCategoryId,
        published: true,
        featured: false,
      });
      expect(post.slug).toMatch(/^rules-in-action(-\d+)?$/);
      const tagRows = await t.db.database.db
        .selectFrom('blog_post_tags as pt')
        .innerJoin('blog_tags as t', 't.id', 'pt.tag_id')
        .select(['t.name', 't.slug', 'pt.position'])
        .where('pt.post_id', '=', post.id)
        .orderBy('pt.position')
        .execute();
      expect(tagRows.map((r) => [r.name, r.slug, Number(r.position)])).toEqual([
        ['One', 'one', 0],
        ['Two', 'two', 1],
      ]);
      const keywords = await t.db.database.db
        .selectFrom('blog_post_keywords')
        .select('keyword')
        .where('post_id', '=', post.id)
        .orderBy('position')
        .execute();
      expect(keywords.map((k) => k.keyword)).toEqual(['k1', 'k2']);
      expect(Number((await row(post.id))!.read_time)).toBe(3);
    });

    it('defaults tags to general, and takes a read time as a number or as "N min read"', async () => {
      const a = await create({ tags: '', read_time: 7 });
      expect(a.tags).toEqual(['general']);
      expect(a.read_time).toBe('7 min read');
      const b = await create({ tags: [' x ', ''], read_time: '12 min read' });
      expect(b.tags).toEqual(['x']);
      expect(b.read_time).toBe(formatReadTime(12));
      const c = await create({ published: false, featured: true });
      expect(c).toMatchObject({ published: false, featured: true, published_at: null });
    });

    it.each([
      [{ content: '<p>Too short to publish.</p>' }, 'content', BlogAdminMessage.CONTENT_TOO_SHORT],
      [
        { content: `<p>${'x'.repeat(20)}</p><script>${'y'.repeat(80)}</script>` },
        'content',
        BlogAdminMessage.CONTENT_TOO_SHORT,
      ],
      [{ title: '   ' }, 'title', BlogAdminMessage.TITLE_REQUIRED],
      [{ title: '<script>alert(1)</script>' }, 'title', BlogAdminMessage.TITLE_REQUIRED],
      [{ excerpt: '' }, 'excerpt', BlogAdminMessage.EXCERPT_REQUIRED],
      [{ category_id: '' }, 'category_id', BlogAdminMessage.CATEGORY_REQUIRED],
      [{ category_id: 'abc' }, 'category_id', BlogAdminMessage.CATEGORY_REQUIRED],
      [{ category_id: 999999 }, 'category_id', BlogAdminMessage.CATEGORY_UNKNOWN],
      [{ date: '2026-02-30' }, 'date', BlogAdminMessage.DATE_INVALID],
      [{ read_time: 'soon' }, 'read_time', BlogAdminMessage.READ_TIME_INVALID],
      [{ read_time: 0 }, 'read_time', BlogAdminMessage.READ_TIME_INVALID],
      [{ image_url: '' }, 'image_url', BlogAdminMessage.IMAGE_URL_REQUIRED],
      [{ image_url: 'javascript:alert(1)' }, 'image_url', BlogAdminMessage.IMAGE_URL_INVALID],
      [{ image_url: '//evil.example/x.png' }, 'image_url', BlogAdminMessage.IMAGE_URL_INVALID],
      [{ slug: '!!!' }, 'slug', BlogAdminMessage.SLUG_INVALID],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', BlogAdminMessage.TOO_MANY_TAGS],
    ])('refuses %j naming the field, and stores nothing', async (over, field, message) => {
      const before = await countPosts();
      const res = await editor('POST', '/api/blog/posts', validBody(over));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
      expect(body.errors[0]).toEqual({ field, message });
      expect(await countPosts()).toBe(before);
    });

    it('refuses a body of the wrong types with the validation envelope', async () => {
      const res = await editor('POST', '/api/blog/posts', validBody({ featured: 'yes' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json().errors[0].field).toBe('featured');
    });
  });

  describe('sanitising content', () => {
    it('keeps rich text and removes everything that runs, loads or submits', async () => {
      const hostile = [
        paragraph(20),
        '<h1>Big</h1><h3>Sub</h3><ul><li>item</li></ul><blockquote>q</blockquote><pre><code class="language-ts">x</code></pre>',
        '<table><tr><td>cell</td></tr></table><hr><p><strong>b</strong><em>i</em><u>u</u><s>s</s></p>',
        '<script>alert("x")</script>',
        '<img src="https://img.example.com/a.png" alt="ok" onerror="alert(1)">',
        '<img src="x" onerror="alert(2)">',
        '<img src="data:image/png;base64,AAAA">',
        '<img src="/uploads/files/pic.webp" alt="upload">',
        '<img src="/demo/blog-1.svg" alt="demo">',
        '<img src="/api/auth/me" alt="api"><img src="//evil.example/x.png" alt="protocol-relative">',
        '<a href="javascript:alert(3)">bad link</a>',
        '<a href="https://example.com/page" target="_blank" onclick="steal()">good link</a>',
        '<a href="/blog" target="_top">local</a>',
        '<a href="data:text/html,<script>alert(4)</script>">data link</a>',
        '<svg onload="alert(5)"><circle r="1"/></svg>',
        '<iframe src="https://evil.example.com/embed/x"></iframe>',
        '<iframe src="https://www.youtube-nocookie.com/embed/abc123" onload="x()" allowfullscreen></iframe>',
        '<iframe src="https://player.vimeo.com/video/42"></iframe>',
        '<object data="x.swf"></object><embed src="y.swf"><form action="/x"><input name="a"></form>',
        '<style>body{display:none}</style><p style="color:red" onmouseover="x()">styled</p>',
      ].join('');
      const post = await create({ content: hostile });
      const stored = (await row(post.id))!.content;
      expect(post.content).toBe(stored);
      for (const bad of [
        /<script/i,
        /onerror/i,
        /onload/i,
        /onclick/i,
        /onmouseover/i,
        /javascript:/i,
        /data:/i,
        /<svg/i,
        /evil\.example/i,
        /<object|<embed|<form|<input/i,
        /<style|style=/i,
        /alert\(/,
        /<h1/i,
        /src="x"/,
      ]) {
        expect(stored).not.toMatch(bad);
      }
      expect(stored).toContain('<h2>Big</h2>');
      expect(stored).toContain('<h3>Sub</h3>');
      expect(stored).toContain('<code class="language-ts">x</code>');
      expect(stored).toContain('<td>cell</td>');
      expect(stored).toContain('<img src="https://img.example.com/a.png" alt="ok" />');
      expect(stored).toContain('<img src="/uploads/files/pic.webp" alt="upload" />');
      // The demo content's images are site files too; an API address or another host without a scheme is not.
      expect(stored).toContain('<img src="/demo/blog-1.svg" alt="demo" />');
      expect(stored).not.toMatch(/\/api\/auth|evil\.example\/x/);
      expect(stored).toContain(
        '<a href="https://example.com/page" rel="noopener noreferrer" target="_blank">good link</a>',
      );
      expect(stored).toContain('<a href="/blog" rel="noopener noreferrer">local</a>');
      expect(stored).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc123" allowfullscreen>');
      expect(stored).toContain('<iframe src="https://player.vimeo.com/video/42">');
      expect(stored).toContain('<p>styled</p>');
    });

    it('stores title, excerpt, author and SEO fields as plain text', async () => {
      const post = await create({
        title: 'Safe <img src=x onerror=alert(1)>title & more',
        excerpt: '<b>Bold</b> excerpt <script>alert(1)</script>',
        author: '<i>Jane</i>',
        seo_title: '<em>SEO</em>',
        tags: '<b>tag</b>',
      });
      expect(post).toMatchObject({
        title: 'Safe title & more',
        excerpt: 'Bold excerpt',
        author: 'Jane',
        seo_title: 'SEO',
        tags: ['tag'],
      });
    });
  });

  describe('slugs', () => {
    it('are unique (-2, -3), stay when the title changes, change only when a new slug is sent', async () => {
      const title = unique('Slug Story ');
      const base = title.toLowerCase().replace(/\s+/g, '-');
      const a = await create({ title });
      const b = await create({ title });
      const c = await create({ title });
      expect([a.slug, b.slug, c.slug]).toEqual([base, `${base}-2`, `${base}-3`]);

      const renamed = await editor('PUT', `/api/blog/posts/${a.id}`, { title: 'A completely new title' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().message).toBe('Blog post updated successfully');
      expect(renamed.json().data.post).toMatchObject({ title: 'A completely new title', slug: base });

      const moved = await editor('PUT', `/api/blog/posts/${a.id}`, { slug: `${base}-moved` });
      expect(moved.json().data.post.slug).toBe(`${base}-moved`);
      const taken = await editor('PUT', `/api/blog/posts/${a.id}`, { slug: b.slug });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', message: BlogAdminMessage.SLUG_TAKEN });
      expect(taken.json().errors[0].field).toBe('slug');
      const takenOnCreate = await editor('POST', '/api/blog/posts', validBody({ slug: c.slug }));
      expect(takenOnCreate.statusCode).toBe(409);

      // The old address is free again and a new post may take it.
      const d = await create({ title });
      expect(d.slug).toBe(base);
      const explicit = await create({ slug: 'My Custom Slug ' + a.id });
      expect(explicit.slug).toBe(`my-custom-slug-${a.id}`);
    });
  });

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
