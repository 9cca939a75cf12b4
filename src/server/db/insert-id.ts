import { PostgresAdapter, type Insertable, type Kysely } from 'kysely';
import type { DB } from './schema';

type TablesWithId = { [K in keyof DB]: DB[K] extends { id: unknown } ? K : never }[keyof DB];

/**
 * Inserts one row and returns its generated id on every dialect: PostgreSQL needs RETURNING, while
 * SQLite and MySQL report the id of the insert (MySQL 8 has no RETURNING).
 */
export async function insertReturningId<T extends TablesWithId>(
  db: Kysely<DB>,
  table: T,
  values: Insertable<DB[T]>,
): Promise<number> {
  // Kysely cannot follow a generic table name through the builder: the call is typed by the signature above.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const query = (db as Kysely<any>).insertInto(table).values(values);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const row = (await query.returning('id').executeTakeFirstOrThrow()) as { id: number };
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}
