import { sql } from 'kysely';
import { TIMESTAMP, dialectOf, withId, type AnyDb } from './helpers';

/*
 * Redirects (ADR 0039): an old public address (`from_path`, normalised, unique) answered with a 301 to a
 * site path or an absolute http(s) URL (`target`). `kind` is 'automatic' (a published post's slug changed)
 * or 'manual' (staff). `hits` and `last_hit_at` are written in batches by each instance, never by a
 * request. Expand-only: one new table. Frozen once released.
 */

export async function up(db: AnyDb): Promise<void> {
  // Paths are compared byte for byte everywhere: MySQL's default collation would make /Old and /old one key.
  const fromPath =
    dialectOf(db) === 'mysql' ? sql`varchar(500) character set utf8mb4 collate utf8mb4_bin` : 'varchar(500)';
  await withId(db, db.schema.createTable('redirects'))
    .addColumn('from_path', fromPath, (c) => c.notNull().unique())
    .addColumn('target', 'varchar(2048)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addForeignKeyConstraint('redirects_created_by_fk', ['created_by'], 'users', ['id'], (c) => c.onDelete('set null'))
    .execute();
  await db.schema.createIndex('redirects_created_at_idx').on('redirects').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('redirects').execute();
}
