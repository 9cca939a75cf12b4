import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ENV,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  hydrated,
  partHydrated,
  signIn,
  unexpectedErrors,
} from './support/admin';
import { demoBlogPosts } from '../../src/server/seed/demo-blog-posts';
import { demoCertificates } from '../../src/server/seed/demo-content';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';

/**
 * The public pages report page views, the time a page was in front of the visitor and outbound clicks
 * to /api/analytics once the browser is idle; nothing is sent for Do Not Track or for signed-in staff;
 * the footer's Privacy link explains it (ADR 0016).
 */

/** A desktop Chrome's user agent: what a person's browser sends. */
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite(ADMIN_ENV);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

function query<T>(sqlText: string): T[] {
  const db = new Database(path.join(site.dataDir, 'app.db'), { readonly: true });
  try {
    return db.prepare(sqlText).all() as T[];
  } finally {
    db.close();
  }
}

interface ViewRow {
  page_url: string;
  referrer_source: string;
  visitor_hash: string;
  user_agent: string | null;
}
const views = () =>
  query<ViewRow>('select page_url, referrer_source, visitor_hash, user_agent from analytics_page_views order by id');
const events = () =>
  query<{ event_type: string; event_value: number | null; event_label: string | null; page_url: string | null }>(
    'select event_type, event_value, event_label, page_url from analytics_events order by id',
  );

/** Keeps, in each page of the context, the address of every beacon the page sends (it is sent all the same). */
async function recordBeacons(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const sent: string[] = [];
    (window as Window & { beaconsSent?: string[] }).beaconsSent = sent;
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      sent.push(String(url));
      return send(url, data);
    };
  });
}
const pageViewsSent = (page: Page) =>
  page.evaluate(
    () =>
      ((window as Window & { beaconsSent?: string[] }).beaconsSent ?? []).filter((url) => url.endsWith('/pageview'))
        .length,
  );

/**
 * Returns once the page has been idle, or 3 s have passed, since it last changed: the page view it would send
 * for a change is sent by then (at the browser's next idle moment, 3 s at the latest).
 */
const pastIdle = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })));

beforeEach(() => {
  const db = new Database(path.join(site.dataDir, 'app.db'));
  db.prepare('delete from analytics_page_views').run();
  db.prepare('delete from analytics_events').run();
  db.close();
});

describe('analytics collection from the public pages', () => {
  it('records each page a visitor opens as one visitor, then the time on the page and an outbound click', async () => {
    // Headless Chromium names itself HeadlessChrome, which isbot rightly takes for a robot: a person's browser here.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: PERSON });
    await recordBeacons(context);
    const page = await context.newPage();
    // The page's clock runs as a real one until the test moves it on (the time a page is visible, below).
    await page.clock.install();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    await expect.poll(() => views().map((row) => row.page_url)).toEqual(['/']);
    // A navigation inside the site: its referrer is the previous page, which counts as Internal.
    await page.locator('header').getByRole('link', { name: 'Blog' }).first().click();
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => views().map((row) => row.page_url)).toEqual(['/', '/blog']);
    const rows = views();
    expect(rows.map((row) => row.referrer_source)).toEqual(['Direct', 'Internal']);
    expect(rows[0]!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.visitor_hash).toBe(rows[0]!.visitor_hash);
    expect(rows.every((row) => row.user_agent === null)).toBe(true);
    // A filter changes the query, not the page: no second view of /blog.
    await page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'SEO' }).click();
    await page.waitForURL(/\/blog\?category=seo$/);
    await pastIdle(page);
    expect(await pageViewsSent(page)).toBe(2);
    expect(views().map((row) => row.page_url)).toEqual(['/', '/blog']);

    // Leaving the page after a while reports how long it was visible: its clock moves on 1.2 s at once.
    await page.clock.fastForward(1200);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // Each report names the page it measured: the last one is /blog, even after leaving / for it (the
    // report of / may have been sent when the visitor left it).
    const engagementPages = () =>
      events()
        .filter((row) => row.event_type === 'page_engagement')
        .map((row) => row.page_url);
    await expect.poll(engagementPages).toContain('/blog');
    const engagement = events().filter((row) => row.event_type === 'page_engagement');
    expect(engagement.at(-1)).toMatchObject({ page_url: '/blog' });
    expect(engagement.every((row) => row.page_url === '/' || row.page_url === '/blog')).toBe(true);
    expect(engagement.at(-1)!.event_value).toBeGreaterThanOrEqual(1);

    // A link to another site (a social profile in the footer) is reported before the browser leaves.
    await page.evaluate(() => {
      const link = document.querySelector<HTMLAnchorElement>('footer a[href^="https://"]');
      link?.addEventListener('click', (event) => event.preventDefault(), { once: true });
      link?.click();
    });
    await expect.poll(() => events().map((row) => row.event_type)).toContain('outbound_click');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('records a like, a share and a certificate lookup, without the number looked up', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: PERSON });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/blog/${demoBlogPosts[0]!.slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: /Like this article$/ }).click();
    await partHydrated(page, '#article-end');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => events().map((row) => row.event_type)).toEqual(expect.arrayContaining(['like', 'share']));

    const certificate = demoCertificates.find((c) => c.status === 'active')!;
    await page.goto(`${site.baseUrl}/verify-certificate?number=${certificate.certificate_number}`);
    await hydrated(page);
    await expect
      .poll(() => events().find((row) => row.event_type === 'certificate_verified')?.event_label)
      .toBe('active');
    const stored = JSON.stringify(query('select * from analytics_events'));
    expect(stored).not.toContain(certificate.certificate_number);
    expect(JSON.stringify(views())).not.toContain(certificate.certificate_number);
    await context.close();
  });

  it("counts an article's view by its own call once the page runs, never by serving the page", async () => {
    const slug = demoBlogPosts[1]!.slug;
    const viewsOf = () => query<{ views: number }>(`select views from blog_posts where slug = '${slug}'`)[0]!.views;
    const before = viewsOf();
    // Serving the page (a crawler, a cache filling up) writes nothing.
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${site.baseUrl}/blog/${slug}`)).status).toBe(200);
    expect(viewsOf()).toBe(before);

    const context = await browser.newContext({ userAgent: PERSON });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}/blog/${slug}`);
    await hydrated(page);
    await expect.poll(viewsOf).toBe(before + 1);
    // The same visitor again today: not counted twice, once the server has answered the page's call.
    const answered = page.waitForResponse((response) => response.url().endsWith('/view'));
    await page.reload();
    await hydrated(page);
    await answered;
    expect(viewsOf()).toBe(before + 1);
    await context.close();
  });

  it('sends nothing when the browser asks not to be tracked', async () => {
    const context = await browser.newContext({ userAgent: PERSON, extraHTTPHeaders: { DNT: '1' } });
    await recordBeacons(context);
    const page = await context.newPage();
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
    await page.goto(`${site.baseUrl}/portfolio`);
    await hydrated(page);
    await pastIdle(page);
    expect(await pageViewsSent(page)).toBe(0);
    expect(views()).toEqual([]);
    await context.close();
  });

  it('does not count staff who are signed in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: PERSON });
    await recordBeacons(context);
    const page = await context.newPage();
    await signIn(page, site.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${site.baseUrl}/blog`);
    await hydrated(page);
    await pastIdle(page);
    expect(await pageViewsSent(page)).toBe(0);
    expect(views()).toEqual([]);
    await context.close();
  });

  it('explains it on the privacy page the footer links to', async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    await page.locator('footer').getByRole('link', { name: 'Privacy' }).click();
    await page.waitForURL(/\/privacy$/);
    await page.getByRole('heading', { name: 'How we count visits' }).waitFor();
    expect(await page.title()).toContain('Privacy');
    await page.screenshot({ path: `${process.env.SHOTS_DIR ?? '/tmp/shots'}/privacy-390.png`, fullPage: true });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
