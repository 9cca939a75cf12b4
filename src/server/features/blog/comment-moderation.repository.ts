import { sql, type Kysely, type Transaction } from 'kysely';
import { pageWithTotal } from '../../db/query-helpers';
import type { CommentStatus, DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The staff queue: comments newest first with their post, filtered by post and status. */
export async function listCommentsForStaff(
  db: Kysely<DB>,
  filter: { postId?: number; status?: CommentStatus },
  page: number,
  limit: number,
) {
  let query = db.selectFrom('blog_comments as m').innerJoin('blog_posts as p', 'p.id', 'm.post_id');
  if (filter.postId !== undefined) query = query.where('m.post_id', '=', filter.postId);
  if (filter.status !== undefined) query = query.where('m.status', '=', filter.status);
  return pageWithTotal(
    query,
    (q) =>
      q
        .select([
          'm.id',
          'm.post_id',
          'p.title as post_title',
          'p.slug as post_slug',
          'm.name',
          'm.email',
          'm.message',
          'm.status',
          'm.review_reason',
          'm.created_at',
        ])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc'),
    page,
    limit,
  );
}

/** How many comments each status holds, over every post (or one post). */
export async function countCommentsByStatus(db: Kysely<DB>, postId?: number) {
  let query = db.selectFrom('blog_comments');
  if (postId !== undefined) query = query.where('post_id', '=', postId);
  const rows = await query
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, approved: 0, spam: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/**
 * What the comments already stored say about an address: whether one was approved, whether one was
 * marked as spam, and how many it sent since `since` (ISO 8601).
 */
export async function addressHistory(db: Db, email: string, since: string) {
  const row = await db
    .selectFrom('blog_comments')
    .where('email', '=', email)
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(sql`case when ${sql.ref('status')} = 'approved' then 1 else 0 end`)
        .as('approved'),
      eb.fn.sum<number | string | null>(sql`case when ${sql.ref('status')} = 'spam' then 1 else 0 end`).as('spam'),
      eb.fn
        .sum<number | string | null>(sql`case when ${sql.ref('created_at')} >= ${since} then 1 else 0 end`)
        .as('recent'),
    ])
    .executeTakeFirstOrThrow();
  return { approved: Number(row.approved ?? 0), spam: Number(row.spam ?? 0), recent: Number(row.recent ?? 0) };
}

/** The comments that exist among `ids`, with their post (for the cache and the recent activity). */
export async function findComments(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blog_comments as m')
    .innerJoin('blog_posts as p', 'p.id', 'm.post_id')
    .select(['m.id', 'm.status', 'p.title as post_title'])
    .where('m.id', 'in', ids)
    .execute();
}

/** Sets the status of these comments; the reason a comment waited goes once staff decided. */
export async function setCommentStatus(db: Db, ids: number[], status: CommentStatus): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('blog_comments')
    .set({ status, review_reason: null })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteComments(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('blog_comments').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
