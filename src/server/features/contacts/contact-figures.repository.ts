import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const num = (value: unknown) => Number(value ?? 0);

/** Contacts in all, still new, answered (moved on from new; a failed submission is not), since `since`. */
export async function contactFigures(
  db: Kysely<DB>,
  since: { weekStart: string; periodStart: string; periodEnd: string },
) {
  const row = await db
    .selectFrom('contacts')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when status = 'new' then 1 else 0 end), 0)`.as('still_new'),
      sql<number>`coalesce(sum(case when status not in ('new', 'failed') then 1 else 0 end), 0)`.as('answered'),
      sql<number>`coalesce(sum(case when created_at >= ${since.weekStart} then 1 else 0 end), 0)`.as('this_week'),
      sql<number>`coalesce(sum(case when created_at >= ${since.periodStart} and created_at < ${since.periodEnd} then 1 else 0 end), 0)`.as(
        'in_period',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: num(row.total),
    stillNew: num(row.still_new),
    answered: num(row.answered),
    thisWeek: num(row.this_week),
    inPeriod: num(row.in_period),
  };
}

/** The leads whose follow-up day has come (on or before `today`, the site's day; ADR 0047), with the `limit` due longest. */
export async function dueFollowUps(db: Kysely<DB>, today: string, limit: number) {
  const due = db.selectFrom('contacts').where('follow_up_on', '<=', today);
  const [count, items] = await Promise.all([
    due.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    due
      .select(['id', 'first_name', 'last_name', 'follow_up_on'])
      .orderBy('follow_up_on')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: num(count.n),
    items: items.map((row) => ({
      id: num(row.id),
      name: `${row.first_name} ${row.last_name}`,
      follow_up_on: row.follow_up_on as string,
    })),
  };
}
