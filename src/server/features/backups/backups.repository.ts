import { sql, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../../db/database';
import type { BackupsTable, BackupStatus, BackupType, DB } from '../../db/schema';

/*
 * Every query of the backups feature. The whole-site dump and restore name tables at run time, so they go
 * through an untyped view of the database; the table names come from backup-tables.ts, never from a client.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;
const untyped = (db: Kysely<DB>) => db as unknown as AnyDb;

export type BackupRow = Selectable<BackupsTable>;

/**
 * One page of a table's rows in primary-key order, after the key values of the previous page's last row;
 * without the `omit` columns.
 */
export async function readTablePage(
  db: Kysely<DB>,
  table: string,
  key: readonly string[],
  after: readonly unknown[] | null,
  limit: number,
  omit: readonly string[] = [],
): Promise<Row[]> {
  let query = untyped(db).selectFrom(table).selectAll();
  if (after) {
    query =
      key.length === 1
        ? query.where(key[0] as string, '>', after[0])
        : query.where(({ eb, refTuple, tuple }) =>
            // Row-value comparison (a, b) > (x, y): SQLite, PostgreSQL and MySQL all have it.
            eb(refTuple(key[0] as string, key[1] as string), '>', tuple(after[0], after[1])),
          );
  }
  for (const column of key) query = query.orderBy(column);
  const rows = (await query.limit(limit).execute()) as Row[];
  if (omit.length > 0) for (const row of rows) for (const column of omit) delete row[column];
  return rows;
}

export async function deleteAllRows(db: Kysely<DB>, table: string): Promise<void> {
  await untyped(db).deleteFrom(table).execute();
}

export async function insertRows(db: Kysely<DB>, table: string, rows: Row[]): Promise<void> {
  if (rows.length > 0) await untyped(db).insertInto(table).values(rows).execute();
}

/**
 * After rows were inserted with their ids, the next generated id must follow the highest one. PostgreSQL's
 * sequences do not move by themselves; SQLite and MySQL (InnoDB) move their counters on explicit inserts,
 * so nothing is needed there (and ALTER TABLE on MySQL would end the transaction).
 */
export async function resetIdentity(db: Kysely<DB>, dialect: DialectName, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(
    table,
  )}), 0) + 1, false)`.execute(db);
}

export async function countTableRows(db: Kysely<DB>, table: string): Promise<number> {
  const row = (await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()) as { n: number | string };
  return Number(row.n);
}

// ---------------------------------------------------------------- the backups table

export async function insertBackup(
  db: Kysely<DB>,
  values: { filename: string; type: BackupType; version: string; createdBy: number | null; now: string },
): Promise<number> {
  await db
    .insertInto('backups')
    .values({
      filename: values.filename,
      type: values.type,
      version: values.version,
      status: 'running',
      created_by: values.createdBy,
      created_at: values.now,
    })
    .execute();
  const row = await db
    .selectFrom('backups')
    .select('id')
    .where('filename', '=', values.filename)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateBackup(
  db: Kysely<DB>,
  id: number,
  values: Partial<{
    status: BackupStatus;
    size: number;
    row_count: number;
    file_count: number;
    sha256: string | null;
    error: string | null;
    completed_at: string | null;
    copied_at: string | null;
    created_at: string;
  }>,
): Promise<void> {
  await db.updateTable('backups').set(values).where('id', '=', id).execute();
}

export async function findBackup(db: Kysely<DB>, id: number): Promise<BackupRow | undefined> {
  return db.selectFrom('backups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first. */
export async function listBackups(db: Kysely<DB>): Promise<BackupRow[]> {
  return db.selectFrom('backups').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function deleteBackupRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('backups').where('id', '=', id).execute();
}

/** The newest completed backup of a type (or of any type), for the schedule and the "last backup" time. */
export async function latestCompleted(db: Kysely<DB>, type?: BackupType): Promise<BackupRow | undefined> {
  let query = db.selectFrom('backups').selectAll().where('status', '=', 'completed');
  if (type) query = query.where('type', '=', type);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function countCompleted(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('backups')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'completed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------- settings

export async function readSetting(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(
  db: Kysely<DB>,
  key: string,
  value: string,
  userId: number | null,
  now: string,
): Promise<void> {
  const updated = await db
    .updateTable('settings')
    .set({ value, updated_at: now, updated_by: userId })
    .where('key', '=', key)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto('settings').values({ key, value, updated_at: now, updated_by: userId }).execute();
  }
}

/** Extends a lease this owner holds (the backups' cross-instance lock while a long run goes on). */
export async function extendLease(db: Kysely<DB>, name: string, owner: string, leaseUntil: string): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ lease_until: leaseUntil })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .execute();
}

/** Rows left "running" or "pending" by a process that stopped: failed, with the reason. Called under the lock. */
export async function failInterrupted(db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('backups')
    .set({ status: 'failed', error: 'interrupted: the server stopped while the backup ran' })
    .where('status', 'in', ['running', 'pending'])
    .execute();
}
