import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The tables whose published rows have a page of their own. */
export type PublishedTable = 'blog_posts' | 'portfolio_projects';

/** Published rows of the table: the covering index (published, id) answers it. */
export async function countPublished(db: Kysely<DB>, table: PublishedTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('published', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The id of the published row at this position (from 0) in id order, or undefined past the last: where
 * one sitemap child starts. It walks the index (published, id) only, never the rows.
 */
export async function publishedIdAt(db: Kysely<DB>, table: PublishedTable, position: number) {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('published', '=', 1)
    .orderBy('id')
    .limit(1)
    .offset(position)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/** Up to `limit` published rows from id `fromId` (included) on, in id order: one keyset page. */
export async function publishedPathsFrom(db: Kysely<DB>, table: PublishedTable, fromId: number, limit: number) {
  return db
    .selectFrom(table)
    .select(['id', 'slug', 'updated_at'])
    .where('published', '=', 1)
    .where('id', '>=', fromId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The newest change of a published row, or undefined when none is published. */
export async function newestPublishedChange(db: Kysely<DB>, table: PublishedTable): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select('updated_at')
    .where('published', '=', 1)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.updated_at;
}

/** The newest published posts as a feed lists them (the order of the blog's 'newest'). */
export async function listLatestPublishedPosts(db: Kysely<DB>, limit: number) {
  return db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.title', 'p.excerpt', 'p.author', 'p.date', 'p.updated_at', 'c.name as category_name'])
    .where('p.published', '=', 1)
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** What the feed's channel says about the site. */
export async function findSiteIdentity(db: Kysely<DB>) {
  return db
    .selectFrom('company_profile')
    .select(['name', 'tagline', 'description', 'email'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
