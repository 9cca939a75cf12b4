import { DATE, TIMESTAMP, dialectOf, type AnyDb } from './helpers';

/*
 * Follow-up reminders for leads (ADR 0047): the day a lead should be followed up, set by staff, and when
 * its reminder was last sent, so that the daily job reminds once. Expand-only: two nullable columns,
 * which the previous release neither reads nor writes. The index serves the "due" query. Frozen once
 * released.
 */

export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('contacts').addColumn('follow_up_on', DATE).execute();
  await db.schema.alterTable('contacts').addColumn('follow_up_reminded_at', TIMESTAMP).execute();
  await db.schema.createIndex('contacts_follow_up_on_idx').on('contacts').column('follow_up_on').execute();
}

export async function down(db: AnyDb): Promise<void> {
  const dropIndex = db.schema.dropIndex('contacts_follow_up_on_idx');
  await (dialectOf(db) === 'mysql' ? dropIndex.on('contacts') : dropIndex).execute();
  await db.schema.alterTable('contacts').dropColumn('follow_up_reminded_at').execute();
  await db.schema.alterTable('contacts').dropColumn('follow_up_on').execute();
}
