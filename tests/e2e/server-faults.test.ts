import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../src/server/testing/test-database';
import { startSite } from './support/harness';
import {
  killDuringWrites,
  sigtermUnderLoad,
  sigtermUnderSteadyLoad,
  terminateDuringLoad,
  type Outcome,
} from './support/faults';

/**
 * The production server when things go wrong around it: a shutdown under load, a crash in the middle of
 * writes, database connections cut. `npm run bench -- --faults` runs the same scenarios at a larger size.
 */
function expectAnsweredOrRefusedInTheEnvelope(outcomes: Outcome[]) {
  for (const outcome of outcomes) {
    expect(outcome.error).toBeUndefined();
    if (outcome.status === 200) continue;
    expect(outcome.status).toBe(503);
    expect(outcome.headers?.connection).toBe('close');
    expect(JSON.parse(outcome.body ?? '')).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  }
}

describe('a shutdown under load', () => {
  it('answers every page request queued on its own connection when SIGTERM arrives, and exits 0', async () => {
    const site = await startSite();
    const { tally, outcomes, exitCode } = await sigtermUnderLoad(site, 150, { path: '/' });
    await site.stop();
    expect(tally.detail).toEqual(expect.not.objectContaining({ ECONNRESET: expect.anything() }));
    expectAnsweredOrRefusedInTheEnvelope(outcomes);
    expect(outcomes).toHaveLength(150);
    expect(exitCode).toBe(0);
  });

  it('resets no keep-alive client that keeps asking for pages through the shutdown', async () => {
    const site = await startSite();
    const { tally, outcomes, exitCode } = await sigtermUnderSteadyLoad(site, 40, { path: '/' });
    await site.stop();
    expect(tally.resets, JSON.stringify(tally.detail)).toBe(0);
    expectAnsweredOrRefusedInTheEnvelope(outcomes);
    expect(exitCode).toBe(0);
  });
});

/** SQLite always; the server databases when the API tests' TEST_POSTGRES_URL / TEST_MYSQL_URL name them. */
const dialects = [
  'sqlite' as const,
  ...(process.env.TEST_POSTGRES_URL ? (['postgres'] as const) : []),
  ...(process.env.TEST_MYSQL_URL ? (['mysql'] as const) : []),
];

describe.each(dialects)('a crash during writes on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it('keeps every acknowledged sign-up and an intact database after kill -9 and a restart', async () => {
    if (dialect !== 'sqlite') database = await createTestDatabase(dialect, { migrate: false });
    const result = await killDuringWrites({ env: {}, databaseUrl: database?.url, killAfter: 40, concurrency: 8 });
    expect(result.acknowledged).toBeGreaterThanOrEqual(40);
    expect(result.found).toBe(result.acknowledged);
    if (dialect === 'sqlite') expect(result.integrity).toBe('ok');
    expect(result.tally.serverErrors).toBe(0);
    // The first server migrates the empty database as it starts: on MariaDB, whose DDL is slow, that alone
    // took most of a minute on a busy machine.
  }, 150_000);
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)('PostgreSQL connections ended by the database server', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it('keeps serving: no reset connection, and ready again afterwards', async () => {
    database = await createTestDatabase('postgres', { migrate: false });
    const site = await startSite({ DATABASE_URL: database.url, TRUST_PROXY: '127.0.0.1' });
    try {
      const result = await terminateDuringLoad(site, database.url, { requests: 300, concurrency: 10 });
      expect(result.terminated).toBeGreaterThan(0);
      expect(result.tally.resets).toBe(0);
      // A query on a connection that was ended fails as 503 DATABASE_UNAVAILABLE; nothing else fails.
      expect(Object.keys(result.tally.detail).sort()).toEqual(expect.arrayContaining(['200', '201']));
      for (const status of Object.keys(result.tally.detail)) expect(['200', '201', '503']).toContain(status);
      expect(result.readyAfter).toBe(200);
      expect(await site.stop()).toBe(0);
    } finally {
      await site.stop();
    }
  });
});
