import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../db/database';
import { migrateToLatest, schemaStatus } from '../db/migrator';
import { createTestDatabase, testDialects, type TestDatabase } from './test-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

async function rowsOf(db: AnyKysely, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return (await query.execute(db)).rows;
}

/** What a migration leaves in a database: every table, column, index, key, trigger, and the rows written. */
async function fingerprint(dialect: DialectName, db: AnyKysely): Promise<unknown> {
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).sort();
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    // When each migration was applied differs by nature; which ones were must not.
    const query = table === 'kysely_migration' ? db.selectFrom(table).select('name') : db.selectFrom(table).selectAll();
    rows[table] = (await query.execute()).map((row) => JSON.stringify(row)).sort();
  }
  if (dialect === 'sqlite') {
    return { rows, schema: await rowsOf(db, sql`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name`) };
  }
  if (dialect === 'postgres') {
    return {
      rows,
      columns: await rowsOf(
        db,
        sql`SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY table_name, column_name`,
      ),
      indexes: await rowsOf(db, sql`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexdef`),
      constraints: await rowsOf(
        db,
        sql`SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
            WHERE connamespace = 'public'::regnamespace ORDER BY t, conname`,
      ),
      triggers: await rowsOf(
        db,
        sql`SELECT tgrelid::regclass::text AS t, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY t, tgname`,
      ),
      functions: await rowsOf(
        db,
        sql`SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY proname`,
      ),
    };
  }
  const created: unknown[] = [];
  for (const table of tables) created.push(await rowsOf(db, sql`SHOW CREATE TABLE ${sql.ref(table)}`));
  return { rows, created };
}

describe.each(testDialects)('test databases on %s', (dialect) => {
  let cloned: TestDatabase;
  let migrated: TestDatabase;
  beforeAll(async () => {
    cloned = await createTestDatabase(dialect);
    migrated = await createTestDatabase(dialect, { migrate: false });
    await migrateToLatest(migrated.database.db);
  });
  afterAll(async () => {
    await cloned?.drop();
    await migrated?.drop();
  });

  it('are copies of the migrated template, the same as a database migrated from scratch', async () => {
    expect((await schemaStatus(cloned.database.db)).state).toBe('current');
    expect(await fingerprint(dialect, cloned.database.db)).toEqual(await fingerprint(dialect, migrated.database.db));
  });

  it('are empty with { migrate: false }, and each one is a database of its own', async () => {
    const empty = await createTestDatabase(dialect, { migrate: false });
    const other = await createTestDatabase(dialect);
    try {
      expect((await schemaStatus(empty.database.db)).state).toBe('behind');
      expect(await empty.database.db.introspection.getTables()).toEqual([]);
      const db = (t: TestDatabase) => t.database.db as unknown as AnyKysely;
      await db(other).insertInto('kysely_migration').values({ name: 'only-here', timestamp: 'now' }).execute();
      const found = (t: TestDatabase) =>
        db(t).selectFrom('kysely_migration').select('name').where('name', '=', 'only-here').execute();
      expect(await found(other)).toHaveLength(1);
      expect(await found(cloned)).toHaveLength(0);
    } finally {
      await empty.drop();
      await other.drop();
    }
  });
});
