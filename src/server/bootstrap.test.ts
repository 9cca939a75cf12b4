import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap, MigrationsPendingError, type BootstrapSummary } from './bootstrap';
import { loadConfig, type Config } from './config';
import { createDatabase } from './db/database';
import { knownMigrationNames, migrateToLatest, SchemaError } from './db/migrator';
import type { DB } from './db/schema';
import { countAdmins } from './features/users/users.repository';
import { demoBlogPosts } from './seed/demo-blog-posts';
import { demoCertificates, demoServices, demoSocialLinks } from './seed/demo-content';
import { countRows, createTestDatabase, testDialects, type TestDatabase } from './testing/test-database';

/** Each test migrates a fresh database: tens of seconds on MariaDB on a loaded machine (no time is asserted). */
const MIGRATING_TEST_MS = 180_000;

/** A migration of a release after this one: later than every name this release knows. */
const NEWER_MIGRATION = '2999-01-01T00-00-00_from-a-newer-release';

interface RecordedLog {
  logger: FastifyBaseLogger;
  lines: Array<{ level: string; msg: string; fields: unknown }>;
}

/** A logger that keeps what start-up says, to be read by the test. */
function recordingLogger(): RecordedLog {
  const lines: RecordedLog['lines'] = [];
  const at =
    (level: string) =>
    (first: unknown, second?: unknown): void => {
      if (typeof first === 'string') lines.push({ level, msg: first, fields: undefined });
      else lines.push({ level, msg: String(second), fields: first });
    };
  const logger = {
    level: 'info',
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => undefined,
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return { logger, lines };
}

function startConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'true', JOBS_ENABLED: 'false', ...env });
}

/** One company, one admin, and each kind of demo content once. */
async function expectSeededOnce(db: Kysely<DB>): Promise<void> {
  expect(await countAdmins(db)).toBe(1);
  expect(await countRows(db, 'company_profile')).toBe(1);
  expect(await countRows(db, 'social_links')).toBe(demoSocialLinks.length);
  expect(await countRows(db, 'services')).toBe(demoServices.length);
  expect(await countRows(db, 'blog_posts')).toBe(demoBlogPosts.length);
  expect(await countRows(db, 'certificates')).toBe(demoCertificates.length);
}

describe.each(testDialects)(
  'start-up of several instances at once on %s',
  { timeout: MIGRATING_TEST_MS },
  (dialect) => {
    let t: TestDatabase;
    beforeEach(async () => {
      t = await createTestDatabase(dialect, { migrate: false });
    });
    afterEach(async () => {
      await t.drop();
    });

    it('brings up every instance on an empty database, with one admin and the demo content once', async () => {
      const instances = Array.from({ length: 4 }, () => createDatabase(t.url));
      let summaries: BootstrapSummary[];
      try {
        const log = recordingLogger();
        summaries = await Promise.all(instances.map((d) => bootstrap(d, startConfig(), log.logger)));
        expect(log.lines.filter((l) => l.level === 'error')).toEqual([]);
      } finally {
        await Promise.all(instances.map((d) => d.close()));
      }
      expect(summaries.filter((s) => s.seeded)).toHaveLength(1);
      expect(summaries.filter((s) => s.admin.created)).toHaveLength(1);
      // The generated password is known to the instance that created the admin, and to no other.
      expect(summaries.filter((s) => s.admin.generatedPassword !== undefined)).toHaveLength(1);
      expect(summaries.every((s) => s.schema.state === 'current')).toBe(true);
      await expectSeededOnce(t.database.db);
      const lease = await t.database.db
        .selectFrom('job_leases')
        .selectAll()
        .where('name', '=', 'bootstrap')
        .executeTakeFirstOrThrow();
      expect(lease).toMatchObject({ owner: null, lease_until: null, last_error: null });

      // A later start (a restart, the next instance of a rollout) finds everything done.
      const again = await bootstrap(t.database, startConfig(), recordingLogger().logger);
      expect(again).toMatchObject({ seeded: false, admin: { created: false } });
      await expectSeededOnce(t.database.db);
    });

    it('waits for a live holder of the bootstrap lease, and takes over one that has expired', async () => {
      await migrateToLatest(t.database.db);
      const db = t.database.db;
      await db.insertInto('job_leases').values({ name: 'bootstrap' }).execute();
      const hold = (until: string) =>
        db
          .updateTable('job_leases')
          .set({ owner: 'another-instance', lease_until: until })
          .where('name', '=', 'bootstrap')
          .execute();

      // Held by an instance that died: its lease has run out, so this start goes ahead.
      await hold(new Date(Date.now() - 1000).toISOString());
      const summary = await bootstrap(t.database, startConfig(), recordingLogger().logger);
      expect(summary).toMatchObject({ seeded: true, admin: { created: true } });

      // Held by a live instance: this start waits (and says so) until it is given back.
      await hold(new Date(Date.now() + 60_000).toISOString());
      const log = recordingLogger();
      let done = false;
      const waiting = bootstrap(t.database, startConfig(), log.logger).then((s) => {
        done = true;
        return s;
      });
      await expect
        .poll(() => log.lines.some((l) => l.msg.includes('another instance is preparing')), { timeout: 60_000 })
        .toBe(true);
      expect(done).toBe(false);
      await db
        .updateTable('job_leases')
        .set({ owner: null, lease_until: null })
        .where('name', '=', 'bootstrap')
        .execute();
      expect(await waiting).toMatchObject({ seeded: false, admin: { created: false } });
      await expectSeededOnce(db);
    });

    it('with MIGRATE_ON_START=false, stops on a database that is behind, naming npm run migrate, and migrates nothing', async () => {
      const config = startConfig({ MIGRATE_ON_START: 'false' });
      const error = await bootstrap(t.database, config, recordingLogger().logger).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationsPendingError);
      expect((error as Error).message).toContain('npm run migrate');
      expect((error as MigrationsPendingError).status.pending).toEqual(knownMigrationNames());
      const tables = await t.database.db.introspection.getTables();
      expect(tables.map((table) => table.name)).not.toContain('company_profile');

      // Once migrated (npm run migrate), the same start goes ahead: seed and admin, no migration.
      await migrateToLatest(t.database.db);
      const log = recordingLogger();
      const summary = await bootstrap(t.database, config, log.logger);
      expect(summary).toMatchObject({ seeded: true, admin: { created: true } });
      expect(log.lines.filter((l) => l.msg === 'migration applied')).toEqual([]);
    });

    it('starts on a database a newer release migrated, with or without MIGRATE_ON_START, saying so', async () => {
      await migrateToLatest(t.database.db);
      await t.database.db
        .insertInto('kysely_migration' as never)
        .values({ name: NEWER_MIGRATION, timestamp: new Date().toISOString() } as never)
        .execute();
      for (const migrate of ['true', 'false']) {
        const log = recordingLogger();
        const summary = await bootstrap(t.database, startConfig({ MIGRATE_ON_START: migrate }), log.logger);
        expect(summary.schema).toEqual({ state: 'ahead', pending: [], unknown: [NEWER_MIGRATION] });
        const line = log.lines.find((l) => l.msg.includes('newer release'));
        expect(line).toMatchObject({ level: 'info', fields: { newerMigrations: [NEWER_MIGRATION] } });
      }
      await expectSeededOnce(t.database.db);
      const rows = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.database.db);
      expect(Number(rows.rows[0]?.n)).toBe(knownMigrationNames().length + 1);
    });

    it('stops on a diverged database instead of migrating it', async () => {
      await migrateToLatest(t.database.db);
      const stranger = `${knownMigrationNames()[0]}_other-branch`;
      await t.database.db
        .insertInto('kysely_migration' as never)
        .values({ name: stranger, timestamp: new Date().toISOString() } as never)
        .execute();
      for (const migrate of ['true', 'false']) {
        const error = await bootstrap(t.database, startConfig({ MIGRATE_ON_START: migrate }), recordingLogger().logger)
          .then(() => undefined)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(SchemaError);
        expect(error).not.toBeInstanceOf(MigrationsPendingError);
        expect((error as Error).message).toContain(stranger);
      }
    });
  },
);
