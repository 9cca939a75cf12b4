import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BLOG_SEARCH_MAX_RESULTS } from '../../../shared/contracts/blog.values';
import { blogAdminPostSchema } from '../../../shared/contracts/blog-admin';
import { testDialects } from '../../testing/test-database';
import { useBlogAdminCalls } from './blog-admin-testing';

/*
 * Full-text search of the blog (ADR 0021) on every database: ranking, the index following every
 * write, hostile search text, and search combined with filters and pages. Each test searches for words of
 * its own (random letters), so the demo posts and the other tests' posts never match.
 */

interface ListedPost {
  id: number;
  slug: string;
  title: string;
  date: string;
  category: { slug: string } | null;
}

/** A word no other post holds: letters only, so every database indexes it as one token. */
const word = () => `zq${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler${i}`).join(' ');

describe.each(testDialects)('blog full-text search on %s', (dialect) => {
  // The seeded categories web-dev (categoryId) and ai (otherCategoryId); the editor writes the posts.
  const { t, seededCategories, call, editor: staff } = useBlogAdminCalls(dialect);

  const create = async (over: { title: string; content?: string; excerpt?: string } & Record<string, unknown>) => {
    const res = await staff('POST', '/api/blog/posts', {
      excerpt: 'A short summary.',
      content: `<p>${filler(40)}</p>`,
      category_id: seededCategories.categoryId,
      author: 'Search Tester',
      image_url: 'https://images.example.com/cover.jpg',
      date: '2026-06-01',
      published: true,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return blogAdminPostSchema.parse(res.json().data.post);
  };

  /** The public list for a query string: slugs in order, and the totals. */
  const search = async (query: string) => {
    const res = await call('GET', `/api/blog/posts?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { posts: ListedPost[]; total: number; pages: number };
    return { ...data, slugs: data.posts.map((p) => p.slug) };
  };
  const q = (text: string) => `search=${encodeURIComponent(text)}`;

  describe('ranking', () => {
    it('puts a title match above a body-only match, whatever their dates', async () => {
      const w = word();
      const inBody = await create({
        title: 'Notes from the field',
        content: `<p>${filler(30)} ${w}</p>`,
        date: '2026-09-01',
      });
      const inTitle = await create({ title: `All about ${w}`, date: '2026-01-01' });
      const inExcerpt = await create({
        title: 'An unrelated heading',
        excerpt: `Why ${w} matters`,
        date: '2026-05-01',
      });
      const ranked = (await search(q(w))).slugs;
      expect(ranked[0]).toBe(inTitle.slug);
      expect(new Set(ranked)).toEqual(new Set([inTitle.slug, inExcerpt.slug, inBody.slug]));
      // SQLite and PostgreSQL weigh the excerpt between the two; MySQL weighs the title only (ADR 0021).
      if (dialect !== 'mysql') expect(ranked).toEqual([inTitle.slug, inExcerpt.slug, inBody.slug]);
      // POST /blog/search is the same search.
      const posted = await call('POST', '/api/blog/search', { body: { query: w } });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(posted.json().data.posts.map((p: ListedPost) => p.slug)).toEqual(ranked);
      // A sort the caller names wins over relevance.
      expect((await search(`${q(w)}&sort=newest`)).slugs).toEqual([inBody.slug, inExcerpt.slug, inTitle.slug]);
      expect((await search(`${q(w)}&sortBy=date&sortOrder=asc`)).slugs).toEqual([
        inTitle.slug,
        inExcerpt.slug,
        inBody.slug,
      ]);
    });

    it('orders equally relevant posts newest first', async () => {
      const w = word();
      const content = `<p>${filler(20)} ${w}</p>`;
      const older = await create({ title: 'Same words here', content, date: '2025-01-01' });
      const newer = await create({ title: 'Same words here', content, date: '2025-12-01' });
      expect((await search(q(w))).slugs).toEqual([newer.slug, older.slug]);
    });

    it('matches the beginning of words, needs every word, and ignores case', async () => {
      const [a, b] = [word(), word()];
      const both = await create({ title: `${a} and ${b}` });
      const onlyA = await create({ title: `${a} alone` });
      expect(new Set((await search(q(a.slice(0, 6)))).slugs)).toEqual(new Set([both.slug, onlyA.slug]));
      expect((await search(q(`${a} ${b}`))).slugs).toEqual([both.slug]);
      expect((await search(q(`${b.toUpperCase()}`))).slugs).toEqual([both.slug]);
      const accented = await create({ title: `Café ${a}` });
      expect((await search(q(`CAFÉ ${a}`))).slugs).toEqual([accented.slug]);
      // Accents are folded by SQLite and MySQL; PostgreSQL's 'simple' configuration keeps them (ADR 0021).
      if (dialect !== 'postgres') expect((await search(q(`cafe ${a}`))).slugs).toEqual([accented.slug]);
    });
  });

  describe('keeping the index in step with the writes', () => {
    it('finds a post once created, after an edit by its new words only, and never after a delete', async () => {
      const [before, after] = [word(), word()];
      const post = await create({ title: `Draft about ${before}` });
      expect((await search(q(before))).slugs).toEqual([post.slug]);

      const edited = await staff('PUT', `/api/blog/posts/${post.id}`, {
        title: 'A new title',
        content: `<p>Now about ${after} and ${filler(10)}</p>`,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await search(q(before))).slugs).toEqual([]);
      expect((await search(q(after))).slugs).toEqual([post.slug]);

      // Counters do not disturb the index.
      expect((await call('POST', `/api/blog/posts/${post.id}/like`)).statusCode).toBe(200);
      expect((await search(q(after))).slugs).toEqual([post.slug]);

      expect((await staff('DELETE', `/api/blog/posts/${post.id}`)).statusCode).toBe(200);
      expect((await search(q(after))).slugs).toEqual([]);
    });

    it('hides an unpublished post from visitors, keeps it for staff, and shows it again once published', async () => {
      const w = word();
      const post = await create({ title: `Toggle ${w}` });
      expect((await staff('PATCH', `/api/blog/posts/${post.id}/published`, { published: false })).statusCode).toBe(200);
      expect((await search(q(w))).slugs).toEqual([]);
      const forStaff = await staff('GET', `/api/blog/posts?${q(w)}`);
      expect(forStaff.json().data.posts.map((p: ListedPost) => p.slug)).toEqual([post.slug]);
      const bulk = await staff('PATCH', '/api/blog/bulk', { operation: 'publish', postIds: [post.id] });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect((await search(q(w))).slugs).toEqual([post.slug]);
      const removed = await staff('DELETE', '/api/blog/posts/bulk', { postIds: [post.id] });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await search(q(w))).slugs).toEqual([]);
    });
  });

  describe('short words and stopwords', () => {
    it('finds posts by words too short or too common for a full-text index', async () => {
      const w = word();
      const post = await create({ title: `Go at the edge of ${w}`, content: `<p>An AI toolkit. ${filler(10)}</p>` });
      for (const text of ['go', 'Go at', `the ${w}`, `at ${w}`, `of the edge ${w}`, `ai ${w}`]) {
        expect((await search(`${q(text)}&limit=50`)).slugs, text).toContain(post.slug);
      }
      expect((await search(q(`the ${w} nowhere${w}`))).slugs).toEqual([]);
    });
  });

  describe('hostile search text', () => {
    it('answers 200 with sane results for operators, quotes, wildcards, markup and emoji', async () => {
      const w = word();
      // The operator words of the engines are plain words of this post: a search for them needs them.
      const post = await create({
        title: `Hostile ${w} target`,
        content: `<p>${filler(20)} and or not near title drop table blog posts script</p>`,
      });
      const containing = [
        `"${w}"`,
        `${w}*`,
        `-${w}`,
        `+${w}`,
        `(${w})`,
        `${w} AND`,
        `OR ${w}`,
        `NOT ${w}`,
        `NEAR(${w})`,
        `${w}:*`,
        `'${w}'`,
        `${w}' OR ''='`,
        `${w}"; drop table blog_posts; --`,
        `${w} & | ! <-> :`,
        `title:${w}`,
        `{${w}}`,
        `[${w}]`,
        `${w}\\`,
        `@${w} ~${w} <${w}>`,
        `${w} 🚀`,
        `<script>${w}</script>`,
        `${w.toUpperCase()}`,
      ];
      for (const text of containing) {
        expect((await search(q(text))).slugs, text).toContain(post.slug);
      }
      const nothingToMatch = [
        '"',
        "'",
        '*',
        '-',
        '()',
        '(',
        '"unterminated',
        'AND',
        'OR',
        'NOT',
        'NEAR',
        ':*',
        '&|!',
        '%',
        '_',
        '%_%',
        '\\',
        '🚀🔥',
        '.'.repeat(200),
        `${w}${'x'.repeat(150)}`,
        'a'.repeat(200),
        `${'x '.repeat(100)}`,
        'e\u0301',
        '\u202e',
        '٣٤٥',
        '中文搜索',
      ];
      for (const text of nothingToMatch) {
        const res = await call('GET', `/api/blog/posts?${q(text)}`);
        expect(res.statusCode, `${text}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode === 200) expect(res.json().data.posts, text).toBeInstanceOf(Array);
        const posted = await call('POST', '/api/blog/search', { body: { query: text } });
        expect(posted.statusCode, `${text}: ${posted.body}`).toBeLessThan(500);
      }
      // A NUL is refused before the database sees it.
      expect((await call('GET', `/api/blog/posts?${q(`${w}\u0000`)}`)).statusCode).toBe(400);
      // Longer than the contract allows: a 400 naming the field, not a database error.
      expect((await call('GET', `/api/blog/posts?${q('y'.repeat(201))}`)).statusCode).toBe(400);
    });
  });

  describe('with filters and pages', () => {
    it('combines search with category, tag and featured, and pages through every match once', async () => {
      const [w, tag] = [word(), word()];
      const inWebDev = [];
      for (let i = 0; i < 5; i += 1) {
        inWebDev.push(await create({ title: `${w} part ${i}`, date: `2026-03-0${i + 1}`, tags: i < 2 ? tag : '' }));
      }
      const inAi = await create({ title: `${w} elsewhere`, category_id: seededCategories.otherCategoryId });

      const all = await search(`${q(w)}&limit=50`);
      expect(all.total).toBe(6);
      const pages = [];
      for (let page = 1; page <= 3; page += 1) {
        const result = await search(`${q(w)}&category=web-dev&limit=2&page=${page}`);
        expect(result.total).toBe(5);
        expect(result.pages).toBe(3);
        expect(result.posts.every((p) => p.category?.slug === 'web-dev')).toBe(true);
        pages.push(...result.slugs);
      }
      expect(pages).toHaveLength(5);
      expect(new Set(pages)).toEqual(new Set(inWebDev.map((p) => p.slug)));
      expect((await search(`${q(w)}&category=ai`)).slugs).toEqual([inAi.slug]);
      expect(new Set((await search(`${q(w)}&tag=${tag}`)).slugs)).toEqual(
        new Set(inWebDev.slice(0, 2).map((p) => p.slug)),
      );
      expect((await search(`${q(w)}&exclude=${inAi.slug}&limit=50`)).total).toBe(5);
      expect((await search(`${q(w)}&from=2026-03-04&to=2026-03-05`)).total).toBe(2);
      expect((await search(`${q(w)}&featured=true`)).total).toBe(0);
      const posted = await call('POST', '/api/blog/search', { body: { query: w, category: 'ai' } });
      expect(posted.json().data.posts.map((p: ListedPost) => p.slug)).toEqual([inAi.slug]);
    });
  });

  describe('a word in more posts than a search answers', () => {
    it('answers the first BLOG_SEARCH_MAX_RESULTS matches, pages through them once, and counts every match for staff', async () => {
      const w = word();
      const count = BLOG_SEARCH_MAX_RESULTS + 5;
      const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
      // Straight into the table (a thousand API calls would take minutes): the database's own triggers
      // and index take them in, as for any write (ADR 0021).
      const rows = Array.from({ length: count }, (_, i) => ({
        slug: `${w}-${i}`,
        title: i === 3 ? `All about ${w}` : `Common post ${i}`,
        excerpt: 'A short summary.',
        content: `<p>${filler(5)} ${w}</p>`,
        image_url: null,
        category_id: seededCategories.categoryId,
        author: 'Search Tester',
        date: day(i),
        read_time: 1,
        views: 0,
        likes: 0,
        featured: 0,
        published: 1,
        seo_title: null,
        seo_description: null,
        sort_order: 0,
        published_at: `${day(i)}T09:00:00.000Z`,
        created_at: `${day(i)}T09:00:00.000Z`,
        updated_at: `${day(i)}T09:00:00.000Z`,
      }));
      for (let start = 0; start < count; start += 250) {
        await t.db.database.db
          .insertInto('blog_posts')
          .values(rows.slice(start, start + 250))
          .execute();
      }

      const first = await search(`${q(w)}&limit=100`);
      expect(first.total).toBe(BLOG_SEARCH_MAX_RESULTS);
      expect(first.pages).toBe(BLOG_SEARCH_MAX_RESULTS / 100);
      const seen = [...first.slugs];
      for (let page = 2; page <= first.pages; page += 1) {
        const next = await search(`${q(w)}&limit=100&page=${page}`);
        expect(next.total).toBe(BLOG_SEARCH_MAX_RESULTS);
        seen.push(...next.slugs);
      }
      expect(seen).toHaveLength(BLOG_SEARCH_MAX_RESULTS);
      expect(new Set(seen).size).toBe(BLOG_SEARCH_MAX_RESULTS);
      expect(seen.every((slug) => slug.startsWith(`${w}-`))).toBe(true);
      expect((await search(`${q(w)}&limit=100&page=${first.pages + 1}`)).slugs).toEqual([]);

      const newest = await search(`${q(w)}&sort=newest`);
      expect(newest.total).toBe(BLOG_SEARCH_MAX_RESULTS);
      if (dialect !== 'mysql') {
        // SQLite and PostgreSQL answer the best matches: the title match first, the newest posts by date.
        expect(first.slugs[0]).toBe(`${w}-3`);
        expect(newest.slugs.slice(0, 3)).toEqual([`${w}-${count - 1}`, `${w}-${count - 2}`, `${w}-${count - 3}`]);
      }
      // Below the cap nothing changes: a narrower search counts exactly.
      expect((await search(q(`${w} about`))).total).toBe(1);

      // Staff lists count and rank every match.
      const forStaff = await staff('GET', `/api/blog/posts?${q(w)}&limit=1`);
      expect(forStaff.statusCode, forStaff.body).toBe(200);
      expect(forStaff.json().data.total).toBe(count);
      expect(forStaff.json().data.posts[0].slug).toBe(`${w}-3`);
    });
  });
});
