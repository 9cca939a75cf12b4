/**
 * The analytics part of `npm run bench` (alone: `npm run bench -- --analytics`): ingestion of the public
 * pages' beacons, POST /api/analytics/pageview and /event, each from a new client address (TRUST_PROXY,
 * as the contacts bench does) with a desktop browser's user agent, so that every beacon is hashed and
 * stored rather than refused by the limiter or dropped as a robot. The goal: at least 2,000 page
 * views a second on this machine. Results go to bench/results/analytics.json. Then the dashboards at a
 * million page views (bench/analytics-dashboard.ts).
 */
import path from 'node:path';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoContent } from '../src/server/seed/seed';
import { runDashboardBench } from './analytics-dashboard';
import { BROWSER_USER_AGENT, fromNewAddresses, runApiBench, type ApiTarget } from './api-bench';

async function prepareDatabase(dataDir: string): Promise<void> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    await migrateToLatest(database.db);
    await seedDemoContent(database.db);
  } finally {
    await database.close();
  }
}

async function countStored(dataDir: string): Promise<number> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    const row = await database.db
      .selectFrom('analytics_page_views')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await database.close();
  }
}

function targets(): ApiTarget[] {
  const browser = { 'user-agent': BROWSER_USER_AGENT };
  const pageview = JSON.stringify({
    page_url: '/blog/core-web-vitals-checklist-2026?utm_source=newsletter',
    page_title: 'Core Web Vitals in 2026 | SmartStack Technologies',
    referrer: 'https://www.google.com/search?q=core+web+vitals',
  });
  const event = JSON.stringify({
    event_type: 'like',
    event_category: 'article',
    event_action: 'like',
    page_url: '/blog/core-web-vitals-checklist-2026',
    custom_data: { id: 1 },
  });
  return [
    {
      name: 'page view (new address each)',
      method: 'POST',
      path: '/api/analytics/pageview',
      request: { headers: browser, requests: fromNewAddresses('POST', '/api/analytics/pageview', pageview, browser) },
    },
    {
      name: 'event (new address each)',
      method: 'POST',
      path: '/api/analytics/event',
      request: { headers: browser, requests: fromNewAddresses('POST', '/api/analytics/event', event, browser) },
    },
  ];
}

export async function runAnalyticsBench(): Promise<void> {
  await runApiBench({
    slug: 'analytics',
    count: 0,
    noun: 'page views',
    prepare: prepareDatabase,
    targets,
    countAfter: countStored,
  });
  await runDashboardBench();
}
