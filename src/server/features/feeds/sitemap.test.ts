import { beforeAll, describe, expect, it, vi } from 'vitest';
import { xml2js, type ElementCompact } from 'xml-js';
import { demoBlogPosts } from '../../seed/demo-blog-posts';
import { bearer, createSignedIn, freshIp, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { SITEMAP_MAX_URLS, parseSitemapChild, sitemapChildXml, sitemapIndexXml } from './sitemap.service';

const PUBLIC_URL = 'https://www.studio.example';
const draft = demoBlogPosts.find((p) => !p.published)!;

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const locsOf = (xml: string, element: 'urlset' | 'sitemapindex') => {
  const root = (xml2js(xml, { compact: true }) as ElementCompact)[element] as ElementCompact | undefined;
  const entries = list(root?.[element === 'urlset' ? 'url' : 'sitemap'] as ElementCompact[] | undefined);
  return entries.map((e) => String((e.loc as ElementCompact)._text));
};

describe('the sitemap limit', () => {
  it('is the protocol’s 50,000 addresses per file, and the default of the index and of every child', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapIndexXml.length).toBe(2); // the limit is an optional third argument
    expect(sitemapChildXml.length).toBe(3);
  });

  it('names children by section and number from 1 only', () => {
    expect(parseSitemapChild('pages')).toEqual({ kind: 'pages' });
    expect(parseSitemapChild('posts-12')).toEqual({ kind: 'section', section: 'posts', number: 12 });
    for (const name of ['posts-0', 'posts-01', 'posts-', 'posts-1234567', 'users-1', 'pages-1', '']) {
      expect(parseSitemapChild(name), name).toBeUndefined();
    }
  });
});

describe.each(testDialects)('the sitemap index on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { PUBLIC_URL } });
  let editor: Session;
  let admin: Session;
  let publishedSlugs: string[] = [];

  beforeAll(async () => {
    editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
    admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    const rows = await t.db.database.db
      .selectFrom('blog_posts')
      .select('slug')
      .where('published', '=', 1)
      .orderBy('id')
      .execute();
    publishedSlugs = rows.map((r) => r.slug);
  });

  /** The post addresses of every posts child the index names at this limit, child by child. */
  async function postChildren(limit: number): Promise<string[][]> {
    const db = t.db.database.db;
    const children = locsOf(await sitemapIndexXml(db, PUBLIC_URL, limit), 'sitemapindex').filter((loc) =>
      loc.includes('/sitemap-posts-'),
    );
    const files: string[][] = [];
    for (const [i, loc] of children.entries()) {
      expect(loc).toBe(`${PUBLIC_URL}/sitemap-posts-${i + 1}.xml`);
      const xml = await sitemapChildXml(db, PUBLIC_URL, { kind: 'section', section: 'posts', number: i + 1 }, limit);
      files.push(locsOf(xml!, 'urlset'));
    }
    // The child after the last one does not exist.
    const past = { kind: 'section', section: 'posts', number: children.length + 1 } as const;
    expect(await sitemapChildXml(db, PUBLIC_URL, past, limit)).toBeUndefined();
    return files;
  }

  it('splits the posts into children of at most the limit, each post once, in id order', async () => {
    const n = publishedSlugs.length;
    expect(n).toBeGreaterThan(3);
    const expected = publishedSlugs.map((slug) => `${PUBLIC_URL}/blog/${slug}`);
    // Exactly at the limit: one full child. One over: a second child with one address.
    expect(await postChildren(n)).toEqual([expected]);
    expect(await postChildren(n - 1)).toEqual([expected.slice(0, n - 1), expected.slice(n - 1)]);
    // A limit of 2: ⌈n / 2⌉ children of 2 (the last of 1 or 2).
    const pairs = await postChildren(2);
    expect(pairs).toHaveLength(Math.ceil(n / 2));
    for (const file of pairs) expect(file.length).toBeLessThanOrEqual(2);
    expect(pairs.flat()).toEqual(expected);
    // At the real limit every post fits in one child.
    const real = locsOf(await sitemapIndexXml(t.db.database.db, PUBLIC_URL), 'sitemapindex');
    expect(real.filter((loc) => loc.includes('/sitemap-posts-'))).toEqual([`${PUBLIC_URL}/sitemap-posts-1.xml`]);
  });

  it('is kept by the page cache until a publish purges it', async () => {
    const db = t.db.database.db;
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const draftPost = await db
      .selectFrom('blog_posts')
      .select('id')
      .where('slug', '=', draft.slug)
      .executeTakeFirstOrThrow();
    const draftUrl = `${PUBLIC_URL}/blog/${draft.slug}`;
    const paths = ['/sitemap.xml', '/sitemap-posts-1.xml', '/sitemap-pages.xml', '/blog/rss.xml'];
    const first = await get('/sitemap-posts-1.xml');
    expect(locsOf(first.body, 'urlset')).not.toContain(draftUrl);
    for (const path of paths) expect((await get(path)).statusCode, path).toBe(200);
    expect(t.app.pageCache.keys()).toEqual(expect.arrayContaining(paths));

    // Changed behind the API's back: the kept file is served, the database is not read again.
    await db.updateTable('blog_posts').set({ published: 1 }).where('id', '=', draftPost.id).execute();
    const hitsBefore = t.app.pageCache.stats().hits;
    const kept = await get('/sitemap-posts-1.xml');
    expect(kept.body).toBe(first.body);
    expect(t.app.pageCache.stats().hits).toBe(hitsBefore + 1);
    // A conditional request gets 304 from the kept file.
    const notModified = await t.app.inject({
      method: 'GET',
      url: '/sitemap-posts-1.xml',
      headers: { 'if-none-match': String(kept.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    await db.updateTable('blog_posts').set({ published: 0 }).where('id', '=', draftPost.id).execute();

    // Publishing through the API purges every sitemap file and the feed: the next request lists the post.
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/blog/posts/${Number(draftPost.id)}/published`,
      headers: bearer(editor.token),
      payload: { published: true },
      remoteAddress: freshIp(),
    });
    expect(published.statusCode, published.body).toBe(200);
    for (const path of paths) expect(t.app.pageCache.keys()).not.toContain(path);
    expect(locsOf((await get('/sitemap-posts-1.xml')).body, 'urlset')).toContain(draftUrl);
    expect((await get('/blog/rss.xml')).body).toContain(draftUrl);
  });

  it('builds a file once for requests that come together, with the page cache switched off too', async () => {
    const cacheSwitch = (cacheEnabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/system/settings',
        headers: bearer(admin.token),
        payload: { maintenanceMode: false, maintenanceMessage: '', debugMode: false, cacheEnabled },
        remoteAddress: freshIp(),
      });
    expect((await cacheSwitch(false)).statusCode).toBe(200);
    const db = t.app.database.db;
    const reads = vi.spyOn(db, 'selectFrom');
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/sitemap-posts-1.xml' })),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toBe(answers[0]!.body);
      }
      // One build: where the child starts, then one keyset page (fewer posts than a page holds) and the old
      // addresses among its rows (left out, ADR 0039).
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      reads.mockRestore();
      expect((await cacheSwitch(true)).statusCode).toBe(200);
    }
  });
});
