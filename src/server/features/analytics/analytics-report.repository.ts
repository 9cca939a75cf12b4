import { MysqlAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * The analytics read side's SQL (ADR 0017). Figures over a period read the roll-ups for the days already
 * rolled up and the raw rows for the rest (normally today only), in one query where they are summed.
 */

const isMysql = (db: Kysely<DB>) => db.getExecutor().adapter instanceof MysqlAdapter;
const num = (value: unknown) => Number(value ?? 0);

/** Where a period's figures come from: roll-ups for days `rolled`, raw rows between the instants `raw`. */
export interface Span {
  rolled: { from: string; to: string } | null;
  raw: { start: string; end: string } | null;
}

/** One day's figures, as rolled up (and as computed from raw rows for days not rolled up yet). */
export interface DayFigures {
  views: number;
  visitors: number;
  bounces: number;
  engaged_visitors: number;
  engaged_seconds: number;
  sample_views: number;
}

/** The last day rolled up, or null before the first roll-up. */
export async function rolledUpThrough(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('analytics_daily')
    .select((eb) => eb.fn.max('day').as('day'))
    .executeTakeFirst();
  return row?.day ?? null;
}

/** Page views (and sample ones) of every rolled-up day. */
export async function rolledTotals(db: Kysely<DB>): Promise<{ views: number; sample_views: number }> {
  const row = await db
    .selectFrom('analytics_daily')
    .select([
      sql<number>`coalesce(sum(views), 0)`.as('views'),
      sql<number>`coalesce(sum(sample_views), 0)`.as('sample_views'),
    ])
    .executeTakeFirstOrThrow();
  return { views: num(row.views), sample_views: num(row.sample_views) };
}

/** The time of the oldest page view or event, or null when there is none. */
export async function firstRecordedAt(db: Kysely<DB>): Promise<string | null> {
  const [views, events] = await Promise.all([
    db
      .selectFrom('analytics_page_views')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .executeTakeFirst(),
  ]);
  const times = [views?.at, events?.at].filter((t): t is string => typeof t === 'string');
  return times.length ? times.sort()[0]! : null;
}

const between = (start: string, end: string) => sql<boolean>`created_at >= ${start} and created_at < ${end}`;

/** Page views (and sample ones) recorded between two instants: the cheap part of rawDayFigures. */
export async function rawViewTotals(
  db: Kysely<DB>,
  start: string,
  end: string,
): Promise<{ views: number; sample_views: number }> {
  const row = await db
    .selectFrom('analytics_page_views')
    .where(between(start, end))
    .select([sql<number>`count(*)`.as('views'), sql<number>`coalesce(sum(is_sample), 0)`.as('sample_views')])
    .executeTakeFirstOrThrow();
  return { views: num(row.views), sample_views: num(row.sample_views) };
}

/** A day's figures from the raw rows recorded between the instants `start` and `end`. */
export async function rawDayFigures(db: Kysely<DB>, start: string, end: string): Promise<DayFigures> {
  const [views, engaged] = await Promise.all([
    // One pass: page views per visitor, then the day's views, visitors, one-page visitors and sample views.
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('analytics_page_views')
          .where(between(start, end))
          .select(['visitor_hash', sql<number>`count(*)`.as('n'), sql<number>`sum(is_sample)`.as('sample')])
          .groupBy('visitor_hash')
          .as('per_visitor'),
      )
      .select([
        sql<number>`coalesce(sum(n), 0)`.as('views'),
        sql<number>`count(visitor_hash)`.as('visitors'),
        sql<number>`coalesce(sum(case when visitor_hash is not null and n = 1 then 1 else 0 end), 0)`.as('bounces'),
        sql<number>`coalesce(sum(sample), 0)`.as('sample_views'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('analytics_events')
      .where('event_type', '=', 'page_engagement')
      .where(between(start, end))
      .select([
        sql<number>`count(distinct visitor_hash)`.as('visitors'),
        sql<number>`coalesce(sum(event_value), 0)`.as('seconds'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    views: num(views.views),
    visitors: num(views.visitors),
    bounces: num(views.bounces),
    engaged_visitors: num(engaged.visitors),
    engaged_seconds: num(engaged.seconds),
    sample_views: num(views.sample_views),
  };
}

/** Replaces the roll-ups of `day` (recorded between `start` and `end`) with what the raw rows say now. */
export async function replaceDayRollup(
  trx: Transaction<DB>,
  day: string,
  start: string,
  end: string,
  now: string,
): Promise<void> {
  const figures = await rawDayFigures(trx, start, end);
  await trx.deleteFrom('analytics_daily_pages').where('day', '=', day).execute();
  await trx.deleteFrom('analytics_daily_referrers').where('day', '=', day).execute();
  await trx.deleteFrom('analytics_daily').where('day', '=', day).execute();
  await trx
    .insertInto('analytics_daily')
    .values({ day, ...figures, rolled_up_at: now })
    .execute();
  await trx
    .insertInto('analytics_daily_pages')
    .columns(['day', 'page_url', 'views', 'visitors'])
    .expression((eb) =>
      eb
        .selectFrom('analytics_page_views')
        .where(between(start, end))
        .select([
          sql<string>`${day}`.as('day'),
          'page_url',
          sql<number>`count(*)`.as('views'),
          sql<number>`count(distinct visitor_hash)`.as('visitors'),
        ])
        .groupBy('page_url'),
    )
    .execute();
  await trx
    .insertInto('analytics_daily_referrers')
    .columns(['day', 'source', 'visits'])
    .expression((eb) =>
      eb
        .selectFrom('analytics_page_views')
        .where(between(start, end))
        .where('referrer_source', 'is not', null)
        .where('referrer_source', '<>', 'Internal')
        .select([sql<string>`${day}`.as('day'), 'referrer_source', sql<number>`count(*)`.as('visits')])
        .groupBy('referrer_source'),
    )
    .execute();
}

/** The rolled-up days between `from` and `to`, oldest first (days without a row had no traffic). */
export async function rolledDays(db: Kysely<DB>, from: string, to: string) {
  const rows = await db
    .selectFrom('analytics_daily')
    .selectAll()
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    views: num(r.views),
    visitors: num(r.visitors),
    bounces: num(r.bounces),
    engaged_visitors: num(r.engaged_visitors),
    engaged_seconds: num(r.engaged_seconds),
    sample_views: num(r.sample_views),
  }));
}

export type PageSort = 'views' | 'visitors' | 'page_url';
type PageRow = { page_url: string; views: number; visitors: number };

/**
 * Pages of the span, most viewed first (or by `sort`), and how many pages there are in all. The roll-ups
 * and the raw rows are each grouped by the database and summed here: both results have at most one row per
 * page, and two small groupings are cheaper than grouping their union.
 */
export async function pageFigures(
  db: Kysely<DB>,
  span: Span,
  options: { sort: PageSort; limit: number; offset: number; withVisitors: boolean },
): Promise<{ rows: PageRow[]; total: number }> {
  const [rolled, raw] = await Promise.all([
    span.rolled
      ? db
          .selectFrom('analytics_daily_pages')
          .select(['page_url', sql<number>`sum(views)`.as('views'), sql<number>`sum(visitors)`.as('visitors')])
          .where('day', '>=', span.rolled.from)
          .where('day', '<=', span.rolled.to)
          .groupBy('page_url')
          .execute()
      : [],
    span.raw
      ? db
          .selectFrom('analytics_page_views')
          .select([
            'page_url',
            sql<number>`count(*)`.as('views'),
            // Distinct visitors per page cost a sort per page: only when the caller shows them.
            options.withVisitors
              ? sql<number>`count(distinct visitor_hash)`.as('visitors')
              : sql<number>`0`.as('visitors'),
          ])
          .where(between(span.raw.start, span.raw.end))
          .groupBy('page_url')
          .execute()
      : [],
  ]);
  const pages = new Map<string, PageRow>();
  for (const row of [...rolled, ...raw]) {
    const page = pages.get(row.page_url) ?? { page_url: row.page_url, views: 0, visitors: 0 };
    page.views += num(row.views);
    page.visitors += options.withVisitors ? num(row.visitors) : 0;
    pages.set(row.page_url, page);
  }
  const byUrl = (a: PageRow, b: PageRow) => (a.page_url < b.page_url ? -1 : a.page_url > b.page_url ? 1 : 0);
  const sorted = [...pages.values()].sort((a, b) =>
    options.sort === 'page_url' ? byUrl(a, b) : b[options.sort] - a[options.sort] || byUrl(a, b),
  );
  return { rows: sorted.slice(options.offset, options.offset + options.limit), total: pages.size };
}

/** Visits per referrer source over the span (a visit: a page view that arrived from outside the site). */
export async function referrerFigures(
  db: Kysely<DB>,
  span: Span,
  limit: number,
): Promise<{ source: string; visits: number }[]> {
  const rolled = span.rolled
    ? db
        .selectFrom('analytics_daily_referrers')
        .select(['source', sql<number>`visits`.as('visits')])
        .where('day', '>=', span.rolled.from)
        .where('day', '<=', span.rolled.to)
    : null;
  const raw = span.raw
    ? db
        .selectFrom('analytics_page_views')
        .select([sql<string>`referrer_source`.as('source'), sql<number>`count(*)`.as('visits')])
        .where(between(span.raw.start, span.raw.end))
        .where('referrer_source', 'is not', null)
        .where('referrer_source', '<>', 'Internal')
        .groupBy('referrer_source')
    : null;
  const source = rolled && raw ? rolled.unionAll(raw) : (rolled ?? raw);
  if (!source) return [];
  const rows = await db
    .selectFrom(source.as('t'))
    .select(['t.source', sql<number>`sum(t.visits)`.as('visits')])
    .groupBy('t.source')
    .orderBy(sql`sum(t.visits)`, 'desc')
    .orderBy('t.source')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ source: r.source, visits: num(r.visits) }));
}

/** Page views and distinct visitors since `since`, and the pages they were on. */
export async function realtimeFigures(db: Kysely<DB>, since: string, pages: number) {
  const recent = db.selectFrom('analytics_page_views').where('created_at', '>=', since);
  const [totals, top] = await Promise.all([
    recent
      .select([sql<number>`count(*)`.as('views'), sql<number>`count(distinct visitor_hash)`.as('visitors')])
      .executeTakeFirstOrThrow(),
    recent
      .select(['page_url', sql<number>`count(*)`.as('views')])
      .groupBy('page_url')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('page_url')
      .limit(pages)
      .execute(),
  ]);
  return {
    views: num(totals.views),
    visitors: num(totals.visitors),
    pages: top.map((r) => ({ page_url: r.page_url, views: num(r.views) })),
  };
}

/** Events between two instants counted by type, category and action, most frequent first. */
export async function eventCounts(
  db: Kysely<DB>,
  start: string,
  end: string,
  filters: { category?: string; action?: string; page?: string },
  limit: number,
) {
  const rows = await db
    .selectFrom('analytics_events')
    .where(between(start, end))
    .$if(filters.category !== undefined, (qb) => qb.where('event_category', '=', filters.category!))
    .$if(filters.action !== undefined, (qb) => qb.where('event_action', '=', filters.action!))
    .$if(filters.page !== undefined, (qb) => qb.where('page_url', '=', filters.page!))
    .select([
      'event_type',
      'event_category',
      'event_action',
      sql<number>`count(*)`.as('count'),
      sql<string>`max(created_at)`.as('last_at'),
    ])
    .groupBy(['event_type', 'event_category', 'event_action'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('event_type')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, count: num(r.count) }));
}

/** Deletes every page view, event and roll-up; returns how many page views and events there were. */
export async function clearAnalytics(trx: Transaction<DB>): Promise<{ page_views: number; events: number }> {
  const views = await trx.deleteFrom('analytics_page_views').executeTakeFirst();
  const events = await trx.deleteFrom('analytics_events').executeTakeFirst();
  await trx.deleteFrom('analytics_daily_pages').execute();
  await trx.deleteFrom('analytics_daily_referrers').execute();
  await trx.deleteFrom('analytics_daily').execute();
  return { page_views: Number(views.numDeletedRows), events: Number(events.numDeletedRows) };
}

/** Active staff members who asked for the weekly report. */
export async function weeklyReportRecipients(db: Kysely<DB>): Promise<{ username: string; email: string }[]> {
  return db
    .selectFrom('users')
    .innerJoin('user_email_preferences as p', 'p.user_id', 'users.id')
    .select(['users.username', 'users.email'])
    .where('users.status', '=', 'active')
    .where('p.weekly_report', '=', 1)
    .orderBy('users.id')
    .execute();
}

/**
 * Marks the report of the week starting `weekStart` as sent; false when it already was (by this or
 * another instance). The marker is a row in job_leases, so it needs no table of its own.
 */
export async function claimWeeklyReport(db: Kysely<DB>, weekStart: string): Promise<boolean> {
  const insert = db.insertInto('job_leases').values({ name: `weekly-report:${weekStart}` });
  const result = await (
    isMysql(db) ? insert.ignore() : insert.onConflict((oc) => oc.column('name').doNothing())
  ).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
