import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ErrorLevel, SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { DB } from '../../db/schema';
import { redirectedAmong } from '../../pages/redirects.repository';
import {
  countPublished,
  newestPublishedChange,
  publishedIdAt,
  publishedPathsFrom,
  type PublishedTable,
} from './feeds.repository';

/*
 * The sitemap (ADR 0035): /sitemap.xml is always a sitemap index naming its children, /sitemap-pages.xml
 * (the fixed pages) and /sitemap-posts-N.xml, /sitemap-projects-N.xml with at most SITEMAP_MAX_URLS
 * addresses each (the protocol's limit), in id order, so a new post only ever changes the last child.
 * Children sit at the root: a sitemap may only name addresses below its own folder. A child is written
 * from keyset pages of the database (SITEMAP_BATCH rows at a time), never from every row at once.
 */

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read from the database at a time while a child is written. */
const SITEMAP_BATCH = 1000;
/** Pages of the site that exist whatever the content. */
const FIXED_PAGES = ['/', '/blog', '/portfolio', '/verify-certificate'] as const;

export type SitemapSection = 'posts' | 'projects';

const SECTIONS: Record<SitemapSection, { table: PublishedTable; path: string }> = {
  posts: { table: 'blog_posts', path: '/blog' },
  projects: { table: 'portfolio_projects', path: '/portfolio' },
};

/** What a child's name (the part between "sitemap-" and ".xml") names, or undefined for any other name. */
export type SitemapChild = { kind: 'pages' } | { kind: 'section'; section: SitemapSection; number: number };

export function parseSitemapChild(name: string): SitemapChild | undefined {
  if (name === 'pages') return { kind: 'pages' };
  const match = /^(posts|projects)-([1-9]\d{0,5})$/.exec(name);
  if (!match) return undefined;
  return { kind: 'section', section: match[1] as SitemapSection, number: Number(match[2]) };
}

/** A timestamp the sitemap accepts, or nothing (a bad value must not break the whole file). */
function validDate(value: string | null | undefined): string | undefined {
  return value && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

const item = (url: string, lastmod: string | undefined): SitemapItemLoose => ({
  url,
  ...(validDate(lastmod) ? { lastmod: validDate(lastmod) } : {}),
});

async function written(stream: SitemapStream | SitemapIndexStream, items: AsyncIterable<unknown> | unknown[]) {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString('utf8');
}

/** Not validated item by item (a fifth of the time): every address and date is built and checked here. */
const urlsetStream = () =>
  new SitemapStream({ level: ErrorLevel.SILENT, xmlns: { news: false, video: false, image: false, xhtml: false } });

/** The index: the fixed pages' child, then as many children per section as its published rows need. */
export async function sitemapIndexXml(
  db: Kysely<DB>,
  publicUrl: string,
  maxUrls: number = SITEMAP_MAX_URLS,
): Promise<string> {
  const children = [`${publicUrl}/sitemap-pages.xml`];
  for (const [section, { table }] of Object.entries(SECTIONS)) {
    const files = Math.ceil((await countPublished(db, table)) / maxUrls);
    for (let n = 1; n <= files; n += 1) children.push(`${publicUrl}/sitemap-${section}-${n}.xml`);
  }
  return written(new SitemapIndexStream(), children);
}

/** Keyset pages of one section's child, from its first row to at most `maxUrls` rows. */
async function* sectionItems(
  db: Kysely<DB>,
  publicUrl: string,
  section: SitemapSection,
  firstId: number,
  maxUrls: number,
): AsyncGenerator<SitemapItemLoose> {
  const { table, path } = SECTIONS[section];
  let next = firstId;
  let left = maxUrls;
  while (left > 0) {
    const rows = await publishedPathsFrom(db, table, next, Math.min(SITEMAP_BATCH, left));
    // An address that is an old one (a redirect from it, ADR 0039) is never listed.
    const paths = rows.map((row) => `${path}/${encodeURIComponent(row.slug)}`);
    const redirected = await redirectedAmong(db, paths);
    for (const [index, row] of rows.entries()) {
      const rowPath = paths[index] ?? '';
      if (!redirected.has(rowPath)) yield item(`${publicUrl}${rowPath}`, row.updated_at);
    }
    left -= rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < SITEMAP_BATCH) return;
    next = Number(last.id) + 1;
  }
}

/** One child's XML, or undefined when the index names no such child (past the last one). */
export async function sitemapChildXml(
  db: Kysely<DB>,
  publicUrl: string,
  child: SitemapChild,
  maxUrls: number = SITEMAP_MAX_URLS,
): Promise<string | undefined> {
  if (child.kind === 'pages') {
    // A section's lastmod is the newest change of its entries.
    const [posts, projects] = await Promise.all([
      newestPublishedChange(db, 'blog_posts'),
      newestPublishedChange(db, 'portfolio_projects'),
    ]);
    const lastmod: Record<string, string | undefined> = { '/blog': posts, '/portfolio': projects };
    return written(
      urlsetStream(),
      FIXED_PAGES.map((page) => item(`${publicUrl}${page}`, lastmod[page])),
    );
  }
  const firstId = await publishedIdAt(db, SECTIONS[child.section].table, (child.number - 1) * maxUrls);
  if (firstId === undefined) return undefined;
  return written(urlsetStream(), sectionItems(db, publicUrl, child.section, firstId, maxUrls));
}
