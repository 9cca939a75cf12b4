import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres' | 'mysql';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

/*
 * The client library of the database in use is loaded when Kysely first asks for its pool: a site on SQLite
 * does not keep pg and mysql2 in memory (~13 MB of RSS, ADR 0027). A dynamic import, so that the server's
 * bundle still includes them (scripts/bundle-server.mjs): bundled code only runs when it is called.
 */

export function dialectOf(url: string): DialectName {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  if (/^(mysql|mariadb):\/\//.test(url)) return 'mysql';
  throw new Error(`Unsupported DATABASE_URL scheme: ${url.split(':')[0]}`);
}

/** `sqlite:./data/app.db`, `sqlite:/abs/path.db` or `sqlite::memory:` */
export function sqlitePath(url: string): string {
  const rest = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  return rest === ':memory:' ? rest : path.resolve(rest);
}

/** Distinct SQL texts whose prepared statements a SQLite connection keeps (the least recently used go first). */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew (a parse and plan in SQLite each time: ~5 % of an
 * uncached page render). Our queries are a few hundred distinct texts with bound parameters, so a
 * statement is prepared once per text and reused (ADR 0025). Safe with one connection: the
 * driver runs one query at a time (its mutex, held for a whole stream or transaction), so no statement is
 * used by two queries at once, and SQLite prepares a kept statement again itself after a schema change.
 */
export function withStatementCache(connection: SQLite.Database, max = SQLITE_STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  return {
    close: () => {
      statements.clear();
      connection.close();
    },
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = connection.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

export interface DatabaseOptions {
  /** Connections to PostgreSQL or MySQL this pool opens at most (DATABASE_POOL_MAX); SQLite has one. */
  poolMax?: number;
}

/** The pool size when none is given: DATABASE_POOL_MAX's default. */
export const DEFAULT_POOL_MAX = 10;

export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const dialect = dialectOf(url);
  const poolMax = options.poolMax ?? DEFAULT_POOL_MAX;
  if (dialect === 'sqlite') {
    const file = sqlitePath(url);
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    const connection = new SQLite(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000');
    connection.pragma('synchronous = NORMAL');
    // SQLite's own lower() folds ASCII letters only; PostgreSQL and MySQL fold every letter. Searches compare
    // lower(column) with lower-cased text, so this makes 'ÆRØ' find 'Ærø' here as it does there.
    connection.function('lower', { deterministic: true }, (value: unknown) =>
      value === null ? null : String(value).toLowerCase(),
    );
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
    return { db, dialect, close: () => db.destroy() };
  }
  if (dialect === 'postgres') {
    const pool = async () => {
      const pg = (await import('pg')).default;
      // COUNT(*) and BIGINT come back from pg as strings; our counts always fit in a JS number.
      pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
      pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
      const created = new pg.Pool({ connectionString: url, max: poolMax });
      // An idle connection dropped by the server (restart, failover) is emitted as an 'error' event, which
      // would crash the process without a listener. The pool discards that client and the next query
      // opens a new one; a server that stays down shows up in /api/ready and as 503 DATABASE_UNAVAILABLE.
      created.on('error', () => {});
      // The same for a connection ended while a request holds it: its query fails (503 from the error
      // handler) and the pool drops it on release, but the 'error' event must not bring the process down.
      created.on('connect', (client) => client.on('error', () => {}));
      return created;
    };
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect, close: () => db.destroy() };
  }
  const pool = async () => {
    const { createPool } = (await import('mysql2')).default;
    return createPool({
      uri: url.replace(/^mariadb:/, 'mysql:'),
      connectionLimit: poolMax,
      charset: 'utf8mb4',
      // Timestamps are stored as ISO strings (ADR 0003); keep any DATE columns as text too.
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
    });
  };
  const db = new Kysely<DB>({ dialect: new MysqlDialect({ pool }) });
  return { db, dialect, close: () => db.destroy() };
}

/** Cheap round trip used by the readiness probe. */
export async function ping(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
