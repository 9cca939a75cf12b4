import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../../shared/contracts/system-settings.values';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { SITE_PASS_COOKIE } from '../../http/system-settings';
import { seedDemoContent } from '../../seed/seed';
import { bearer, createStaff, type Session } from '../../testing/auth-helpers';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { TEST_ENV } from '../../testing/test-app';

/*
 * System Configuration on every database: who may read and change it, what is refused, and what it does:
 * the maintenance page for visitors (and not for staff with a site pass, the API or health checks),
 * debug-level logs at once, and the cache header of public pages.
 */

describe.each(testDialects)('system configuration on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await seedDemoContent(database.database.db);
    const config = loadConfig({
      ...TEST_ENV,
      LOG_LEVEL: 'info',
    });
    app = await buildApp(config, {
      database: database.database,
      // Logging at LOG_LEVEL info (debug mode changes the level), into nothing.
      logger: { write: () => undefined },
    });
    // A public page as the web plugin serves them (config.page), without needing a production build.
    app.get('/probe-page', { config: { page: true } }, async (_request, reply) =>
      reply.type('text/html').send('<p>page</p>'),
    );
    await app.ready();
    staff = await createStaff(app, database.database.db);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  }, 60_000);

  const put = (session: Session, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/system/settings',
      payload: payload as object,
      headers: bearer(session.token),
    });
  const settings = { maintenanceMode: false, maintenanceMessage: '', debugMode: false, cacheEnabled: true };

  it('lets admins read and change it; editors and viewers only learn whether maintenance is on', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/system/settings' })).statusCode).toBe(401);
    for (const role of ['editor', 'viewer'] as const) {
      const session = staff[role];
      expect(
        (await app.inject({ method: 'GET', url: '/api/system/settings', headers: bearer(session.token) })).statusCode,
      ).toBe(403);
      expect((await put(session, { ...settings, maintenanceMode: true })).statusCode).toBe(403);
      const status = await app.inject({ method: 'GET', url: '/api/system/status', headers: bearer(session.token) });
      expect(status.json()).toEqual({ success: true, data: { maintenanceMode: false } });
    }
    const read = await app.inject({ method: 'GET', url: '/api/system/settings', headers: bearer(staff.admin.token) });
    expect(read.json().data).toEqual(settings);
  });

  it('refuses what it cannot store with the field named, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...settings, maintenanceMode: 'yes' }, 'Maintenance mode must be true or false'],
      [{ ...settings, maintenanceMessage: 'x'.repeat(501) }, 'Maintenance message must be at most 500 characters'],
      [{ ...settings, theme: 'dark' }, 'theme'],
      [{ maintenanceMode: true }, 'Debug mode must be true or false'],
    ];
    for (const [body, message] of cases) {
      const res = await put(staff.admin, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const read = await app.inject({ method: 'GET', url: '/api/system/settings', headers: bearer(staff.admin.token) });
    expect(read.json().data).toEqual(settings);
  });

  it('shows visitors the maintenance page with 503 and Retry-After; staff with a site pass, the API and health checks go on', async () => {
    const message = 'Back at <b>noon</b> & better';
    const saved = await put(staff.admin, { ...settings, maintenanceMode: true, maintenanceMessage: message });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('System settings saved');

    const visitor = await app.inject({ method: 'GET', url: '/probe-page' });
    expect(visitor.statusCode).toBe(503);
    expect(visitor.headers['retry-after']).toBe(String(MAINTENANCE_RETRY_AFTER_SECONDS));
    expect(visitor.headers['cache-control']).toBe('no-store');
    expect(visitor.body).toContain('Back at &lt;b&gt;noon&lt;/b&gt; &amp; better');
    expect(visitor.body).toContain('hello@smartstack.example');
    expect(visitor.body).toContain('+92 300 1234567');
    expect(visitor.body).not.toContain('<p>page</p>');

    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/blog/posts' })).statusCode).toBe(200);
    const status = await app.inject({ method: 'GET', url: '/api/system/status', headers: bearer(staff.viewer.token) });
    expect(status.json().data).toEqual({ maintenanceMode: true });

    // A viewer's site pass: an HttpOnly cookie bound to the session.
    const pass = await app.inject({
      method: 'POST',
      url: '/api/system/site-pass',
      headers: bearer(staff.viewer.token),
    });
    expect(pass.statusCode).toBe(200);
    const cookie = pass.cookies.find((c) => c.name === SITE_PASS_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const withPass = await app.inject({
      method: 'GET',
      url: '/probe-page',
      cookies: { [SITE_PASS_COOKIE]: cookie.value },
    });
    expect(withPass.statusCode).toBe(200);
    expect(withPass.body).toBe('<p>page</p>');

    const forged = await app.inject({
      method: 'GET',
      url: '/probe-page',
      cookies: { [SITE_PASS_COOKIE]: `${cookie.value}x` },
    });
    expect(forged.statusCode).toBe(503);
    expect((await app.inject({ method: 'POST', url: '/api/system/site-pass' })).statusCode).toBe(401);

    // Signing out closes the session the pass is bound to.
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: staff.viewer.refreshToken },
      headers: bearer(staff.viewer.token),
    });
    expect(logout.statusCode).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/probe-page',
      cookies: { [SITE_PASS_COOKIE]: cookie.value },
    });
    expect(after.statusCode).toBe(503);
    const cleared = await app.inject({ method: 'DELETE', url: '/api/system/site-pass' });
    expect(cleared.cookies.find((c) => c.name === SITE_PASS_COOKIE)?.value).toBe('');

    await put(staff.admin, settings);
    expect((await app.inject({ method: 'GET', url: '/probe-page' })).statusCode).toBe(200);
    const activity = await database.database.db
      .selectFrom('activity_log')
      .select(['action'])
      .where('type', '=', 'settings')
      .execute();
    expect(activity.length).toBeGreaterThanOrEqual(2);
  });

  it('switches debug-level logging and the cache header of public pages at once', async () => {
    expect(app.log.level).toBe('info');
    await put(staff.admin, { ...settings, debugMode: true });
    expect(app.log.level).toBe('debug');
    await put(staff.admin, settings);
    expect(app.log.level).toBe('info');

    expect((await app.inject({ method: 'GET', url: '/probe-page' })).headers['cache-control']).toBe(
      'public, max-age=0, must-revalidate',
    );
    await put(staff.admin, { ...settings, cacheEnabled: false });
    expect((await app.inject({ method: 'GET', url: '/probe-page' })).headers['cache-control']).toBe('no-store');
    await put(staff.admin, settings);
  });

  it('follows a change another instance stored', async () => {
    await database.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ ...settings, maintenanceMode: true }) })
      .where('key', '=', 'system')
      .execute();
    await app.systemSettings.refresh();
    expect((await app.inject({ method: 'GET', url: '/probe-page' })).statusCode).toBe(503);
    await put(staff.admin, settings);
  });
});
