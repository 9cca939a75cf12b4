import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/*
 * Queries that read the same way on each table of publishable items (posts, projects), called by the feature
 * that owns the table with its own table's name.
 */

/** A table of items published on a schedule (ADR 0040). */
export type PublishableTable = 'blog_posts' | 'portfolio_projects';

/** Items scheduled (not published, with a publish time): how many, and the `limit` going live soonest. */
export async function scheduledItems(db: Kysely<DB>, table: PublishableTable, limit: number) {
  // Both tables have these columns with these types; Kysely types the query through one of them.
  const scheduled = db
    .selectFrom(table as 'blog_posts')
    .where('published', '=', 0)
    .where('publish_at', 'is not', null);
  const [count, next] = await Promise.all([
    scheduled.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    scheduled.select(['id', 'title', 'publish_at']).orderBy('publish_at').limit(limit).execute(),
  ]);
  return {
    count: Number(count.n ?? 0),
    next: next.map((p) => ({ id: Number(p.id), title: p.title, publish_at: p.publish_at! })),
  };
}

/** How many items of the table have one of these slugs. */
export async function countWithSlugs(db: Kysely<DB>, table: PublishableTable, slugs: readonly string[]) {
  const row = await db
    .selectFrom(table as 'blog_posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('slug', 'in', slugs)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}
