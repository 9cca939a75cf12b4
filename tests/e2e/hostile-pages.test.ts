import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_LIST_KEYS, PUBLIC_PROJECT_LIST_KEYS } from '../../src/server/pages/web';
import { RAW_SEGMENTS, encodePart, hostileString } from '../../src/server/testing/hostile-input';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/testing/test-database';
import { send } from './support/faults';
import { startSite, type RunningSite } from './support/harness';

/*
 * The page half of the hostile-input battery (the API half is src/server/hostile-input.test.ts): the
 * production build on each database gets hostile paths and query strings on every public page, the
 * feeds and the uploads. No 5xx, no reflected markup, and the same answer to HEAD as to GET.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

/** Page addresses; {} is replaced by a hostile segment. */
const PAGES = [
  '/',
  '/blog',
  '/blog/{}',
  '/portfolio',
  '/portfolio/{}',
  '/{}',
  '/admin/{}',
  '/blog/rss.xml',
  '/sitemap.xml',
  '/sitemap-{}.xml',
  '/robots.txt',
  '/uploads/files/{}',
  '/uploads/thumbnails/{}/{}',
  // The newsletter's link pages (ADR 0046): the token is what they read.
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
];

/** Query keys the list pages read, plus ones they do not. */
const QUERY_KEYS = [
  ...new Set([...PUBLIC_LIST_KEYS, ...PUBLIC_PROJECT_LIST_KEYS, 'published', 'token', '__proto__[x]']),
];

const MARKUP = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];

const hostilePath = fc
  .tuple(
    fc.constantFrom(...PAGES),
    fc.array(fc.oneof(fc.constantFrom(...RAW_SEGMENTS), hostileString().map(encodePart)), {
      minLength: 2,
      maxLength: 2,
    }),
    fc.array(
      fc.tuple(
        fc.constantFrom(...QUERY_KEYS),
        fc.oneof(hostileString().map(encodePart), fc.constantFrom('%FF', '%00', '%', ...MARKUP.map(encodePart))),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([page, segments, query]) => {
    let i = 0;
    const path = page.replace(/\{\}/g, () => segments[i++] ?? 'x');
    return query.length ? `${path}?${query.map(([k, v]) => `${encodePart(k)}=${v}`).join('&')}` : path;
  });

describe.each(testDialects)('hostile page requests (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let site: RunningSite;

  beforeAll(async () => {
    // The server migrates and seeds its own database; SQLite uses the site's data directory.
    if (dialect !== 'sqlite') database = await createTestDatabase(dialect, { migrate: false });
    site = await startSite(database ? { DATABASE_URL: database.url } : {});
  });

  afterAll(async () => {
    await site?.stop();
    await database?.drop();
  });

  it('never answer 5xx, never reflect markup, and answer HEAD as GET', async () => {
    await fc.assert(
      fc.asyncProperty(hostilePath, async (path) => {
        const get = await send(site.baseUrl, { path });
        expect(get.status, `GET ${path}: ${get.error ?? get.body?.slice(0, 200)}`).toBeLessThan(500);
        for (const markup of MARKUP) expect(get.body, `GET ${path} reflects markup`).not.toContain(markup);
        const head = await send(site.baseUrl, { method: 'HEAD', path });
        expect({ status: head.status, type: head.headers?.['content-type'], body: head.body }, `HEAD ${path}`).toEqual({
          status: get.status,
          type: get.headers?.['content-type'],
          body: '',
        });
      }),
      { numRuns: RUNS * 4 },
    );
    expect(site.output()).not.toMatch(/"level":(50|60)/);
  }, 300_000);
});
