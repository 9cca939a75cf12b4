import { MysqlAdapter, PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTypeExpression = Parameters<CreateTableBuilder<any, any>['addColumn']>[1];

export function dialectOf(db: AnyDb): 'sqlite' | 'postgres' | 'mysql' {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite';
}

/** Auto-incrementing integer primary key, spelled the way each database wants it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, any>) {
  const dialect = dialectOf(db);
  if (dialect === 'postgres') return table.addColumn('id', 'serial', (c) => c.primaryKey());
  if (dialect === 'mysql') return table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Long text: `text` everywhere (MySQL's TEXT is 64 KiB, so use MEDIUMTEXT there). */
export function longText(db: AnyDb): DataTypeExpression {
  return dialectOf(db) === 'mysql' ? sql`mediumtext` : 'text';
}

/** ISO-8601 UTC timestamp text, e.g. 2026-11-21T22:26:12.345Z (ADR 0003). */
export const TIMESTAMP = 'varchar(32)' as const;
/** Calendar date text, YYYY-MM-DD. */
export const DATE = 'varchar(10)' as const;
