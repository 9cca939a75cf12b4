import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import { createDatabase, type Database } from './database';

/**
 * DATABASE_POOL_MAX reaches the driver's pool: more queries at once than the pool allows, each holding its
 * connection for a moment, run on exactly that many server connections (PostgreSQL's backend pid, MySQL's
 * connection id), on the real servers.
 */
const networkDialects = testDialects.filter((dialect) => dialect !== 'sqlite');

/** The server's id of the connection a query ran on, after holding it for a fifth of a second. */
const connectionIdQuery = {
  postgres: sql<{ id: number }>`select pg_backend_pid() as id from (select pg_sleep(0.2)) as held`,
  mysql: sql<{ id: number }>`select connection_id() as id from (select sleep(0.2)) as held`,
};

async function connectionsUsed(database: Database, queries: number): Promise<number> {
  const query = connectionIdQuery[database.dialect as 'postgres' | 'mysql'];
  const ids = await Promise.all(
    Array.from({ length: queries }, async () => (await query.execute(database.db)).rows[0]?.id),
  );
  return new Set(ids).size;
}

// Without a PostgreSQL or MySQL server configured, the file reports a skipped test rather than no suite.
if (networkDialects.length === 0) it.skip('the connection pool (needs TEST_POSTGRES_URL or TEST_MYSQL_URL)', () => {});

describe.each(networkDialects)('the connection pool on %s', (dialect) => {
  let t: TestDatabase;
  const opened: Database[] = [];
  beforeAll(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
  });
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    await t.drop();
  });

  it('opens at most DATABASE_POOL_MAX connections, and that many under load', async () => {
    const { databasePoolMax } = loadConfig({ DATABASE_POOL_MAX: '3' });
    const database = createDatabase(t.url, { poolMax: databasePoolMax });
    opened.push(database);
    expect(await connectionsUsed(database, 8)).toBe(3);
  });

  it('opens 10 by default', async () => {
    const database = createDatabase(t.url);
    opened.push(database);
    expect(await connectionsUsed(database, 14)).toBe(10);
  });
});
