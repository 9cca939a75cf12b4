import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

interface DriverError {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  detail?: unknown;
}

/** A unique-key violation on any of the three databases. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as DriverError | undefined;
  return (
    e?.code === '23505' ||
    e?.code === 'ER_DUP_ENTRY' ||
    e?.errno === 1062 ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    (e?.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(String(e.message)))
  );
}

/**
 * The one column of a unique key a violation names, when the driver says which: PostgreSQL's detail
 * `Key (username)=(…)`, MySQL's `for key 'username'` (a single-column key is named after its column),
 * SQLite's `UNIQUE constraint failed: users.username`. Undefined for keys over several columns.
 */
export function uniqueViolationColumn(error: unknown): string | undefined {
  const e = error as DriverError | undefined;
  const text = `${String(e?.message ?? '')} ${String(e?.detail ?? '')}`;
  const match =
    /Key \((\w+)\)=/.exec(text) ??
    /for key '(?:\w+\.)?(\w+)'/.exec(text) ??
    /UNIQUE constraint failed: \w+\.(\w+)$/.exec(text.trim());
  const column = match?.[1];
  return column && !column.endsWith('_key') ? column : undefined;
}

/**
 * A write the database refused because of another transaction running at the same time, which the same
 * work, run again, would settle: a deadlock victim (40P01, 1213), a serialization failure (40001), a lock
 * wait that timed out (1205), MariaDB's "record changed since last read" (1020) or a busy SQLite file.
 */
export function isTransientConflict(error: unknown): boolean {
  const e = error as DriverError | undefined;
  return (
    e?.code === '40P01' ||
    e?.code === '40001' ||
    e?.code === 'ER_LOCK_DEADLOCK' ||
    e?.code === 'ER_LOCK_WAIT_TIMEOUT' ||
    e?.code === 'ER_CHECKREAD' ||
    e?.errno === 1213 ||
    e?.errno === 1205 ||
    e?.errno === 1020 ||
    (typeof e?.code === 'string' && e.code.startsWith('SQLITE_BUSY'))
  );
}

/**
 * Enough for a few dozen identical writes at once to each find its own free value, also on a slow, loaded
 * machine: 12 attempts with pauses of at most 200 ms let one of 30 simultaneous identical posts on
 * PostgreSQL lose every time (a 409) while a test suite loaded both cores. The pauses now spread the later
 * attempts over up to 400 ms, and there are more of them; an uncontended write never pauses.
 */
const ATTEMPTS = 16;
const FIRST_DELAY_MS = 4;
const MAX_DELAY_MS = 400;

/**
 * Runs `work` again, after a random pause that grows with each attempt, when it failed on a unique key
 * that a concurrent write took first or on a transient conflict with one. The racers' pauses differ, so
 * each retry mostly runs alone and sees what the others committed. After the last attempt the error
 * goes to the error handler (a unique violation answers 409 there, never 500).
 */
export async function retryWriteConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !(isUniqueViolation(error) || isTransientConflict(error))) throw error;
      await sleep(Math.random() * Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt));
    }
  }
}

/**
 * The one way to run a write transaction: `work` runs in a transaction that is retried whole (see
 * retryWriteConflicts), so it must read what it decides on (free slugs, taken names, counters) inside
 * the transaction, and must not have effects outside the database (mail, files): those belong after it.
 */
export function writeTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return retryWriteConflicts(() => db.transaction().execute(work));
}

/**
 * A value the database refused to store that no schema caught: a number beyond its column (22003,
 * MySQL 1264) or text with a NUL or bytes it cannot encode (22021, 22P05). The request is at fault.
 */
export function isUnstorableValue(error: unknown): boolean {
  const e = error as DriverError | undefined;
  return (
    e?.code === '22003' ||
    e?.code === '22021' ||
    e?.code === '22P05' ||
    e?.code === 'ER_WARN_DATA_OUT_OF_RANGE' ||
    e?.errno === 1264
  );
}
