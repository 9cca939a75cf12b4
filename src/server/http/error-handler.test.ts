import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/database';

describe('when the database cannot be reached', () => {
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    // Nothing listens on port 1: every query fails to connect.
    database = createDatabase('postgres://postgres@127.0.0.1:1/none');
    app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' }),
      { database, logger: false },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers API reads with 503 DATABASE_UNAVAILABLE naming the configured database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'Database not available. Please ensure PostgreSQL is running and database is configured.',
    });
  });

  it('reports not ready while the process stays healthy', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
  });
});
