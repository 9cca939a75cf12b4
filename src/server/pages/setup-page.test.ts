import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAdminSchema } from '../../shared/contracts/company';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { ACME_COMPANY } from '../testing/company-write';
import { apiCaller, createStaff, type Session } from '../testing/auth-helpers';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';

/*
 * A site started without demo content has no company profile: visitors get "This website is being set up"
 * (503, Retry-After) instead of a page that cannot be drawn, staff get an empty Company form to fill in,
 * and the first save brings the pages.
 */

describe.each(testDialects)('a site with no company profile yet on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let editor: Session;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/site-test-data',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      JOBS_ENABLED: 'false',
    });
    app = await buildApp(config, { database: database.database, logger: { write: () => undefined } });
    // A public page as the web plugin serves them (config.page), without needing a production build.
    app.get('/probe-page', { config: { page: true } }, async (_request, reply) =>
      reply.type('text/html').send('<p>page</p>'),
    );
    await app.ready();
    ({ editor } = await createStaff(app, database.database.db));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  }, 60_000);

  const { ok } = apiCaller(
    () => app,
    () => editor,
  );

  it('shows visitors the setup page, staff an empty form, and the pages once the profile is saved', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/probe-page' });
    expect(visitor.statusCode).toBe(503);
    expect(visitor.headers['retry-after']).toBe('3600');
    expect(visitor.headers['cache-control']).toBe('no-store');
    expect(visitor.body).toContain('This website is being set up');
    expect(visitor.body).toContain('href="/admin"');
    expect(visitor.body).toContain('noindex');
    // The API answers as before: the public profile is not there yet.
    expect((await app.inject({ method: 'GET', url: '/api/company' })).statusCode).toBe(404);

    const empty = companyAdminSchema.parse(await ok('GET', '/company/admin'));
    expect(empty).toMatchObject({ name: '', email: '', coreServices: [], version: 0 });
    await ok('PUT', '/company', { ...ACME_COMPANY, version: 0 });
    const page = await app.inject({ method: 'GET', url: '/probe-page' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<p>page</p>');
  });
});
