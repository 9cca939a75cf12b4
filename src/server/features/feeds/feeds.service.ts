import { Feed } from 'feed';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { findSiteIdentity, listLatestPublishedPosts } from './feeds.repository';

/** How many posts the RSS feed carries. */
export const RSS_ITEM_COUNT = 20;

/** Crawlers may read the pages, not the back office or the API; the sitemap named is the index (ADR 0035). */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** A readable timestamp, or nothing (a bad value must not break the whole feed). */
function validDate(value: string | null | undefined): string | undefined {
  return value && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

function newest(values: (string | undefined)[]): string | undefined {
  const dates = values.filter((v): v is string => v !== undefined);
  return dates.length > 0 ? dates.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : undefined;
}

/** Characters XML 1.0 cannot carry at all, escaped or not; staff text should never hold them. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlSafe = (text: string) => text.replace(NOT_XML, '');

/** The post's date as the site shows it (YYYY-MM-DD) at midnight UTC; its last change if that is unreadable. */
function publicationDate(date: string, updatedAt: string): Date {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? new Date(updatedAt) : day;
}

/** RSS 2.0 of the newest published posts; the channel describes the company. */
export async function blogRss(db: Kysely<DB>, publicUrl: string): Promise<string> {
  const [company, posts] = await Promise.all([findSiteIdentity(db), listLatestPublishedPosts(db, RSS_ITEM_COUNT)]);
  const blogUrl = `${publicUrl}/blog`;
  const newestChange = newest(posts.map((p) => validDate(p.updated_at)));
  const feed = new Feed({
    id: blogUrl,
    title: xmlSafe(company ? `${company.name} Blog` : 'Blog'),
    description: xmlSafe(company?.tagline || company?.description || ''),
    link: blogUrl,
    language: 'en',
    feedLinks: { rss: `${publicUrl}/blog/rss.xml` },
    updated: newestChange ? new Date(newestChange) : undefined,
    copyright: company ? xmlSafe(`© ${new Date().getUTCFullYear()} ${company.name}`) : '',
    generator: false,
  });
  for (const post of posts) {
    const link = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
    feed.addItem({
      title: xmlSafe(post.title),
      link,
      // By id, so that a reader does not see the post again when its slug changes.
      guid: `${publicUrl}/blog/${Number(post.id)}`,
      date: publicationDate(post.date, post.updated_at),
      description: xmlSafe(post.excerpt),
      category: post.category_name ? [{ name: xmlSafe(post.category_name) }] : undefined,
      author: [{ name: xmlSafe(post.author) }],
    });
  }
  return feed.rss2();
}
