import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from './support/harness';

/**
 * Page addresses carry text into the loaders' queries too. A NUL never reaches a database from a page:
 * the visitor is redirected to the address without it (the API refuses it with a 400 instead).
 */
describe('text no database can store, in page addresses', () => {
  let site: RunningSite;

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('redirects a page address with a NUL to the same address without it, never to another site', async () => {
    for (const [url, target] of [
      ['/blog/%00', '/blog/'],
      ['/portfolio/a%00b', '/portfolio/ab'],
      ['/blog?search=%00x', '/blog?search=x'],
      ['//evil.example%00/path', '/evil.example/path'],
      ['/%00/evil.example', '/evil.example'],
    ] as const) {
      const res = await fetch(`${site.baseUrl}${url}`, { redirect: 'manual' });
      expect(res.status, url).toBe(301);
      expect(res.headers.get('location'), url).toBe(target);
    }
    const followed = await fetch(`${site.baseUrl}/blog?search=%00`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
