import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Every published post, newest first: address and last change. */
export async function listPublishedPostPaths(db: Kysely<DB>) {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at'])
    .where('published', '=', 1)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every published portfolio project, in the portfolio's order. */
export async function listPublishedProjectPaths(db: Kysely<DB>) {
  return db
    .selectFrom('portfolio_projects')
    .select(['slug', 'updated_at'])
    .where('published', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
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
