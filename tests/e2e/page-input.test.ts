import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from './support/harness';

/** Page addresses carry text into the loaders' queries too: the edge rule for NUL holds for pages. */
describe('text no database can store, in page addresses', () => {
  let site: RunningSite;

  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it('refuses a NUL in a page path or query with 400 naming it, like the API', async () => {
    for (const [url, field] of [
      ['/blog/%00', 'path'],
      ['/portfolio/a%00b', 'path'],
      ['/blog?search=%00', 'search'],
    ] as const) {
      const res = await fetch(`${site.baseUrl}${url}`);
      expect(res.status, url).toBe(400);
      expect((await res.json()).errors, url).toEqual([{ field, message: `${field} must not contain NUL characters` }]);
    }
    expect((await fetch(`${site.baseUrl}/blog`)).status).toBe(200);
  });
});
