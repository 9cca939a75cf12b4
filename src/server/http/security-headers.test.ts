import { existsSync, readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemoContent } from '../seed/seed';
import { bearer, createUser, postLogin, signIn } from '../testing/auth-helpers';
import { requireBuild } from '../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { PERMISSIONS_POLICY } from './security-headers';

/*
 * The headers helmet does not set (Permissions-Policy everywhere, no-store on the auth answers) and where
 * the API documentation is served (ADR 0034). Pages and built files need the production build.
 */

const built = existsSync('build/server/index.js');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const baseEnv = {
  DATA_DIR: '/tmp/site-test-data',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
  JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
} as const;

describe('security headers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedDemoContent(database.database.db);
    const config = loadConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'test', ...baseEnv });
    app = await buildApp(config, { database: database.database, logger: false, web: built ? 'build' : undefined });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('denies the powerful features no page uses, and leaves those the pages use alone', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics']) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    }
    for (const feature of ['autoplay', 'fullscreen', 'clipboard-write', 'web-share', 'picture-in-picture']) {
      expect(PERMISSIONS_POLICY).not.toContain(feature);
    }
  });

  it('sends Permissions-Policy with every answer: API, refusals, unknown addresses', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/company' }),
      app.inject({ method: 'GET', url: '/api/nothing-here' }),
      app.inject({ method: 'GET', url: '/api/auth/me' }),
      app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'nope' } }),
      app.inject({ method: 'GET', url: '/robots.txt' }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401, 400, 200]);
    for (const res of answers) expect(res.headers['permissions-policy'], res.body).toBe(PERMISSIONS_POLICY);
  });

  it('sends it with pages, page-cache hits and built files', async () => {
    requireBuild();
    const headers = { accept: 'text/html', 'user-agent': BROWSER };
    const first = await app.inject({ method: 'GET', url: '/', headers });
    const again = await app.inject({ method: 'GET', url: '/', headers });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(app.pageCache.stats().hits).toBeGreaterThan(0);
    const script = readdirSync('build/client/assets').find((file) => file.endsWith('.js'));
    const asset = await app.inject({ method: 'GET', url: `/assets/${script}` });
    expect(asset.statusCode).toBe(200);
    for (const res of [first, again, asset]) expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    // No page links to the API documentation, which production does not serve.
    expect(first.body).not.toContain('/api/docs');
  });

  it('answers sign-in, refusals and session calls under /api/auth with no-store', async () => {
    const user = await createUser(database.database.db, { role: 'editor' });
    const login = await postLogin(app, { username: user.username, password: user.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.token).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await postLogin(app, { username: user.username, password: 'wrong password here' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const session = await signIn(app, user);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    // A stricter value set by a route is kept.
    const settings = await app.inject({ method: 'GET', url: '/api/auth/app-settings', headers: bearer(session.token) });
    expect(settings.headers['cache-control']).toContain('no-store');
  });
});

describe('the API documentation', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  async function docsStatus(env: Record<string, string>): Promise<[number, number, boolean]> {
    const app = await buildApp(loadConfig({ ...baseEnv, ...env }), { database: database.database, logger: false });
    try {
      await app.ready();
      const page = await app.inject({ method: 'GET', url: '/api/docs/' });
      const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
      // The document itself is built either way (the hostile-input battery reads it).
      const documented = Object.keys((app.swagger() as { paths: object }).paths).includes('/api/company');
      if (page.statusCode === 404) expect(page.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      return [page.statusCode, json.statusCode, documented];
    } finally {
      await app.close();
    }
  }

  it('is not served in production unless API_DOCS=true; served in development and tests', async () => {
    expect(await docsStatus({ NODE_ENV: 'production' })).toEqual([404, 404, true]);
    expect(await docsStatus({ NODE_ENV: 'production', API_DOCS: 'true' })).toEqual([200, 200, true]);
    expect(await docsStatus({ NODE_ENV: 'development' })).toEqual([200, 200, true]);
    expect(await docsStatus({ NODE_ENV: 'test', API_DOCS: 'false' })).toEqual([404, 404, true]);
  });
});
