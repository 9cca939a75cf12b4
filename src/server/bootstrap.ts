import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { migrateToLatest } from './db/migrator';
import { ensureFirstAdmin } from './features/users/first-admin';
import { isEmpty, seedDemoContent } from './seed/seed';

export interface BootstrapSummary {
  seeded: boolean;
  adminLines: string[];
}

/** Brings the database to the current schema, loads demo content into an empty one, ensures an admin. */
export async function bootstrap(database: Database, config: Config, log: FastifyBaseLogger): Promise<BootstrapSummary> {
  const migrated = await migrateToLatest(database.db);
  for (const result of migrated.results ?? []) log.info({ migration: result.migrationName }, 'migration applied');

  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemoContent(database.db);
    seeded = true;
    log.info('demo content loaded');
  }

  const admin = await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword });
  const adminLines: string[] = [];
  if (admin.created && admin.generatedPassword) {
    adminLines.push(
      `Sign in:  ${admin.email} / ${admin.generatedPassword}`,
      '          (generated once and not shown again: change it after signing in,',
      '           or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start)',
    );
  } else if (admin.created) {
    adminLines.push(`Sign in:  ${admin.email} with the ADMIN_PASSWORD you configured`);
  } else {
    adminLines.push('Sign in:  with your existing admin account (locked out? npm run create-admin)');
  }
  return { seeded, adminLines };
}
