import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index';
import { useTestApp } from '../testing/test-app';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import { createDatabase } from './database';
import { knownMigrationNames, migrateToLatest, migrationsCurrent, SchemaError, schemaStatus } from './migrator';

/** Each test migrates a fresh database: tens of seconds on MariaDB on a loaded machine (no time is asserted). */
const MIGRATING_TEST_MS = 180_000;

/** A migration of a release after this one: later than every name this release knows. */
const NEWER_MIGRATION = '2999-01-01T00-00-00_from-a-newer-release';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function recordMigration(db: Kysely<any>, name: string): Promise<void> {
  await db.insertInto('kysely_migration').values({ name, timestamp: new Date().toISOString() }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const appliedCount = async (db: Kysely<any>) =>
  Number((await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db)).rows[0]?.n);

describe.each(testDialects)('the schema against this release on %s', { timeout: MIGRATING_TEST_MS }, (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
  });
  afterEach(async () => {
    await t.drop();
  });

  it('is behind when empty, current once migrated', async () => {
    expect(await schemaStatus(t.database.db)).toEqual({ state: 'behind', pending: knownMigrationNames(), unknown: [] });
    expect(await migrationsCurrent(t.database.db)).toBe(false);
    const result = await migrateToLatest(t.database.db);
    expect(result.results?.map((r) => r.migrationName)).toEqual(knownMigrationNames());
    expect(result.status).toEqual({ state: 'current', pending: [], unknown: [] });
    expect(await migrationsCurrent(t.database.db)).toBe(true);
    // Again: nothing to do.
    expect((await migrateToLatest(t.database.db)).results).toEqual([]);
    if (dialect === 'sqlite') {
      // Off during the run (SQLite's procedure for schema changes), on again afterwards.
      const pragma = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(t.database.db);
      expect(pragma.rows[0]?.foreign_keys).toBe(1);
    }
  });

  it('is behind when only the first migrations are applied, and migrates the rest', async () => {
    const migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
    const first = knownMigrationNames()[0] as string;
    expect((await migrator.migrateTo(first)).error).toBeUndefined();
    expect((await schemaStatus(t.database.db)).state).toBe('behind');
    const result = await migrateToLatest(t.database.db);
    expect(result.results).toHaveLength(knownMigrationNames().length - 1);
    expect(result.status.state).toBe('current');
  });

  it('is ahead when a newer release migrated it: Kysely alone refuses it, this release starts and is ready', async () => {
    await migrateToLatest(t.database.db);
    await recordMigration(t.database.db, NEWER_MIGRATION);
    // What Kysely's Migrator does with a migration it does not know: the reason for schemaStatus.
    const kysely = await new Migrator({
      db: t.database.db,
      provider: { getMigrations: async () => migrations },
    }).migrateToLatest();
    expect(String(kysely.error)).toMatch(/corrupted migrations: previously executed migration .* is missing/);

    expect(await schemaStatus(t.database.db)).toEqual({ state: 'ahead', pending: [], unknown: [NEWER_MIGRATION] });
    expect(await migrationsCurrent(t.database.db)).toBe(true);
    const result = await migrateToLatest(t.database.db);
    expect(result.results).toEqual([]);
    expect(result.status.state).toBe('ahead');
    expect(await appliedCount(t.database.db)).toBe(knownMigrationNames().length + 1);
  });

  it('is diverged with an unknown migration among known ones, and then migrates nothing', async () => {
    const migrator = new Migrator({ db: t.database.db, provider: { getMigrations: async () => migrations } });
    const [first, second] = knownMigrationNames() as [string, string];
    await migrator.migrateTo(first);
    // A migration of another branch, named between two of this release's.
    const stranger = `${first}_other-branch`;
    expect(stranger > first && stranger < second).toBe(true);
    await recordMigration(t.database.db, stranger);

    const status = await schemaStatus(t.database.db);
    expect(status.state).toBe('diverged');
    expect(status.unknown).toEqual([stranger]);
    expect(await migrationsCurrent(t.database.db)).toBe(false);
    const error = await migrateToLatest(t.database.db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as Error).message).toContain(stranger);
    expect(await appliedCount(t.database.db)).toBe(2);
  });

  it('is diverged when a newer release’s migrations are there but one of this release’s is not', async () => {
    await migrateToLatest(t.database.db);
    await recordMigration(t.database.db, NEWER_MIGRATION);
    await t.database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', knownMigrationNames().at(-1) as never)
      .execute();
    expect((await schemaStatus(t.database.db)).state).toBe('diverged');
    await expect(migrateToLatest(t.database.db)).rejects.toThrow(SchemaError);
  });

  it('is migrated once by several connections migrating at once', async () => {
    const others = Array.from({ length: 3 }, () => createDatabase(t.url));
    try {
      const results = await Promise.all(others.map((d) => migrateToLatest(d.db)));
      expect(results.flatMap((r) => r.results ?? []).map((r) => r.migrationName)).toEqual(knownMigrationNames());
      expect(results.every((r) => r.status.state === 'current')).toBe(true);
      expect(await appliedCount(t.database.db)).toBe(knownMigrationNames().length);
    } finally {
      await Promise.all(others.map((d) => d.close()));
    }
  });
});

describe.each(testDialects)('readiness with a database ahead on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });

  it('answers ready while a newer release’s migration is applied, not ready with one of ours missing', async () => {
    await recordMigration(t.db.database.db, NEWER_MIGRATION);
    const ahead = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ahead.statusCode).toBe(200);
    expect(ahead.json().data).toMatchObject({ status: 'ready', migrations: true });

    await t.db.database.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', knownMigrationNames().at(-1) as never)
      .execute();
    const missing = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json().data).toMatchObject({ migrations: false });
  });
});
