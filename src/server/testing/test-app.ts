import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { DialectName } from '../db/database';
import { seedDemoContent } from '../seed/seed';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
}

/** The environment of an app a test builds: quiet, with a fixed secret and a scratch data folder. */
export const TEST_ENV = {
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/site-test-data',
  LOG_LEVEL: 'silent',
  // Scheduled jobs run when a test runs them (app.scheduler.runNow), never behind its back.
  JOBS_ENABLED: 'false',
  JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
};

/**
 * Builds the real app on a fresh database of the given dialect for the enclosing describe block,
 * and tears both down afterwards. Read the returned object's properties inside tests only.
 */
export function useTestApp(
  dialect: DialectName,
  options: { seed?: boolean; env?: Record<string, string> } = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.db = await createTestDatabase(dialect);
    if (options.seed !== false) await seedDemoContent(ctx.db.database.db);
    ctx.config = loadConfig({
      ...TEST_ENV,
      // Cheap password hashes: signing in is a few milliseconds instead of a third of a second.
      PASSWORD_HASHING: 'test',
      ...options.env,
    });
    ctx.app = await buildApp(ctx.config, { database: ctx.db.database, logger: false });
    await ctx.app.ready();
  }, 60_000);
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.drop();
  }, 60_000);
  return ctx;
}
