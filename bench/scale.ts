/**
 * `npm run bench -- --scale`: what the endpoints whose work grows with the content cost at 100, 20,000 and
 * 100,000 published posts, on each database it is given (SQLite always; PostgreSQL and MySQL/MariaDB with
 * BENCH_POSTGRES_URL / BENCH_MYSQL_URL or the tests' TEST_POSTGRES_URL / TEST_MYSQL_URL).
 *
 * Per database and post count: a fresh database with the demo content and generated published posts
 * (bench/seed-posts.ts, batched inserts), statistics refreshed as a live database would have them, then the
 * production server on it. With the page cache on: /sitemap.xml, its first child when it is an index, and
 * "a new key per request" (a new search word on /blog for every request, what a crawler does: each request
 * fills the cache). Then with the cache switched off: the sitemap again, /blog, an article, RSS, related
 * posts, the staff lists (blog: first page and page 500; portfolio), and the new key per request again.
 *
 * Before the load, the plan of every query those endpoints send is printed (src/server/testing/query-plans.ts; off with
 * BENCH_SCALE_PLANS=false).
 *
 * Environment: BENCH_SCALE_COUNTS (default "100,20000,100000"), BENCH_SCALE_DIALECTS (default: every
 * database configured, e.g. "sqlite,postgres"), BENCH_CONNECTIONS (default 10 here), BENCH_DURATION,
 * BENCH_WARMUP. Results go to bench/results/scale.json (git-ignored). A path that does not answer 2xx is
 * skipped and reported; the run exits non-zero on skips or failed requests.
 */
import os from 'node:os';
import type { Request } from 'autocannon';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../src/server/db/database';
import type { DB } from '../src/server/db/schema';
import { seedDemoContent } from '../src/server/seed/seed';
import { explainScaleReads } from '../src/server/testing/query-plans';
import { createTestDatabase } from '../src/server/testing/test-database';
import { startSite, type RunningSite } from '../tests/e2e/support/harness';
import { BENCH_ADMIN, signIn } from './api-bench';
import { benchDialects, machine, machineLine, repoRoot, writeResults } from './environment';
import { failures, load, settings, type LoadFigures } from './load';
import { putCache } from './pages';
import { fetchRaw } from './raw-response';
import { seedPublishedPosts } from './seed-posts';
import { fixed, table } from './table';
import { articlePath } from './targets';

const COUNTS = (process.env.BENCH_SCALE_COUNTS ?? '100,20000,100000').split(',').map(Number);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS) || 10;
const articleSlug = articlePath.split('/').pop() ?? '';

interface ScaleTarget {
  name: string;
  /** A path, or how to find it on the running site (undefined: not applicable there). */
  path: string | ((site: RunningSite) => Promise<string | undefined>);
  staff?: boolean;
  /** Every request asks for a new address built from this prefix and a counter. */
  newKeyPrefix?: string;
}

/** The first child named by /sitemap.xml when it is a sitemap index. */
async function firstSitemapChild(site: RunningSite): Promise<string | undefined> {
  const res = await fetch(`${site.baseUrl}/sitemap.xml`);
  const body = await res.text();
  if (!body.includes('<sitemapindex')) return undefined;
  const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return locs.find((loc) => loc.includes('posts')) ?? locs[0];
}

const newKey: Omit<ScaleTarget, 'name'> = { path: '/blog?search=bench0', newKeyPrefix: '/blog?search=bench' };

const cachedTargets: ScaleTarget[] = [
  { name: 'sitemap (cache on)', path: '/sitemap.xml' },
  { name: 'sitemap child (cache on)', path: firstSitemapChild },
  { name: 'new key per request (cache on)', ...newKey },
  // Lists whose totals are kept until a write (ADR 0038): the API is not page-cached, so each request
  // still reads its page of ids; only the count is kept.
  { name: 'public list API (cache on)', path: '/api/blog/posts?page=2&limit=10' },
  { name: 'staff blog list (cache on)', path: '/api/blog/posts?page=1&limit=20', staff: true },
  { name: 'staff blog list, page 500 (cache on)', path: '/api/blog/posts?page=500&limit=20', staff: true },
];
const uncachedTargets: ScaleTarget[] = [
  { name: 'sitemap (cache off)', path: '/sitemap.xml' },
  { name: 'sitemap child (cache off)', path: firstSitemapChild },
  { name: '/blog (cache off)', path: '/blog' },
  { name: 'article (cache off)', path: articlePath },
  { name: 'RSS', path: '/blog/rss.xml' },
  { name: 'related API', path: `/api/blog/posts/${articleSlug}/related` },
  { name: 'staff blog list', path: '/api/blog/posts?page=1&limit=20', staff: true },
  { name: 'staff blog list, page 500', path: '/api/blog/posts?page=500&limit=20', staff: true },
  { name: 'staff portfolio list', path: '/api/portfolio/projects?page=1&limit=20', staff: true },
  { name: 'new key per request (cache off)', ...newKey },
];

/** The query plans printed before each dataset's load (bench/scale-plans.ts), kept for the results file. */
const plansByDataset: Array<{ dialect: DialectName; posts: number; plans: string }> = [];

type Run = { bodyBytes: number; figures: LoadFigures } | { skipped: string };

interface Dataset {
  dialect: DialectName;
  posts: number;
  seedSeconds: number;
  runs: Record<string, Run>;
}

async function publishedCount(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('published', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function measureTarget(site: RunningSite, token: string, target: ScaleTarget): Promise<Run> {
  const path = typeof target.path === 'string' ? target.path : await target.path(site);
  if (path === undefined) return { skipped: 'n/a' };
  const headers: Record<string, string> = {
    ...(settings.headers as Record<string, string>),
    ...(target.staff ? { authorization: `Bearer ${token}` } : {}),
  };
  const first = await fetchRaw(site.baseUrl, path, headers);
  if (first.status < 200 || first.status > 299) return { skipped: `answered ${first.status}` };
  let counter = 0;
  const requests: Request[] | undefined = target.newKeyPrefix
    ? [{ setupRequest: (req: Request) => ({ ...req, path: `${target.newKeyPrefix}${(counter += 1)}` }) }]
    : undefined;
  const figures = await load(
    new URL(path, site.baseUrl).href,
    { headers, ...(requests ? { requests } : {}) },
    { connections: CONNECTIONS },
  );
  return { bodyBytes: first.body.length, figures };
}

async function measureDataset(
  dialect: DialectName,
  posts: number,
  track: (site: RunningSite | undefined) => void,
): Promise<Dataset> {
  const test = await createTestDatabase(dialect);
  try {
    const db = test.database.db;
    await seedDemoContent(db);
    const started = performance.now();
    const missing = posts - (await publishedCount(db));
    if (missing > 0) await seedPublishedPosts(db, missing, { sections: 1 });
    // Statistics as a live database keeps them (autovacuum, InnoDB's automatic recalculation).
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    if (dialect === 'mysql') await sql`analyze table blog_posts, blog_post_tags, blog_categories`.execute(db);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    const published = await publishedCount(db);
    console.log(`${dialect}: ${published} published posts (seeded in ${seedSeconds} s)`);
    if (process.env.BENCH_SCALE_PLANS !== 'false') {
      const plans = await explainScaleReads(db, dialect);
      console.log(plans);
      plansByDataset.push({ dialect, posts: published, plans });
    }
    console.log('Starting the server…');
    const site = await startSite({
      DATABASE_URL: test.url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    });
    track(site);
    const runs: Record<string, Run> = {};
    try {
      const token = await signIn(site);
      for (const [cacheOn, list] of [
        [true, cachedTargets],
        [false, uncachedTargets],
      ] as const) {
        await putCache(site, token, cacheOn);
        for (const target of list) {
          console.log(`  ${target.name}…`);
          runs[target.name] = await measureTarget(site, token, target);
        }
      }
    } catch (error) {
      console.error(`Server output:\n${site.output()}`);
      throw error;
    } finally {
      await site.stop();
      track(undefined);
    }
    return { dialect, posts: published, seedSeconds, runs };
  } finally {
    await test.drop();
  }
}

function cell(run: Run | undefined): string {
  if (!run) return '-';
  if ('skipped' in run) return run.skipped;
  return `${fixed(run.figures.reqPerSec, run.figures.reqPerSec < 10 ? 1 : 0)} / ${run.figures.latencyP99Ms}`;
}

function report(datasets: Dataset[]): string {
  const names = [...cachedTargets, ...uncachedTargets].map((t) => t.name);
  const head = ['target', ...datasets.map((d) => `${d.dialect} @${d.posts}`)];
  const rows = names.map((name) => [name, ...datasets.map((d) => cell(d.runs[name]))]);
  const warnings = datasets.flatMap((d) =>
    Object.entries(d.runs).flatMap(([name, run]) =>
      !('skipped' in run) && failures(run.figures) > 0
        ? [
            `WARNING ${name} on ${d.dialect} @${d.posts}: ${run.figures.errors} errors, ${run.figures.timeouts} timeouts, ${run.figures.non2xx} non-2xx`,
          ]
        : 'skipped' in run && run.skipped !== 'n/a'
          ? [`SKIPPED ${name} on ${d.dialect} @${d.posts}: ${run.skipped}`]
          : [],
    ),
  );
  return [
    machineLine(),
    `Load: ${CONNECTIONS} connections, ${settings.durationSeconds} s after ${settings.warmupSeconds} s warm-up; cells: req/s / p99 ms`,
    `Seeding: ${datasets.map((d) => `${d.dialect} @${d.posts} ${d.seedSeconds} s`).join(', ')}`,
    '',
    table([head, ...rows], (column) => column >= 1),
    ...(warnings.length > 0 ? ['', ...warnings] : []),
  ].join('\n');
}

export async function runScaleBench(): Promise<void> {
  process.chdir(repoRoot); // startSite runs dist/server.js relative to the working directory
  let running: RunningSite | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void Promise.allSettled([running?.stop()]).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const only = process.env.BENCH_SCALE_DIALECTS?.split(',');
  const dialects = benchDialects().filter((d) => !only || only.includes(d));
  const loadAverageBefore = os.loadavg();
  const datasets: Dataset[] = [];
  for (const dialect of dialects) {
    for (const posts of COUNTS) {
      datasets.push(await measureDataset(dialect, posts, (site) => (running = site)));
      console.log(`\n${report(datasets)}\n`);
    }
  }
  const file = writeResults('scale.json', {
    ...machine(loadAverageBefore),
    settings: { ...settings, connections: CONNECTIONS },
    datasets,
    plans: plansByDataset,
  });
  console.log(`Written to ${file}`);
  const bad = datasets.some((d) =>
    Object.values(d.runs).some((run) => ('skipped' in run ? run.skipped !== 'n/a' : failures(run.figures) > 0)),
  );
  if (bad) process.exitCode = 1;
}
