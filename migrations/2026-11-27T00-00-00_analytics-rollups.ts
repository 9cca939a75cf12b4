import { sql } from 'kysely';
import { DATE, dialectOf, TIMESTAMP, type AnyDb } from './helpers';

/*
 * Analytics read side (ADR 0017). Frozen once released.
 * - Roll-ups of the raw page views and events, one row per day in the site's time zone (and per page, per
 *   referrer source): the dashboard reads these for finished days and the raw rows only for the days not
 *   rolled up yet, so its cost does not grow with the number of page views.
 * - `job_leases`: the in-process scheduler's lease per job, so that with several instances each run of a
 *   job (roll-ups, the weekly report, later backups and sweeps) happens once.
 * - `user_email_preferences.weekly_report`: the weekly analytics report, off unless a staff member turns it on.
 * - Covering indexes for the raw rows of the days not rolled up yet (today): every column those queries read
 *   is in the index, so they never visit the table. They replace the indexes they start with, and the
 *   indexes nothing reads any more go (the roll-ups answer by source; session ids and addresses are never
 *   stored, ADR 0016): each costs every beacon's insert.
 */

/** Indexes dropped (and made again on the way down): [table, columns, name]. */
const UNUSED: [string, string[], string][] = [
  ['analytics_page_views', ['session_id', 'created_at'], 'analytics_page_views_session_id_created_at_idx'],
  ['analytics_page_views', ['referrer_source', 'created_at'], 'analytics_page_views_referrer_source_created_at_idx'],
  ['analytics_page_views', ['is_sample'], 'analytics_page_views_is_sample_idx'],
  ['analytics_page_views', ['visitor_hash', 'created_at'], 'analytics_page_views_visitor_hash_created_at_idx'],
  ['analytics_events', ['session_id', 'created_at'], 'analytics_events_session_id_created_at_idx'],
  ['analytics_events', ['is_sample'], 'analytics_events_is_sample_idx'],
];

const VIEWS_TAIL = ['created_at', 'visitor_hash', 'page_url', 'referrer_source', 'is_sample'];
const EVENTS_TAIL = ['event_type', 'created_at', 'visitor_hash', 'event_value'];

async function dropIndex(db: AnyDb, table: string, name: string): Promise<void> {
  const drop = db.schema.dropIndex(name);
  await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('analytics_page_views_tail_idx').on('analytics_page_views').columns(VIEWS_TAIL).execute();
  await dropIndex(db, 'analytics_page_views', 'analytics_page_views_created_at_idx');
  await db.schema.createIndex('analytics_events_tail_idx').on('analytics_events').columns(EVENTS_TAIL).execute();
  await dropIndex(db, 'analytics_events', 'analytics_events_event_type_created_at_idx');
  for (const [table, , name] of UNUSED) await dropIndex(db, table, name);

  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', DATE, (c) => c.primaryKey())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    // Visitors of the day who saw one page only.
    .addColumn('bounces', 'integer', (c) => c.notNull().defaultTo(0))
    // Visitors who reported time on a page, and the seconds they reported (average session = seconds / visitors).
    .addColumn('engaged_visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('engaged_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('sample_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rolled_up_at', TIMESTAMP, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_daily_pages')
    .addColumn('day', DATE, (c) => c.notNull())
    .addColumn('page_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pages_pkey', ['day', 'page_url'])
    .execute();

  await db.schema
    .createTable('analytics_daily_referrers')
    .addColumn('day', DATE, (c) => c.notNull())
    .addColumn('source', 'varchar(50)', (c) => c.notNull())
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_referrers_pkey', ['day', 'source'])
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(100)')
    .addColumn('lease_until', TIMESTAMP)
    .addColumn('last_started_at', TIMESTAMP)
    .addColumn('last_finished_at', TIMESTAMP)
    .addColumn('last_error', 'varchar(1000)')
    .execute();

  await db.schema
    .alterTable('user_email_preferences')
    .addColumn('weekly_report', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`${sql.ref('weekly_report')} in (0, 1)`),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table, columns, name] of UNUSED) await db.schema.createIndex(name).on(table).columns(columns).execute();
  await db.schema
    .createIndex('analytics_events_event_type_created_at_idx')
    .on('analytics_events')
    .columns(['event_type', 'created_at'])
    .execute();
  await dropIndex(db, 'analytics_events', 'analytics_events_tail_idx');
  await db.schema
    .createIndex('analytics_page_views_created_at_idx')
    .on('analytics_page_views')
    .column('created_at')
    .execute();
  await dropIndex(db, 'analytics_page_views', 'analytics_page_views_tail_idx');
  await db.schema.alterTable('user_email_preferences').dropColumn('weekly_report').execute();
  for (const table of ['job_leases', 'analytics_daily_referrers', 'analytics_daily_pages', 'analytics_daily']) {
    await db.schema.dropTable(table).execute();
  }
}
