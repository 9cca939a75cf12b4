import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * What waits for staff on the Overview: comments held for review (ADR 0048), and the leads whose follow-up
 * day has come (on or before `today`, the site's day; ADR 0047), with the `limit` due longest.
 */
export async function waitingFigures(db: Kysely<DB>, today: string, limit: number) {
  const due = db.selectFrom('contacts').where('follow_up_on', '<=', today);
  const [comments, followUps, items] = await Promise.all([
    db
      .selectFrom('blog_comments')
      .where('status', '=', 'pending')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
    due.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    due
      .select(['id', 'first_name', 'last_name', 'follow_up_on'])
      .orderBy('follow_up_on')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  return {
    comments: Number(comments.n),
    follow_ups: Number(followUps.n),
    follow_up_items: items.map((row) => ({
      id: Number(row.id),
      name: `${row.first_name} ${row.last_name}`,
      follow_up_on: row.follow_up_on as string,
    })),
  };
}
