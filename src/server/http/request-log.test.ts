import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createSignedIn } from '../testing/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { loggedUrl, USER_AGENT_LOGGED_MAX } from './request-log';
import { TEST_ENV } from '../testing/test-app';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const DEBUG = 20;
const INFO = 30;

describe('the request log', () => {
  let app: FastifyInstance;
  let db: TestDatabase;
  const lines: LogLine[] = [];
  const written: string[] = [];
  /** The line of the request whose answer carried this X-Request-Id. */
  const lineOf = (requestId: unknown) => lines.find((l) => l.msg === 'request completed' && l.reqId === requestId);

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    const config = loadConfig({
      ...TEST_ENV,
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '127.0.0.1',
    });
    app = await buildApp(config, {
      database: db.database,
      logger: {
        write: (line: string) => {
          written.push(line);
          lines.push(JSON.parse(line) as LogLine);
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('logs one line per request: method, address as received, status, time, client through the trusted proxy, user agent', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/no-such-thing?page=2&q=a%20b',
      headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (X11; Linux) Firefox/140.0' },
    });
    expect(res.statusCode).toBe(404);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.filter((l) => l.msg === 'request completed' && l.reqId === requestId)).toHaveLength(1);
    const line = lineOf(requestId);
    expect(line).toMatchObject({
      level: INFO,
      method: 'GET',
      url: '/api/no-such-thing?page=2&q=a%20b',
      statusCode: 404,
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0',
    });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(line).not.toHaveProperty('userId');
  });

  it('names the signed-in user by id, and never logs the credentials, cookies or bodies of requests', async () => {
    const session = await createSignedIn(app, db.database.db, { role: 'editor' });
    const loginLine = lines.findLast((l) => l.msg === 'request completed' && l.url === '/api/auth/login');
    expect(loginLine).toMatchObject({ method: 'POST', statusCode: 200 });

    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.token}`, cookie: 'refresh=a-cookie-value-1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(lineOf(res.headers['x-request-id'])).toMatchObject({ statusCode: 200, userId: session.user.id });

    const all = written.join('\n');
    for (const secret of [session.token, session.refreshToken, session.user.password, 'a-cookie-value-1234']) {
      expect(all).not.toContain(secret);
    }
  });

  it('keeps the beginning of a very long user agent', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/company', headers: { 'user-agent': 'x'.repeat(5000) } });
    expect(lineOf(res.headers['x-request-id'])?.userAgent).toBe('x'.repeat(USER_AGENT_LOGGED_MAX));
  });

  it('logs health and readiness probes that succeed at debug only, and a failing one at info', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(lineOf(health.headers['x-request-id'])).toMatchObject({ level: DEBUG, statusCode: 200 });
    expect(lineOf(ready.headers['x-request-id'])?.level).toBe(ready.statusCode < 300 ? DEBUG : INFO);

    // A migration of this release missing from the database: readiness answers 503, which an operator
    // must see at the default level.
    const migrations = db.database.db as unknown as Kysely<{ kysely_migration: { name: string; timestamp: string } }>;
    const last = await migrations
      .selectFrom('kysely_migration')
      .selectAll()
      .orderBy('name', 'desc')
      .executeTakeFirstOrThrow();
    await migrations.deleteFrom('kysely_migration').where('name', '=', last.name).execute();
    try {
      const failing = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(failing.statusCode).toBe(503);
      expect(lineOf(failing.headers['x-request-id'])).toMatchObject({ level: INFO, statusCode: 503 });
    } finally {
      await migrations.insertInto('kysely_migration').values(last).execute();
    }
  });

  it('keeps no token from a query string', () => {
    expect(loggedUrl('/api/backups/3/file?token=eyJ.abc.def')).toBe('/api/backups/3/file?token=[redacted]');
    expect(loggedUrl('/admin/reset-password?x=1&token=secret#top')).toBe(
      '/admin/reset-password?x=1&token=[redacted]#top',
    );
    expect(loggedUrl('/x?refreshToken=a&token=b&page=2')).toBe('/x?refreshToken=[redacted]&token=[redacted]&page=2');
    expect(loggedUrl('/blog?search=token=1')).toBe('/blog?search=token=1');
  });
});
