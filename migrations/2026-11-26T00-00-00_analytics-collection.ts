import { DATE, dialectOf, TIMESTAMP, type AnyDb } from './helpers';

/*
 * Analytics collection (ADR 0016). Frozen once released.
 * - `visitor_hash` on page views and events: SHA-256 of the day's secret salt, the client address and the
 *   user agent. The address itself is never stored; the salt is deleted after a day, so a hash cannot be
 *   traced back to an address by trying them all.
 * - `analytics_salts`: one random salt per UTC day, shared by every server instance.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('analytics_page_views').addColumn('visitor_hash', 'varchar(64)').execute();
  await db.schema.alterTable('analytics_events').addColumn('visitor_hash', 'varchar(64)').execute();
  await db.schema
    .createIndex('analytics_page_views_visitor_hash_created_at_idx')
    .on('analytics_page_views')
    .columns(['visitor_hash', 'created_at'])
    .execute();
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', DATE, (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('analytics_salts').execute();
  const dropIndex = db.schema.dropIndex('analytics_page_views_visitor_hash_created_at_idx');
  await (dialectOf(db) === 'mysql' ? dropIndex.on('analytics_page_views') : dropIndex).execute();
  await db.schema.alterTable('analytics_events').dropColumn('visitor_hash').execute();
  await db.schema.alterTable('analytics_page_views').dropColumn('visitor_hash').execute();
}
