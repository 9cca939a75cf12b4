import { beforeAll, describe, expect, it } from 'vitest';
import { formatReadTime } from '../../../shared/contracts/blog.values';
import { BlogAdminMessage } from '../../../shared/contracts/blog-admin';
import { demoCompany } from '../../seed/demo-content';
import { unique } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { paragraph, useBlogAdminCalls } from './blog-admin-testing';

const today = () => new Date().toISOString().slice(0, 10);

describe.each(testDialects)('the blog admin API on %s', (dialect) => {
  const { t, s, call, editor, validBody, create, countPosts, row, seededCategories } = useBlogAdminCalls(dialect);
  let otherCategoryId = 0;
  beforeAll(() => {
    ({ otherCategoryId } = seededCategories);
  });

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
});
