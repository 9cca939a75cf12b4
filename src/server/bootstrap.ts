import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { divergedError, migrateToLatest, schemaStatus, SchemaError, type SchemaStatus } from './db/migrator';
import type { DB } from './db/schema';
import { retryWriteConflicts } from './db/write-conflicts';
import { ensureFirstAdmin, type FirstAdminResult } from './features/users/first-admin';
import { claimJob, ensureJobRow, releaseJob } from './jobs/job-leases.repository';
import { seedDemoContentIfEmpty } from './seed/seed';

export interface BootstrapSummary {
  seeded: boolean;
  /**
   * Whether this instance created the first admin (of instances starting together, exactly one does), and
   * its password when that was generated.
   */
  admin: FirstAdminResult;
  /** Where the schema stood once start-up had done its part ('current', or 'ahead' during a rollout). */
  schema: SchemaStatus;
}

/** The job_leases row that instances starting together take in turn to seed and create the first admin. */
export const BOOTSTRAP_LEASE = 'bootstrap';
/** How long a holder may take before another instance takes over (the holder is thought to have died). */
const BOOTSTRAP_LEASE_MS = 2 * 60_000;
/** Between two looks at a lease another instance holds. */
const WAIT_MS = 250;

/** MIGRATE_ON_START=false and this release's migrations are not all applied: the start stops (ADR 0030). */
export class MigrationsPendingError extends SchemaError {}

/**
 * Prepares the database for this release, then serves: migrations (or, with MIGRATE_ON_START=false, a
 * check that they were applied), demo content into an empty database, a first admin. Several instances
 * may run it at once on one database (ADR 0030): Kysely's lock (SQLite: one write transaction) serializes
 * the migrations, and the seed and the first admin run under the `bootstrap` lease, taken in turn; each
 * instance looks again once it holds it, so only the first one finds work to do.
 */
export async function bootstrap(database: Database, config: Config, log: FastifyBaseLogger): Promise<BootstrapSummary> {
  const schema = await prepareSchema(database.db, config.migrateOnStart, log);

  const { seeded, admin } = await withBootstrapLease(database.db, log, async () => {
    const seeded = config.seedDemo && (await seedDemoContentIfEmpty(database.db));
    if (seeded) log.info('demo content loaded');
    const admin = await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
    return { seeded, admin };
  });
  return { seeded, admin, schema };
}

async function prepareSchema(db: Kysely<DB>, migrate: boolean, log: FastifyBaseLogger): Promise<SchemaStatus> {
  let status: SchemaStatus;
  if (migrate) {
    const migrated = await migrateToLatest(db);
    for (const result of migrated.results ?? []) log.info({ migration: result.migrationName }, 'migration applied');
    status = migrated.status;
  } else {
    status = await schemaStatus(db);
    if (status.state === 'diverged') throw divergedError(status);
    if (status.state === 'behind') {
      throw new MigrationsPendingError(
        `MIGRATE_ON_START=false and ${status.pending.length} migration(s) of this release are not applied ` +
          `(${status.pending.join(', ')}). Run \`npm run migrate\` with this release first, then start it ` +
          'again (or set MIGRATE_ON_START=true to migrate at start).',
        status,
      );
    }
  }
  if (status.state === 'ahead') {
    log.info(
      { newerMigrations: status.unknown },
      'the database has migrations of a newer release applied on top of this release’s; starting without migrating (ADR 0030)',
    );
  }
  return status;
}

/**
 * Runs `work` while holding the bootstrap lease, waiting while another instance holds it. A holder that
 * dies loses it when it expires (BOOTSTRAP_LEASE_MS), so the others never wait for ever.
 */
async function withBootstrapLease<T>(db: Kysely<DB>, log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
  const owner = `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;
  await ensureJobRow(db, BOOTSTRAP_LEASE);
  for (let waited = false; ; waited = true) {
    const now = new Date();
    // A read first: while the holder writes (SQLite: one writer at a time), waiting costs no write.
    const held = await db
      .selectFrom('job_leases')
      .select('lease_until')
      .where('name', '=', BOOTSTRAP_LEASE)
      .executeTakeFirst();
    const claimed =
      !(held?.lease_until && held.lease_until > now.toISOString()) &&
      (await retryWriteConflicts(() =>
        claimJob(db, {
          name: BOOTSTRAP_LEASE,
          owner,
          now: now.toISOString(),
          leaseUntil: new Date(now.getTime() + BOOTSTRAP_LEASE_MS).toISOString(),
          notStartedSince: null,
        }),
      ));
    if (claimed) break;
    if (!waited) log.info('another instance is preparing the database (demo content, first admin); waiting for it');
    await sleep(WAIT_MS + Math.random() * WAIT_MS);
  }
  let error: string | null = null;
  try {
    return await work();
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    throw err;
  } finally {
    // A lease that cannot be given back (database gone) expires; the original error is the one to see.
    await retryWriteConflicts(() =>
      releaseJob(db, { name: BOOTSTRAP_LEASE, owner, now: new Date().toISOString(), error }),
    ).catch((err: unknown) => log.warn({ err }, 'could not give back the bootstrap lease; it expires by itself'));
  }
}
