/**
 * The dashboard part of the analytics bench (`npm run bench -- --analytics`): on each database
 * it is given (SQLite always; PostgreSQL and MySQL/MariaDB with BENCH_POSTGRES_URL / BENCH_MYSQL_URL or the
 * tests' TEST_POSTGRES_URL / TEST_MYSQL_URL), a fresh database with the demo content and 1,000,000 page
 * views over the last 90 days (today's up to now) plus a time-on-page event per visit. It times the first
 * roll-up of the 89 finished days, then loads GET /api/analytics/dashboard, /pages and /referrers one request
 * after another through the real app (today is read from the raw rows, the rest from the roll-ups) and
 * reports p50 and p95. Goal: dashboard p95 ≤ 50 ms on SQLite. Results go to bench/results/analytics-dashboard.json.
 */
import os from 'node:os';
import type { Insertable, Kysely } from 'kysely';
import type { DialectName } from '../src/server/db/database';
import type { DB } from '../src/server/db/schema';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { seedDemoContent } from '../src/server/seed/seed';
import { bearer, createSignedIn } from '../src/server/testing/auth-helpers';
import { createTestDatabase } from '../src/server/testing/test-database';
import { benchDialects, machine, machineLine, percentile, writeResults } from './environment';
import { fixed, table } from './table';

const PAGE_VIEWS = Number(process.env.BENCH_ANALYTICS_VIEWS ?? 1_000_000);
const DAYS = 90;
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 200);
const BATCH = 1000;
const SOURCES: [string, string | null, number][] = [
  ['Google', 'https://www.google.com/', 45],
  ['Direct', null, 32],
  ['LinkedIn', 'https://www.linkedin.com/', 14],
  ['Twitter', 'https://t.co/', 6],
  ['Other', 'https://duckduckgo.com/', 3],
];

/** Deterministic PRNG: every run seeds the same traffic. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 300 pages with a long tail: the home page and the lists most, then 200 articles and 97 projects. */
function pageList(): { url: string; weight: number }[] {
  return [
    { url: '/', weight: 400 },
    { url: '/blog', weight: 150 },
    { url: '/portfolio', weight: 120 },
    ...Array.from({ length: 200 }, (_, i) => ({ url: `/blog/article-${i + 1}`, weight: 60 / (i + 1) + 1 })),
    ...Array.from({ length: 97 }, (_, i) => ({ url: `/portfolio/project-${i + 1}`, weight: 30 / (i + 1) + 1 })),
  ];
}

async function seedTraffic(db: Kysely<DB>): Promise<{ views: number; events: number }> {
  const random = mulberry32(90_000_001);
  const pages = pageList();
  const total = pages.reduce((sum, p) => sum + p.weight, 0);
  const pick = () => {
    let r = random() * total;
    for (const page of pages) if ((r -= page.weight) < 0) return page.url;
    return '/';
  };
  const shares = SOURCES.flatMap((s) => Array<(typeof SOURCES)[number]>(s[2]).fill(s));
  const now = Date.now();
  const dayMs = 86_400_000;
  let views: Insertable<DB['analytics_page_views']>[] = [];
  let events: Insertable<DB['analytics_events']>[] = [];
  let viewCount = 0;
  let eventCount = 0;
  // Batches of 1,000 rows, twenty batches a transaction (a commit per batch would dominate on SQLite).
  let pending: ((trx: Kysely<DB>) => Promise<unknown>)[] = [];
  const commit = async () => {
    const work = pending;
    pending = [];
    if (!work.length) return;
    await db.transaction().execute(async (trx) => {
      for (const insert of work) await insert(trx);
    });
  };
  const flush = async (force = false) => {
    if (views.length >= BATCH || (force && views.length)) {
      const batch = views;
      views = [];
      pending.push((trx) => trx.insertInto('analytics_page_views').values(batch).execute());
    }
    if (events.length >= BATCH || (force && events.length)) {
      const batch = events;
      events = [];
      pending.push((trx) => trx.insertInto('analytics_events').values(batch).execute());
    }
    if (pending.length >= 20 || force) await commit();
  };
  let visit = 0;
  while (viewCount < PAGE_VIEWS) {
    visit += 1;
    // Uniform over the last 90 days, never in the future.
    let at = now - Math.floor(random() * DAYS * dayMs);
    const [source, referrer] = shares[Math.floor(random() * shares.length)]!;
    const hash = `bench-${visit.toString(36)}`;
    const length = Math.min(1 + Math.floor(random() * 4), PAGE_VIEWS - viewCount);
    let seconds = 0;
    for (let n = 0; n < length; n++) {
      const url = pick();
      views.push({
        page_url: url,
        referrer: n === 0 ? referrer : null,
        referrer_source: n === 0 ? source : 'Internal',
        visitor_hash: hash,
        created_at: new Date(Math.min(at, now)).toISOString(),
      });
      const spent = 10 + Math.floor(random() * 120);
      seconds += spent;
      at += spent * 1000;
      viewCount += 1;
    }
    events.push({
      event_type: 'page_engagement',
      event_value: seconds,
      page_url: '/',
      visitor_hash: hash,
      created_at: new Date(Math.min(at, now)).toISOString(),
    });
    eventCount += 1;
    await flush();
  }
  await flush(true);
  return { views: viewCount, events: eventCount };
}

export interface DashboardBenchRow {
  database: DialectName;
  seeded: { views: number; events: number; seconds: number };
  rollupSeconds: number;
  calls: { path: string; p50: number; p95: number; max: number }[];
}

async function benchDatabase(dialect: DialectName): Promise<DashboardBenchRow> {
  const test = await createTestDatabase(dialect);
  try {
    const db = test.database.db;
    await seedDemoContent(db);
    await db.deleteFrom('analytics_page_views').execute();
    await db.deleteFrom('analytics_events').execute();
    const seedStart = performance.now();
    const seeded = await seedTraffic(db);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    process.stdout.write(
      `  ${dialect}: ${seeded.views} page views and ${seeded.events} events in ${fixed(seedSeconds, 0)} s; `,
    );

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/tmp/site-bench-data',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      JOBS_ENABLED: 'false',
    });
    const app = await buildApp(config, { database: test.database, logger: false });
    await app.ready();
    // The roll-up job itself (the scheduler's 'analytics-rollup'), run once by hand: every finished day.
    const rollupStart = performance.now();
    await app.scheduler.runNow('analytics-rollup');
    const rollupSeconds = (performance.now() - rollupStart) / 1000;
    process.stdout.write(`roll-up ${fixed(rollupSeconds, 1)} s\n`);
    try {
      const session = await createSignedIn(app, db, { role: 'viewer' });
      const calls: DashboardBenchRow['calls'] = [];
      for (const path of [
        '/api/analytics/dashboard?period=30',
        '/api/analytics/dashboard?period=90',
        '/api/analytics/pages?period=30',
        '/api/analytics/referrers?period=30',
        '/api/analytics/overview',
      ]) {
        const times: number[] = [];
        for (let i = 0; i < REQUESTS + 10; i++) {
          const start = performance.now();
          const res = await app.inject({ method: 'GET', url: path, headers: bearer(session.token) });
          const ms = performance.now() - start;
          if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
          if (i >= 10) times.push(ms);
        }
        times.sort((a, b) => a - b);
        calls.push({ path, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1)! });
      }
      return { database: dialect, seeded: { ...seeded, seconds: seedSeconds }, rollupSeconds, calls };
    } finally {
      await app.close();
    }
  } finally {
    await test.drop();
  }
}

export async function runDashboardBench(): Promise<void> {
  const loadBefore = os.loadavg();
  const dialects = benchDialects();
  console.log(`\nAnalytics dashboards at ${PAGE_VIEWS.toLocaleString('en-US')} page views over ${DAYS} days`);
  const rows: DashboardBenchRow[] = [];
  for (const dialect of dialects) rows.push(await benchDatabase(dialect));
  const lines = [['database', 'call', 'p50 ms', 'p95 ms', 'max ms']];
  for (const row of rows) {
    for (const call of row.calls) {
      lines.push([row.database, call.path, fixed(call.p50, 1), fixed(call.p95, 1), fixed(call.max, 1)]);
    }
  }
  console.log(table(lines, (column) => column >= 2));
  console.log(
    `Roll-up of ${DAYS - 1} finished days: ${rows.map((r) => `${r.database} ${fixed(r.rollupSeconds, 1)} s`).join(', ')}`,
  );
  const sqliteDashboard = rows[0]?.calls[0];
  if (sqliteDashboard) {
    console.log(
      `Goal: dashboard p95 ≤ 50 ms on SQLite: ${fixed(sqliteDashboard.p95, 1)} ms (${sqliteDashboard.p95 <= 50 ? 'met' : 'NOT met'})`,
    );
  }
  console.log(machineLine());
  const file = writeResults('analytics-dashboard.json', {
    machine: machine(loadBefore),
    pageViews: PAGE_VIEWS,
    days: DAYS,
    rows,
  });
  console.log(`Results: ${file}`);
}
