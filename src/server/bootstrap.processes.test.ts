import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrationNames } from './db/migrator';
import { demoSocialLinks } from './seed/demo-content';
import { countRows, createTestDatabase, testDialects, type TestDatabase } from './testing/test-database';
import {
  cleanUpServerProcesses,
  PROCESS_TEST_MS,
  requireBuild,
  startServer,
  stopServer,
} from './testing/server-process';

/*
 * The real server (the production build, dist/server.js) in separate processes, as a rollout starts it:
 * several at once on one empty database, and the previous release on a database a newer one has migrated.
 * These run once `npm run build` has made it (like pages/web-assets.test.ts).
 */

const NEWER_MIGRATION = '2999-01-01T00-00-00_from-a-newer-release';

cleanUpServerProcesses();

async function ready(port: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
  return { status: response.status, body: await response.json() };
}

requireBuild();

describe.each(testDialects)('server processes on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect, { migrate: false });
  });
  afterAll(async () => {
    await t.drop();
  });

  it(
    'with MIGRATE_ON_START=false on an empty database, stops with exit 75 and says to run npm run migrate',
    async () => {
      const server = startServer(t.url, { MIGRATE_ON_START: 'false' });
      expect(await server.started).toBeUndefined();
      expect(await server.exited).toBe(75);
      expect(server.stderr()).toBe('');
      const fatal = server.logLines().filter((l) => l.level === 60);
      expect(fatal).toHaveLength(1);
      expect(fatal[0]?.msg).toContain('npm run migrate');
      expect(fatal[0]).toMatchObject({ pending: knownMigrationNames(), err: { type: 'MigrationsPendingError' } });
    },
    PROCESS_TEST_MS,
  );

  it(
    'starts two instances together on the empty database: both ready, one admin, the demo content once',
    async () => {
      const servers = [startServer(t.url), startServer(t.url)];
      const ports = await Promise.all(servers.map((s) => s.started));
      for (const [i, port] of ports.entries()) {
        expect(port, servers[i]?.output()).toBeDefined();
        expect((await ready(port as number)).status).toBe(200);
      }
      const reports = servers.map((s) => s.logLines().find((l) => l.msg === 'listening'));
      expect(reports.filter((r) => r?.demoContentLoaded === true)).toHaveLength(1);
      expect(reports.filter((r) => r?.firstAdminFile !== undefined)).toHaveLength(1);
      expect(await Promise.all(servers.map(stopServer))).toEqual([0, 0]);

      const db = t.database.db;
      expect(await countRows(db, 'users')).toBe(1);
      expect(await countRows(db, 'company_profile')).toBe(1);
      expect(await countRows(db, 'social_links')).toBe(demoSocialLinks.length);
      expect(await countRows(db, 'kysely_migration' as never)).toBe(knownMigrationNames().length);
    },
    PROCESS_TEST_MS,
  );

  it(
    'keeps this release running on the database once a newer release has migrated it: starts, says so, is ready',
    async () => {
      await t.database.db
        .insertInto('kysely_migration' as never)
        .values({ name: NEWER_MIGRATION, timestamp: new Date().toISOString() } as never)
        .execute();
      for (const migrate of ['true', 'false']) {
        const server = startServer(t.url, { MIGRATE_ON_START: migrate });
        const port = await server.started;
        expect(port, server.output()).toBeDefined();
        expect(server.output()).toContain('newer release');
        expect(await ready(port as number)).toMatchObject({ status: 200, body: { data: { migrations: true } } });
        expect(await stopServer(server)).toBe(0);
      }
    },
    PROCESS_TEST_MS,
  );
});
