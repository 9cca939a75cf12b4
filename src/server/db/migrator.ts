import { setTimeout as sleep } from 'node:timers/promises';
import {
  Migrator,
  SqliteAdapter,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import { migrations } from '../../../migrations/index';

/**
 * Migrations are listed statically (migrations/index.ts) rather than read from disk, so the bundled
 * production server and the TypeScript tests run exactly the same set.
 */
class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

function migratorFor(db: AnyKysely): Migrator {
  return new Migrator({ db, provider: new StaticMigrationProvider() });
}

/** Kysely's table of applied migrations (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * Where the database stands against the migrations this release knows (ADR 0030):
 * - current: exactly this release's migrations are applied;
 * - ahead: all of them, plus later ones of a newer release (a rollout in progress): this release runs as is;
 * - behind: a first part of them, the rest still to apply (an empty database is behind);
 * - diverged: anything else (a known one missing among applied ones, an unknown one sorted between known
 *   ones): nothing is applied automatically.
 */
export type SchemaState = 'current' | 'ahead' | 'behind' | 'diverged';

export interface SchemaStatus {
  state: SchemaState;
  /** Known to this release and not applied. */
  pending: string[];
  /** Applied and not known to this release (a newer release's, or another branch's). */
  unknown: string[];
}

/** This release's migrations, in the order Kysely applies them. */
export function knownMigrationNames(): string[] {
  return Object.keys(migrations).sort();
}

async function appliedMigrationNames(db: AnyKysely): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return [];
  const rows = await db.selectFrom(MIGRATION_TABLE).select('name').execute();
  return rows.map((r) => String(r.name)).sort();
}

/** Compares the applied migrations with this release's; reads only. */
export async function schemaStatus(db: AnyKysely): Promise<SchemaStatus> {
  const known = knownMigrationNames();
  const applied = await appliedMigrationNames(db);
  const appliedSet = new Set(applied);
  const knownSet = new Set(known);
  const pending = known.filter((name) => !appliedSet.has(name));
  const unknown = applied.filter((name) => !knownSet.has(name));
  const lastKnown = known.at(-1) ?? '';
  let state: SchemaState;
  if (pending.length === 0 && unknown.length === 0) state = 'current';
  else if (pending.length === 0 && unknown.every((name) => name > lastKnown)) state = 'ahead';
  // Kysely applies pending ones only after every applied one (names sort in time order).
  else if (unknown.length === 0 && pending.every((name) => applied.every((done) => name > done))) state = 'behind';
  else state = 'diverged';
  return { state, pending, unknown };
}

/** True when this release can serve from the database: every migration it knows is applied (readiness). */
export async function migrationsCurrent(db: AnyKysely): Promise<boolean> {
  const { state } = await schemaStatus(db);
  return state === 'current' || state === 'ahead';
}

/** A database this release will not start on as it is; the message says what to do. */
export class SchemaError extends Error {
  constructor(
    message: string,
    readonly status: SchemaStatus,
  ) {
    super(message);
    this.name = 'SchemaError';
  }
}

export function divergedError(status: SchemaStatus): SchemaError {
  const parts = [
    status.unknown.length ? `applied but unknown to this release: ${status.unknown.join(', ')}` : '',
    status.pending.length ? `not applied: ${status.pending.join(', ')}` : '',
  ].filter(Boolean);
  return new SchemaError(
    `The database's migrations do not match this release (${parts.join('; ')}). Nothing was migrated: ` +
      'start the release that applied them, or restore a backup taken with this release (ADR 0030).',
    status,
  );
}

export interface MigrateResult extends MigrationResultSet {
  /** Where the database stands afterwards: 'current', or 'ahead' when a newer release migrated it. */
  status: SchemaStatus;
}

/**
 * Applies this release's pending migrations with Kysely's Migrator. A database that is ahead (a newer
 * release's migrations applied on top of all of ours) is left as it is; Kysely alone would refuse it as
 * "corrupted migrations". A diverged one throws a SchemaError. Several processes may call this at once:
 * Kysely holds an advisory lock on PostgreSQL and MySQL, and on SQLite the whole run is one write
 * transaction (sqliteWriteLock).
 */
export async function migrateToLatest(db: AnyKysely): Promise<MigrateResult> {
  return sqliteWriteLock(db, async () => {
    const before = await schemaStatus(db);
    if (before.state === 'current' || before.state === 'ahead') return { results: [], status: before };
    if (before.state === 'diverged') throw divergedError(before);
    const result = await migratorFor(db).migrateToLatest();
    const after = await schemaStatus(db);
    if (result.error) {
      // Another process may have migrated between our look and Kysely's lock: a newer release's instance
      // leaves the database ahead, which Kysely then refuses. What counts is where it stands now.
      if (after.state === 'current' || after.state === 'ahead') return { results: [], status: after };
      if (after.state === 'diverged') throw divergedError(after);
      throw result.error instanceof Error ? result.error : new Error(String(result.error));
    }
    return { results: result.results ?? [], status: after };
  });
}

/** The newest migration this version knows: the database schema a backup is tied to (ADR 0018). */
export function latestMigrationName(): string {
  return knownMigrationNames().at(-1) as string;
}

const sqliteRuns = new WeakMap<AnyKysely, Promise<unknown>>();
const SQLITE_LOCK_WAIT_MS = 5 * 60_000;

/**
 * SQLite has no lock of its own for Kysely's Migrator (its adapter's lock does nothing, and it runs
 * migrations outside a transaction), so two processes starting on one file would both apply the first
 * migration and one would fail. Here the run is one BEGIN IMMEDIATE transaction on the database's single
 * connection: a second process waits for the write lock (busy_timeout, then again here) and then finds
 * the migrations applied; a failed migration leaves nothing behind. Runs in one process queue up.
 * Foreign keys are off for the run and checked before the commit, SQLite's own procedure for schema
 * changes: a migration that rebuilds a table (create, copy, drop, rename) does not cascade the drop into
 * the rows that reference it, and could not switch them off itself inside the transaction.
 * Other dialects run `work` as it is.
 */
async function sqliteWriteLock<T>(db: AnyKysely, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const previous = sqliteRuns.get(db) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      await sql`pragma foreign_keys = off`.execute(db);
      try {
        return await inWriteTransaction(db, work);
      } finally {
        await sql`pragma foreign_keys = on`.execute(db);
      }
    });
  sqliteRuns.set(db, run);
  return run;
}

async function inWriteTransaction<T>(db: AnyKysely, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (;;) {
    try {
      await sql`begin immediate`.execute(db);
      break;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
      await sleep(100 + Math.random() * 200);
    }
  }
  try {
    const result = await work();
    const broken = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) {
      const pairs = [...new Set(broken.rows.map((r) => `${r.table} → ${r.parent}`))].join(', ');
      throw new Error(`the migrations would leave rows referring to nothing (${pairs}); nothing was applied`);
    }
    await sql`commit`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  }
}
