import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrationNames } from './db/migrator';
import { demoSocialLinks } from './seed/demo-content';
import { countRows, createTestDatabase, testDialects, type TestDatabase } from './testing/test-database';

/*
 * The real server (the production build, dist/server.js) in separate processes, as a rollout starts it:
 * several at once on one empty database, and the previous release on a database a newer one has migrated.
 * These run once `npm run build` has made it (like plugins/web-assets.test.ts).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NEWER_MIGRATION = '2999-01-01T00-00-00_from-a-newer-release';
/** Starting the server on a loaded machine takes a while; nothing here measures time. */
const PROCESS_TEST_MS = 240_000;

interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** The port once the start-up banner is printed, or undefined when the process ended first. */
  started: Promise<number | undefined>;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
const dataDirs: string[] = [];

function startServer(databaseUrl: string, env: Record<string, string> = {}): ServerProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-instance-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://localhost:3000',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'info',
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'true',
      ...env,
    },
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const started = new Promise<number | undefined>((resolve) => {
    const look = () => {
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port && output.includes('  Database: ')) resolve(Number(port));
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      look();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then(() => resolve(undefined));
  });
  return { child, output: () => output, started, exited };
}

async function ready(port: number): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
  return { status: response.status, body: await response.json() };
}

async function stop(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

afterEach(async () => {
  for (const child of running) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const built = ['dist/server.js', 'build/server/index.js'].every((file) => existsSync(path.join(repoRoot, file)));

describe.skipIf(!built).each(testDialects)('server processes on %s', (dialect) => {
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
      expect(server.output()).toContain('npm run migrate');
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
      const outputs = servers.map((s) => s.output());
      expect(outputs.filter((o) => o.includes('(demo content loaded)'))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes('Sign in:  admin@localhost / '))).toHaveLength(1);
      expect(await Promise.all(servers.map(stop))).toEqual([0, 0]);

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
        expect(await stop(server)).toBe(0);
      }
    },
    PROCESS_TEST_MS,
  );
});
