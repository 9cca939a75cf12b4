import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV } from './support/admin';
import { send } from './support/faults';
import { startSite, type RunningSite } from './support/harness';
import { call, signInAdmin } from './support/instances';

/*
 * What the production build decides from text a visitor or staff member chose.
 * - Addresses with dot segments: a browser resolves /admin/../blog to /blog, and so must every rule that
 *   rests on the path. Without maintenance each is sent to the page it resolves to (one address per page for
 *   the cache); with maintenance on, each gets the maintenance page instead of walking around it through an
 *   exempt prefix.
 * - Names typed by staff are looked up as data, never as a property of the code's own objects: a service
 *   whose icon is named `constructor` or `__proto__` (any text up to 100 characters is accepted) shows the
 *   generic icon, and the home page keeps answering 200 for every visitor.
 */
const FORMS: Array<[string, string]> = [
  ['/admin/../blog', '/blog'],
  ['/admin/%2e%2e/blog', '/blog'],
  ['/assets/../', '/'],
  ['/images/../', '/'],
  ['/demo/../', '/'],
  ['/admin/../blog.data', '/blog.data'],
  ['/admin/../blog?page=2', '/blog?page=2'],
  ['/..//evil.example/', '/evil.example/'],
];

describe('text that decides what a page is', () => {
  let site: RunningSite;
  let token: string;

  beforeAll(async () => {
    site = await startSite(ADMIN_ENV);
    token = (await signInAdmin(site.baseUrl)).token;
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
  });

  const setMaintenance = async (maintenanceMode: boolean) => {
    const res = await call(site.baseUrl, '/api/system/settings', {
      method: 'PUT',
      token,
      body: { maintenanceMode, maintenanceMessage: '', debugMode: false, cacheEnabled: true },
    });
    expect(res.status, res.text).toBe(200);
  };

  it('sends an address with dot segments to the page it resolves to', async () => {
    for (const [raw, resolved] of FORMS) {
      const res = await send(site.baseUrl, { path: raw });
      expect(res.status, raw).toBe(301);
      expect(res.headers?.location, raw).toBe(resolved);
    }
  });

  it('gives an address with dot segments the maintenance page while maintenance is on', async () => {
    await setMaintenance(true);
    try {
      for (const [raw] of FORMS) {
        const res = await send(site.baseUrl, { path: raw });
        expect(res.status, raw).toBe(503);
        expect(res.headers?.['cache-control'], raw).toBe('no-store');
      }
      // The admin stays reachable for staff to turn it off.
      expect((await send(site.baseUrl, { path: '/admin/login' })).status).toBe(200);
    } finally {
      await setMaintenance(false);
    }
  });

  it('a service icon named like an object property leaves the home page up', async () => {
    for (const icon of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const title = `Service with the icon ${icon}`;
      const created = await call(site.baseUrl, '/api/services', {
        method: 'POST',
        token,
        body: { title, text: 'Shown with the generic icon.', icon },
      });
      expect(created.status, created.text).toBe(201);
      const home = await call(site.baseUrl, '/');
      expect(home.status, icon).toBe(200);
      expect(home.text).toContain(title);
    }
    expect(site.output()).not.toContain('page render failed');
  });
});
