import { TIMESTAMP, type AnyDb } from './helpers';

/*
 * Certificates (ADR 0014): a revocation keeps the record with its date and reason. Frozen once
 * released. Portability: both columns are nullable and unindexed, so every database can add them to a table
 * that already holds rows and SQLite can drop them again on the way down.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('certificates').addColumn('revoked_at', TIMESTAMP).execute();
  await db.schema.alterTable('certificates').addColumn('revocation_reason', 'varchar(500)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('certificates').dropColumn('revocation_reason').execute();
  await db.schema.alterTable('certificates').dropColumn('revoked_at').execute();
}
