import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENV } from './support/admin';
import { send } from './support/faults';
import { startSite, type RunningSite } from './support/harness';
import { call, signInAdmin } from './support/instances';

/*
 * Addresses with dot segments on the production build: a browser resolves /admin/../blog to /blog, and so
 * must every rule that rests on the path. Without maintenance each is sent to the page it resolves to (one
 * address per page for the cache); with maintenance on, each gets the maintenance page instead of walking
 * around it through an exempt prefix.
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

describe('addresses with dot segments', () => {
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

  it('are sent to the page they resolve to', async () => {
    for (const [raw, resolved] of FORMS) {
      const res = await send(site.baseUrl, { path: raw });
      expect(res.status, raw).toBe(301);
      expect(res.headers?.location, raw).toBe(resolved);
    }
  });

  it('get the maintenance page while maintenance is on', async () => {
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
});
