import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { createDatabase, type Database, type DialectName } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import type { DB } from '../db/schema';

/**
 * Test databases: SQLite always; PostgreSQL and MySQL/MariaDB when TEST_POSTGRES_URL / TEST_MYSQL_URL
 * name a server. Each call creates a fresh, uniquely named database and drop() removes it.
 */
export const testDialects: DialectName[] = [
  'sqlite',
  ...(process.env.TEST_POSTGRES_URL ? (['postgres'] as const) : []),
  ...(process.env.TEST_MYSQL_URL ? (['mysql'] as const) : []),
];

/** How many rows a table holds: what a test checks was, or was not, stored. */
export async function countRows(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface TestDatabase {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestDatabase(
  dialect: DialectName,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  let url: string;
  let dropServerSide: () => Promise<void>;

  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-test-'));
    url = `sqlite:${path.join(dir, 'test.db')}`;
    dropServerSide = async () => rmSync(dir, { recursive: true, force: true });
  } else if (dialect === 'postgres') {
    const serverUrl = process.env.TEST_POSTGRES_URL as string;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    url = withDatabaseName(serverUrl, name);
    dropServerSide = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    const serverUrl = process.env.TEST_MYSQL_URL as string;
    const admin = await createConnection({ uri: serverUrl });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    url = withDatabaseName(serverUrl, name);
    dropServerSide = async () => {
      const client = await createConnection({ uri: serverUrl });
      await client.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await client.end();
    };
  }

  const database = createDatabase(url);
  if (options.migrate !== false) await migrateToLatest(database.db);
  return {
    database,
    url,
    async drop() {
      await database.close();
      await dropServerSide();
    },
  };
}
