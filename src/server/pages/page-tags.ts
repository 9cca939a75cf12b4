/*
 * The page cache's tags (ADR 0020), the one vocabulary of what a page reads and what a write changes. A
 * page's loaders record the tags of what they read (pages/web.ts, the feeds); a write purges the tags its
 * route declares (`purges`, page-purges.ts; scheduled publishing its own), and every page carrying one of
 * them is rendered again. A value kept in memory (PageCache.keep, counts) is forgotten on a purge of its tag.
 */

/** What many pages show: a list (and what lists it), or a value every page reads. */
export const LIST_TAGS = [
  /** Every post list and article (related posts, categories, counts), the sitemap and the RSS feed. */
  'posts',
  /** Every article's comments (a comment deleted by staff does not name its article). */
  'comments',
  /** Every project list and project page (related projects), the sitemap. */
  'projects',
  /** The company profile every page shows, the RSS feed. */
  'company',
  /** The SEO settings every page reads. */
  'seo',
  /** The landing page's sections (services, team, testimonials, packages, internships, tech stack). */
  'landing',
] as const;
export type ListTag = (typeof LIST_TAGS)[number];

/** One post or project, under each name a page or a write calls it by (its slug, its id). */
export type ItemTag = `post:${string}` | `project:${string}`;

export type PageTag = ListTag | ItemTag;

export const postTag = (slugOrId: string | number): ItemTag => `post:${slugOrId}`;
export const projectTag = (slugOrId: string | number): ItemTag => `project:${slugOrId}`;
