import { beforeAll, describe, expect, it } from 'vitest';
import { xml2js, type ElementCompact } from 'xml-js';
import { demoBlogPosts } from '../../seed/demo-blog-posts';
import { demoProjects } from '../../seed/demo-projects';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../pages/page-cache';
import { RSS_ITEM_COUNT } from './feeds.service';

const PUBLIC_URL = 'https://www.studio.example';
const draft = demoBlogPosts.find((p) => !p.published)!;
const unpublishedProject = demoProjects.find((p) => !p.published)!;
const SPECIAL = {
  slug: 'ampersands-and-angles',
  title: 'Tips & <Tricks> for "quoted" ]]> text',
  // U+0007 cannot appear in XML at all, not even escaped: it is left out.
  excerpt: 'Less < more & faster > slower\u0007',
  author: "O'Brien & Partners",
};

/** Parses strictly (throws on XML that is not well-formed); text and CDATA both land in `_text`. */
function parse(xml: string): ElementCompact {
  return xml2js(xml, { compact: true, cdataKey: '_text' }) as ElementCompact;
}
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
/** An element's text; a CDATA section split around ']]>' comes back in pieces. */
const text = (element: ElementCompact | undefined) => list(element?._text as string | string[] | undefined).join('');

describe.each(testDialects)('robots.txt, sitemap.xml and the blog RSS feed on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { PUBLIC_URL } });
  const get = (url: string) =>
    // A forged Host header must not change any address.
    t.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });

  beforeAll(async () => {
    const db = t.db.database.db;
    const category = await db
      .selectFrom('blog_categories')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const post = (slug: string, date: string, published: number) => ({
      slug,
      title: `Older post ${slug}`,
      excerpt: 'An older post.',
      content: '<p>Text</p>',
      category_id: category.id,
      author: 'Staff Writer',
      date,
      published,
      created_at: now,
      updated_at: now,
    });
    // Enough older posts that the feed has to leave some out.
    const older = Array.from({ length: RSS_ITEM_COUNT }, (_, i) =>
      post(`older-post-${i}`, `2020-01-${String(i + 1).padStart(2, '0')}`, 1),
    );
    await db.insertInto('blog_posts').values(older).execute();
    await db
      .insertInto('blog_posts')
      .values({ ...post(SPECIAL.slug, '2026-12-31', 1), ...SPECIAL, updated_at: '2026-12-31T09:30:00.000Z' })
      .execute();
  });

  describe('/robots.txt', () => {
    it('allows the site, keeps crawlers out of /admin and /api and names the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const lines = res.body.trim().split('\n');
      expect(lines).toEqual([
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin',
        'Disallow: /api',
        '',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]);
    });
  });

  /** Every child the index names, each parsed: the addresses with their lastmod. */
  async function sitemapUrls() {
    const index = await get('/sitemap.xml');
    expect(index.statusCode, index.body).toBe(200);
    const children = list(parse(index.body).sitemapindex?.sitemap as ElementCompact[]).map((s) => text(s.loc));
    const urls: { loc: string; lastmod: string | undefined }[] = [];
    for (const child of children) {
      expect(child.startsWith(`${PUBLIC_URL}/sitemap-`)).toBe(true);
      const res = await get(new URL(child).pathname);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      for (const u of list(parse(res.body).urlset?.url as ElementCompact[])) {
        urls.push({ loc: text(u.loc), lastmod: u.lastmod ? text(u.lastmod) : undefined });
      }
    }
    return { index, children, urls };
  }

  describe('/sitemap.xml', () => {
    it('is an index of the fixed pages, the posts and the projects, each listed with lastmod, nothing unpublished', async () => {
      const { index, children, urls } = await sitemapUrls();
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
      // Kept by the page cache like a page: a CDN may keep it a minute, a browser checks its ETag.
      expect(index.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(index.headers.etag).toBeDefined();
      expect(children).toEqual([
        `${PUBLIC_URL}/sitemap-pages.xml`,
        `${PUBLIC_URL}/sitemap-posts-1.xml`,
        `${PUBLIC_URL}/sitemap-projects-1.xml`,
      ]);
      const locs = urls.map((u) => u.loc);
      expect(locs.slice(0, 4)).toEqual([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/blog`,
        `${PUBLIC_URL}/portfolio`,
        `${PUBLIC_URL}/verify-certificate`,
      ]);
      const db = t.db.database.db;
      const publishedPosts = await db.selectFrom('blog_posts').select('slug').where('published', '=', 1).execute();
      const publishedProjects = await db
        .selectFrom('portfolio_projects')
        .select('slug')
        .where('published', '=', 1)
        .execute();
      expect(publishedPosts.length).toBeGreaterThan(RSS_ITEM_COUNT);
      expect(publishedProjects.length).toBeGreaterThan(0);
      expect(locs.length).toBe(4 + publishedPosts.length + publishedProjects.length);
      expect(new Set(locs).size).toBe(locs.length);
      for (const { slug } of publishedPosts) expect(locs).toContain(`${PUBLIC_URL}/blog/${slug}`);
      for (const { slug } of publishedProjects) expect(locs).toContain(`${PUBLIC_URL}/portfolio/${slug}`);
      expect(locs).not.toContain(`${PUBLIC_URL}/blog/${draft.slug}`);
      expect(locs).not.toContain(`${PUBLIC_URL}/portfolio/${unpublishedProject.slug}`);
      expect(index.body).not.toContain('evil.example');

      const special = urls.find((u) => u.loc === `${PUBLIC_URL}/blog/${SPECIAL.slug}`);
      expect(special?.lastmod).toBe('2026-12-31T09:30:00.000Z');
      // A section's lastmod is the newest change of its entries.
      expect(urls[1]?.lastmod).toBe('2026-12-31T09:30:00.000Z');
      for (const u of urls.slice(4)) expect(Number.isNaN(Date.parse(u.lastmod ?? ''))).toBe(false);
    });

    it('answers 404 in the error envelope for a child the index does not name', async () => {
      for (const path of [
        '/sitemap-posts-2.xml',
        '/sitemap-projects-9.xml',
        '/sitemap-posts-0.xml',
        '/sitemap-x.xml',
      ]) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    });
  });

  describe('/blog/rss.xml', () => {
    it('is RSS 2.0 of the newest published posts, channel from the company profile', async () => {
      const res = await get('/blog/rss.xml');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      const rss = parse(res.body).rss as ElementCompact;
      expect(rss._attributes?.version).toBe('2.0');
      const channel = rss.channel as ElementCompact;
      const company = await t.db.database.db
        .selectFrom('company_profile')
        .select(['name', 'tagline'])
        .executeTakeFirstOrThrow();
      expect(text(channel.title)).toBe(`${company.name} Blog`);
      expect(text(channel.description)).toBe(company.tagline);
      expect(text(channel.link)).toBe(`${PUBLIC_URL}/blog`);
      expect(res.body).not.toContain('evil.example');

      const items = list(channel.item as ElementCompact[]);
      expect(items).toHaveLength(RSS_ITEM_COUNT);
      const expected = await t.db.database.db
        .selectFrom('blog_posts')
        .select(['id', 'slug'])
        .where('published', '=', 1)
        .orderBy('date', 'desc')
        .orderBy('id', 'desc')
        .limit(RSS_ITEM_COUNT)
        .execute();
      expect(items.map((i) => text(i.link))).toEqual(expected.map((p) => `${PUBLIC_URL}/blog/${p.slug}`));
      expect(items.map((i) => text(i.guid))).toEqual(expected.map((p) => `${PUBLIC_URL}/blog/${Number(p.id)}`));
      expect(items.some((i) => text(i.link).endsWith(`/blog/${draft.slug}`))).toBe(false);
      for (const item of items) expect(Number.isNaN(Date.parse(text(item.pubDate)))).toBe(false);

      const newestDemo = demoBlogPosts.filter((p) => p.published).sort((a, b) => b.date.localeCompare(a.date))[0]!;
      const demoItem = items.find((i) => text(i.link) === `${PUBLIC_URL}/blog/${newestDemo.slug}`)!;
      expect(text(demoItem.title)).toBe(newestDemo.title);
      expect(text(demoItem.description)).toBe(newestDemo.excerpt);
      expect(text(demoItem.author)).toBe(newestDemo.author);
      expect(text(demoItem.category as ElementCompact)).not.toBe('');
      expect(new Date(text(demoItem.pubDate)).toISOString()).toBe(`${newestDemo.date}T00:00:00.000Z`);
    });

    it('escapes special characters: the parsed feed gives back the exact text', async () => {
      const res = await get('/blog/rss.xml');
      const items = list(((parse(res.body).rss as ElementCompact).channel as ElementCompact).item as ElementCompact[]);
      const item = items[0]!;
      expect(text(item.link)).toBe(`${PUBLIC_URL}/blog/${SPECIAL.slug}`);
      expect(text(item.title)).toBe(SPECIAL.title);
      expect(text(item.description)).toBe('Less < more & faster > slower');
      expect(text(item.author)).toBe(SPECIAL.author);
    });

    it('leaves a post out once it is unpublished', async () => {
      const db = t.db.database.db;
      await db.updateTable('blog_posts').set({ published: 0 }).where('slug', '=', SPECIAL.slug).execute();
      // Written behind the API's back: the purge an API write makes (the feeds are kept by the page cache).
      await t.app.pageCache.purge(['posts']);
      try {
        const rss = await get('/blog/rss.xml');
        expect(rss.body).not.toContain(`/blog/${SPECIAL.slug}<`);
        const { urls } = await sitemapUrls();
        expect(urls.map((u) => u.loc)).not.toContain(`${PUBLIC_URL}/blog/${SPECIAL.slug}`);
      } finally {
        await db.updateTable('blog_posts').set({ published: 1 }).where('slug', '=', SPECIAL.slug).execute();
        await t.app.pageCache.purge(['posts']);
      }
    });
  });
});
