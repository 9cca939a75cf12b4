import { sql, type Kysely } from 'kysely';
import { countWithSlugs, scheduledItems } from '../../db/publishable-items';
import type { DB } from '../../db/schema';

const num = (value: unknown) => Number(value ?? 0);

/** Posts in all, published, their views and likes, and the `topPosts` most popular (the analytics dashboards). */
export async function blogFigures(db: Kysely<DB>, topPosts: number) {
  const [totals, top] = await Promise.all([
    db
      .selectFrom('blog_posts')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(published), 0)`.as('published'),
        sql<number>`coalesce(sum(views), 0)`.as('views'),
        sql<number>`coalesce(sum(likes), 0)`.as('likes'),
      ])
      .executeTakeFirstOrThrow(),
    // Popularity = views + 2 × likes.
    db
      .selectFrom('blog_posts')
      .select(['id', 'title', 'slug', 'views', 'likes', 'published'])
      .orderBy(sql`views + 2 * likes`, 'desc')
      .orderBy('id')
      .limit(topPosts)
      .execute(),
  ]);
  return {
    total: num(totals.total),
    published: num(totals.published),
    views: num(totals.views),
    likes: num(totals.likes),
    top: top.map((p) => ({
      id: num(p.id),
      title: p.title,
      slug: p.slug,
      views: num(p.views),
      likes: num(p.likes),
      published: num(p.published) === 1,
    })),
  };
}

/** Posts scheduled (not published, with a publish time): how many, and the `limit` going live soonest (ADR 0040). */
export const scheduledPosts = (db: Kysely<DB>, limit: number) => scheduledItems(db, 'blog_posts', limit);

/** Comments held for review (ADR 0048). */
export async function heldComments(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('blog_comments')
    .where('status', '=', 'pending')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return num(row.n);
}

/** How many posts have one of these slugs (the demo content's, for the setup check). */
export const countPostsWithSlugs = (db: Kysely<DB>, slugs: readonly string[]) =>
  countWithSlugs(db, 'blog_posts', slugs);
