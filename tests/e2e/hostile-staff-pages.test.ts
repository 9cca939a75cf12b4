import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentWrites, hostileStaffBody, operationsOfDocument } from '../../src/server/testing/hostile-staff';
import { createTestDatabase, testDialects, type TestDatabase } from '../../src/server/testing/test-database';
import { ADMIN_ENV } from './support/admin';
import { startSite, type RunningSite } from './support/harness';
import { call, freshClient, signInAdmin } from './support/instances';

/*
 * The staff half of the hostile-input battery: an editor and an admin write hostile text through every
 * content write of the OpenAPI description (services, team, pricing, testimonials, tech stack, internships,
 * company profile, SEO, posts, comments, projects, categories, certificates; testing/hostile-staff.ts
 * says what is left out and why), on the production build on each database. Then every public page is
 * rendered: the fixed pages, every address of the sitemap (each post, project and list page), the list
 * filters, each certificate's verification page and the feeds. No 5xx, and no page renders with a part
 * left out (a part that throws is logged as "page render failed").
 *
 * FUZZ_RUNS (default 6) sets the bodies per write; FUZZ_SEED replays a failure; DEBUG_REFUSALS=1 prints the
 * first refusal of each write (to see why a write takes none of the hostile text).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

/** Ids and slugs the demo content has, for the writes that change an item (several, so most rows get some). */
const ITEM_IDS = ['1', '2', '3', '4'];

const FIXED_PAGES = [
  '/',
  '/blog',
  '/portfolio',
  '/privacy',
  '/contact',
  '/verify-certificate',
  '/sitemap.xml',
  '/blog/rss.xml',
  '/robots.txt',
];

/** Every text value of a property with that name, anywhere in an answer (whatever its envelope's shape). */
function valuesNamed(value: unknown, name: string | RegExp, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) valuesNamed(item, name, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const matches = typeof name === 'string' ? key === name : name.test(key);
      if (matches && typeof item === 'string') found.push(item);
      else valuesNamed(item, name, found);
    }
  }
  return found;
}

/** Every public page address: the fixed ones, the sitemap's, the list filters and the certificates. */
async function publicPages(baseUrl: string, adminToken: string): Promise<string[]> {
  const pages = new Set(FIXED_PAGES);
  const sitemap = await call(baseUrl, '/sitemap.xml');
  for (const [, loc] of sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const url = new URL(loc!.replaceAll('&amp;', '&'));
    pages.add(`${url.pathname}${url.search}`);
  }
  const blogCategories = await call(baseUrl, '/api/blog/categories');
  for (const slug of valuesNamed(blogCategories.json(), 'slug'))
    pages.add(`/blog?category=${encodeURIComponent(slug)}`);
  const projectCategories = await call(baseUrl, '/api/portfolio/categories');
  for (const slug of valuesNamed(projectCategories.json(), 'slug')) {
    pages.add(`/portfolio?category=${encodeURIComponent(slug)}`);
  }
  const certificates = await call(baseUrl, '/api/certificates?limit=50', { token: adminToken });
  expect(certificates.status, certificates.text).toBe(200);
  for (const number of valuesNamed(certificates.json(), /^certificate_?number$/i)) {
    pages.add(`/verify-certificate?number=${encodeURIComponent(number)}`);
  }
  pages.add('/blog?page=2');
  pages.add('/blog?search=%3Cscript%3E');
  return [...pages];
}

describe.each(testDialects)('hostile staff input, then every public page (%s)', (dialect) => {
  let database: TestDatabase | undefined;
  let site: RunningSite;
  let adminToken: string;
  let editorToken: string;

  beforeAll(async () => {
    if (dialect !== 'sqlite') database = await createTestDatabase(dialect, { migrate: false });
    site = await startSite({
      ...ADMIN_ENV,
      // Each write comes from an address of its own: the battery is not about rate limits.
      TRUST_PROXY: '127.0.0.1',
      // The writes are read from the OpenAPI document, which a production start serves only when asked.
      API_DOCS: 'true',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    adminToken = (await signInAdmin(site.baseUrl)).token;
    const registered = await call(site.baseUrl, '/api/auth/register', {
      method: 'POST',
      token: adminToken,
      body: { username: 'fuzz-editor', email: 'fuzz-editor@example.com', password: 'editor-pass-123', role: 'editor' },
    });
    expect(registered.status, registered.text).toBe(201);
    const signedIn = await call(site.baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: 'fuzz-editor', password: 'editor-pass-123' },
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    editorToken = signedIn.json().data.token as string;
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    await database?.drop();
  });

  it('stores what staff may write and renders every public page without a 5xx', async () => {
    const failures: string[] = [];
    const accepted = new Map<string, number>();
    const doc = await call(site.baseUrl, '/api/docs/json');
    expect(doc.status, doc.text).toBe(200);
    const writes = contentWrites(operationsOfDocument(doc.json()));
    expect(writes.length).toBeGreaterThan(15);

    let n = 0;
    const refused = new Set<string>();
    for (const op of writes) {
      const bodies = fc.sample(hostileStaffBody(op.jsonBody!), { numRuns: RUNS, seed: SEED + n });
      for (const body of bodies) {
        n += 1;
        const url = op.path.replace(/\{\w+\}/g, () => ITEM_IDS[n % ITEM_IDS.length]!);
        const res = await call(site.baseUrl, url, {
          method: op.method,
          token: n % 2 ? editorToken : adminToken,
          body,
          headers: freshClient(),
        });
        if (res.status >= 500) {
          failures.push(
            `${op.method} ${url} -> ${res.status}: ${res.text.slice(0, 200)}\n  sent ${JSON.stringify(body)}`,
          );
        }
        if (process.env.DEBUG_REFUSALS && res.status >= 400 && !refused.has(op.path + op.method)) {
          refused.add(op.path + op.method);
          console.log(op.method, url, res.status, res.text.slice(0, 300), JSON.stringify(body).slice(0, 300));
        }
        if (res.status < 300)
          accepted.set(`${op.method} ${op.path}`, (accepted.get(`${op.method} ${op.path}`) ?? 0) + 1);
      }
    }
    // Most content writes took some of the hostile text (a write that refuses all of it tests nothing).
    expect(accepted.size, [...accepted.keys()].join('\n')).toBeGreaterThan(writes.length / 2);

    const pages = await publicPages(site.baseUrl, adminToken);
    expect(pages.length).toBeGreaterThan(FIXED_PAGES.length + 5);
    for (const page of pages) {
      const res = await call(site.baseUrl, page, { headers: freshClient() });
      if (res.status >= 500) failures.push(`GET ${page} -> ${res.status}: ${res.text.slice(0, 200)}`);
    }
    console.log(
      `[${dialect}] ${n} hostile writes over ${writes.length} operations, accepted by ${accepted.size}:`,
      Object.fromEntries(accepted),
      `\n[${dialect}] ${pages.length} public pages rendered:`,
      pages.join(' '),
    );
    const leftOut = site
      .output()
      .split('\n')
      .filter((line) => line.includes('page render failed'));
    for (const line of leftOut) failures.push(`a page rendered with a part left out: ${line.slice(0, 600)}`);
    expect(failures, `seed ${SEED}\n${failures.join('\n\n')}`).toEqual([]);
  }, 300_000);
});
