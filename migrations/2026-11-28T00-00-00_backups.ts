import { TIMESTAMP, type AnyDb } from './helpers';

/*
 * Backups on the server (ADR 0018). Frozen once released.
 * - `row_count`, `file_count`: what the archive holds, for the list without opening the archive.
 * - `sha256`: checksum of the whole archive file, to compare a downloaded or off-site copy with.
 * - `copied_at`: when the archive was copied to the off-site bucket (null: not copied).
 */
const COLUMNS = ['row_count', 'file_count', 'sha256', 'copied_at'] as const;

export async function up(db: AnyDb): Promise<void> {
  // One statement per column: SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('backups')
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('backups')
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('backups').addColumn('sha256', 'varchar(64)').execute();
  await db.schema.alterTable('backups').addColumn('copied_at', TIMESTAMP).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [...COLUMNS].reverse()) await db.schema.alterTable('backups').dropColumn(column).execute();
}
