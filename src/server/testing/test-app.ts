import { inspect } from 'node:util';
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
 * A failure of a file's setup as an error of its own, named after the file and saying what went wrong even
 * when the cause has no message (an AggregateError's is empty, a thrown value may be no Error). Files that
 * share a worker (isolate: false) can meet the same failed module or promise, and so the same error object,
 * which the report would print once under all of their names: each gets its own error here.
 */
export function setupFailed(what: string, error: unknown): Error {
  const messages = (cause: unknown): string[] =>
    cause instanceof AggregateError && cause.errors.length > 0
      ? cause.errors.flatMap(messages)
      : [cause instanceof Error ? cause.message || cause.name : inspect(cause)];
  return new Error(`The ${what} could not be set up: ${messages(error).join('; ')}`, { cause: error });
}

/**
 * Builds the real app on a fresh database of the given dialect for the enclosing describe block,
 * and tears both down afterwards. Read the returned object's properties inside tests only.
 */
export function useTestApp(
  dialect: DialectName,
  options: { seed?: boolean; env?: Record<string, string> } = {},
): TestContext {
  const ctx = {} as TestContext;
  // Vitest gives the suite second, after a context it requires to be destructured.
  // eslint-disable-next-line no-empty-pattern
  beforeAll(async ({}, suite) => {
    try {
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
    } catch (error) {
      throw setupFailed(`${dialect} test app of ${suite.file.name}`, error);
    }
  }, 60_000);
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.drop();
  }, 60_000);
  return ctx;
}
