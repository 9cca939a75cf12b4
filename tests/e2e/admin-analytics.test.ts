import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AnalyticsAdminMessage } from '../../src/shared/contracts/analytics-admin.values';
import type { AnalyticsDashboard, AnalyticsOverview } from '../../src/shared/contracts/analytics-dashboard';
import { demoBlogPosts } from '../../src/server/seed/demo-blog-posts';
import { formatNumber } from '../../src/web/lib/dashboard-format';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { callApi, editorAndViewer, SHOTS, tokenOf, useAdminSite, type StaffUser } from './support/admin-site';
import { closeToasts, scrollWidth, wcagViolations } from './support/screenshots';

/**
 * The Analytics tab: a visitor's pages and like move its figures and the Overview's; the period
 * lives in the address; the period exports as CSV and JSON; Clear Analytics asks for the typed word, is an
 * admin's alone, and empties the figures; the demo seed's sample traffic is labelled as such; recharts
 * arrives with this tab only, never with a public page.
 */

const { EDITOR, VIEWER } = editorAndViewer('numbers');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true });
const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(journey.site.baseUrl, path, init);

/** A desktop Chrome's user agent: HeadlessChrome is (rightly) taken for a robot and not counted. */
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** Text only recharts' code carries. */
const RECHARTS_MARK = 'recharts-wrapper';

const article = demoBlogPosts.find((post) => post.published)!;

let adminToken = '';

async function dashboard(query = ''): Promise<AnalyticsDashboard> {
  const res = await api(`/api/analytics/dashboard${query}`, { token: adminToken });
  expect(res.status, res.text).toBe(200);
  return res.json().data as unknown as AnalyticsDashboard;
}

async function overview(): Promise<AnalyticsOverview> {
  const res = await api('/api/analytics/overview', { token: adminToken });
  expect(res.status, res.text).toBe(200);
  return res.json().data as unknown as AnalyticsOverview;
}

/** The exact figure behind a card's shortened one ("1.0K" reads "1,014 page views"). */
const exactFigure = (page: Page, figure: string) =>
  page.locator(`[data-figure="${figure}"] [data-value]`).getAttribute('title');

const periodButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Period' }).getByRole('button', { name, exact: true });

/** The JavaScript files a page loaded, with their text. */
function collectScripts(page: Page): () => Promise<Array<{ url: string; text: string }>> {
  const pending: Array<Promise<{ url: string; text: string }>> = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) {
      // A file still arriving when the page moved on has no body left in the browser: read it again (it is immutable).
      const url = response.url();
      const text = response.text().catch(() => fetch(url).then((again) => again.text()));
      pending.push(text.then((body) => ({ url, text: body })));
    }
  });
  return () => Promise.all(pending);
}

async function staffContext(user: StaffUser | 'admin', width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 900 });
  if (user === 'admin') await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
  else await signIn(page, journey.site.baseUrl, user.username, user.password);
  return { context, page };
}

async function openAnalytics(page: Page, query = '') {
  await page.goto(`${journey.site.baseUrl}/admin/analytics${query}`);
  await hydrated(page);
  await page.locator('[data-figure="total-views"]').waitFor();
}

describe('the admin Analytics tab', () => {
  it('labels the demo seed’s sample traffic, and moves with a visitor’s pages and like', async () => {
    adminToken = await tokenOf(journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    const before = await dashboard();
    const overviewBefore = await overview();
    const postBefore = before.blog.top_posts.find((post) => post.slug === article.slug);
    expect(postBefore, 'the demo article is among the top five posts').toBeDefined();
    // A fresh install carries the seed's month of generated traffic, and says so.
    expect(before.sample_views).toBeGreaterThan(0);
    expect(before.sample_views).toBe(before.overview.page_views);

    // A visitor from Google: the landing page, then the blog and an article inside the site, and a like.
    const visitor = await journey.browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: PERSON });
    const visitorPage = await visitor.newPage();
    const scripts = collectScripts(visitorPage);
    await visitorPage.goto(`${journey.site.baseUrl}/`, { referer: 'https://www.google.com/' });
    await hydrated(visitorPage);
    await expect.poll(async () => (await dashboard()).overview.page_views).toBe(before.overview.page_views + 1);
    await visitorPage.goto(`${journey.site.baseUrl}/blog`);
    await hydrated(visitorPage);
    await visitorPage.locator(`a[href="/blog/${article.slug}"]`).first().click();
    await visitorPage.waitForURL(`${journey.site.baseUrl}/blog/${article.slug}`);
    await hydrated(visitorPage);
    await visitorPage.getByRole('button', { name: /Like this article$/ }).click();
    await expect
      .poll(async () => {
        const now = await dashboard();
        return [now.overview.page_views, now.blog.total_likes];
      })
      .toEqual([before.overview.page_views + 3, before.blog.total_likes + 1]);
    // recharts is admin code: not one script a public page loaded carries it.
    const publicScripts = await scripts();
    expect(publicScripts.length).toBeGreaterThan(3);
    expect(publicScripts.filter((script) => script.text.includes(RECHARTS_MARK)).map((s) => s.url)).toEqual([]);
    await visitor.close();

    const after = await dashboard();
    expect(after.overview.today_views).toBe(before.overview.today_views + 3);
    expect(after.sample_views).toBe(before.sample_views);
    const google = (figures: AnalyticsDashboard) =>
      figures.top_referrers.find((source) => source.source === 'Google')?.visits ?? 0;
    expect(google(after)).toBe(google(before) + 1);
    const postAfter = after.blog.top_posts.find((post) => post.slug === article.slug)!;
    expect(postAfter.likes).toBe(postBefore!.likes + 1);

    // The tab shows those figures.
    const { context, page } = await staffContext('admin');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const csp = await watchCsp(page);
    const adminScripts = collectScripts(page);
    await page.goto(`${journey.site.baseUrl}/admin/overview`);
    await hydrated(page);
    await page.locator('[data-figure="page-views"]').waitFor();
    expect((await adminScripts()).some((script) => script.text.includes(RECHARTS_MARK))).toBe(false);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/analytics`);
    await page.locator('[data-figure="total-views"]').waitFor();
    // The chart's code arrives with this tab, in a chunk of its own.
    await page.locator('[data-views-chart] .recharts-wrapper').waitFor();
    expect((await adminScripts()).filter((script) => script.text.includes(RECHARTS_MARK))).toHaveLength(1);

    expect(await exactFigure(page, 'total-views')).toBe(`${formatNumber(after.overview.page_views)} page views`);
    expect(await exactFigure(page, 'today-views')).toBe(`${formatNumber(after.overview.today_views)} page views today`);
    expect(await exactFigure(page, 'unique-visitors')).toBe(
      `${formatNumber(after.overview.unique_visitors)} unique visitors`,
    );
    expect(await page.locator('[data-figure="avg-session"] [data-value]').getAttribute('title')).toMatch(
      /^\d+ minutes? \d+ seconds?$/,
    );
    // The sample traffic is named as such, with its count.
    const sample = page.locator('[data-sample-views]');
    expect(await sample.getAttribute('data-sample-views')).toBe(String(after.sample_views));
    await page
      .getByText(`Includes ${formatNumber(after.sample_views)} sample page views generated by the demo seed`)
      .waitFor();
    // Top Pages and Traffic Sources as the API counts them.
    const homeRow = page.locator('tr', { has: page.locator('[data-top-page="/"]') });
    expect(await homeRow.locator('td').nth(1).textContent()).toBe(
      formatNumber(after.top_pages.find((row) => row.page_url === '/')!.views),
    );
    const googleRow = page.locator('tr', { has: page.locator('[data-source="Google"]') });
    expect(await googleRow.locator('td').nth(1).textContent()).toBe(formatNumber(google(after)));
    // Blog Performance: the like is in the article's row.
    expect(await page.locator(`[data-post="${article.slug}"] [data-likes]`).textContent()).toBe(
      formatNumber(postAfter.likes),
    );
    // The live figure: this visitor, a moment ago.
    const live = await api('/api/analytics/realtime', { token: adminToken });
    const visitorsNow = (live.json().data as unknown as { visitors: number }).visitors;
    expect(visitorsNow).toBeGreaterThanOrEqual(1);
    expect(await page.locator('[data-live-visitors]').getAttribute('data-live-visitors')).toBe(String(visitorsNow));
    await page.getByText(`${visitorsNow} ${visitorsNow === 1 ? 'visitor' : 'visitors'} right now`).waitFor();

    // The header's Refresh reloads the figures: another visitor's page shows up without leaving the tab.
    const second = await journey.browser.newContext({ userAgent: PERSON });
    const secondPage = await second.newPage();
    await secondPage.goto(`${journey.site.baseUrl}/portfolio`);
    await hydrated(secondPage);
    await expect.poll(async () => (await dashboard()).overview.page_views).toBe(after.overview.page_views + 1);
    await second.close();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => exactFigure(page, 'total-views'))
      .toBe(`${formatNumber(after.overview.page_views + 1)} page views`);

    // The Overview's cards moved too.
    const overviewAfter = await overview();
    expect(overviewAfter.page_views.total).toBe(overviewBefore.page_views.total + 4);
    expect(overviewAfter.page_views.today).toBe(overviewBefore.page_views.today + 4);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/overview`);
    await expect
      .poll(() => exactFigure(page, 'page-views'))
      .toBe(`${formatNumber(overviewAfter.page_views.total)} page views`);
    expect(await page.locator('[data-figure="page-views"]').textContent()).toContain(
      `${formatNumber(overviewAfter.page_views.today)} today`,
    );
    await page.locator(`[data-sample-views="${overviewAfter.page_views.sample}"]`).waitFor();

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('keeps the period in the address and exports it as CSV and JSON', async () => {
    const { context, page } = await staffContext('admin');
    await openAnalytics(page);
    expect(await periodButton(page, '30 days').getAttribute('aria-pressed')).toBe('true');

    // Seven days: other figures, and an address that survives a reload.
    const week = await dashboard('?period=7');
    const month = await dashboard();
    expect(week.overview.page_views).toBeLessThan(month.overview.page_views);
    await periodButton(page, '7 days').click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/analytics?period=7`);
    await expect
      .poll(() => exactFigure(page, 'total-views'))
      .toBe(`${formatNumber(week.overview.page_views)} page views`);
    await page.reload();
    await hydrated(page);
    expect(await periodButton(page, '7 days').getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => exactFigure(page, 'total-views'))
      .toBe(`${formatNumber(week.overview.page_views)} page views`);
    await page.locator('[data-period-shown]').getByText('Last 7 days').waitFor();

    // The week's export: the file is named after its days and holds the tab's figures.
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe(`analytics_${week.period.from}_${week.period.to}.csv`);
    const csv = (await readFile(await csvDownload.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('section,date,name,views,visitors,percent');
    const dayRows = lines.filter((line) => line.startsWith('day,'));
    expect(dayRows).toHaveLength(7);
    const csvViews = dayRows.reduce((sum, line) => sum + Number(line.split(',')[3]), 0);
    expect(csvViews).toBe(week.overview.page_views);
    expect(lines).toContain(
      `day,${week.period.to},,${week.views_by_day.at(-1)!.views},${week.views_by_day.at(-1)!.visitors},`,
    );
    expect(lines.some((line) => line.startsWith(`page,,/blog/${article.slug},`))).toBe(true);

    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(jsonDownload.suggestedFilename()).toBe(`analytics_${week.period.from}_${week.period.to}.json`);
    const json = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as AnalyticsDashboard;
    expect(json.period).toEqual(week.period);
    expect(json.overview.page_views).toBe(week.overview.page_views);
    expect(json.sample_views).toBe(week.sample_views);

    // A custom range: checked with the contract's words first, then applied and linkable.
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom' }).click();
    const form = page.getByRole('form', { name: 'Custom period' });
    const [from, to] = [week.period.from, week.views_by_day.at(-2)!.date];
    await form.getByLabel('From').fill(to);
    await form.getByLabel('To').fill(from);
    await form.getByRole('button', { name: 'Apply' }).click();
    await form.getByRole('alert').getByText('From must not be after to').waitFor();
    expect(page.url()).toBe(`${journey.site.baseUrl}/admin/analytics?period=7`);
    await form.getByLabel('From').fill(from);
    await form.getByLabel('To').fill(to);
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/analytics?from=${from}&to=${to}`);
    const range = await dashboard(`?from=${from}&to=${to}`);
    expect(range.period.days).toBe(6);
    await expect
      .poll(() => exactFigure(page, 'total-views'))
      .toBe(`${formatNumber(range.overview.page_views)} page views`);
    await page.reload();
    await hydrated(page);
    expect(await periodButton(page, 'Custom').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('form', { name: 'Custom period' }).getByLabel('From').inputValue()).toBe(from);

    // Back to the 30 days: the plain address.
    await periodButton(page, '30 days').click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/analytics`);
    await expect
      .poll(() => exactFigure(page, 'total-views'))
      .toBe(`${formatNumber(month.overview.page_views)} page views`);
    await context.close();
  });

  it('asks for the visitors right now every 30 seconds while the tab is in view, and at once when it is back', async () => {
    const { context, page } = await staffContext('admin');
    await page.clock.install();
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics/realtime')) asked += 1;
    });
    const setVisibility = (state: 'visible' | 'hidden') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { value, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await openAnalytics(page);
    await page.locator('[data-live-visitors]').waitFor();
    expect(asked).toBe(1);
    await page.clock.runFor(30_000);
    await expect.poll(() => asked).toBe(2);
    // Another window in front: no calls, however long. A call made while hidden would have started before the
    // one made on coming back, so that one is the third only if there was none: the page's requests reach
    // the test in the order they start.
    await setVisibility('hidden');
    await page.clock.runFor(120_000);
    const back = page.waitForResponse((response) => response.url().includes('/api/analytics/realtime'));
    await setVisibility('visible');
    await back;
    expect(asked).toBe(3);
    await page.clock.runFor(30_000);
    await expect.poll(() => asked).toBe(4);
    await context.close();
  });

  for (const width of [390, 1280]) {
    it(`fits, reads well and passes axe at ${width} px`, async () => {
      const { context, page } = await staffContext('admin', width);
      await openAnalytics(page);
      await page.locator('[data-views-chart] .recharts-wrapper').waitFor();
      await closeToasts(page);
      await page.screenshot({ path: `${SHOTS}/admin-analytics-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      // The chart is drawn for the eye; its figures are a table for screen readers.
      expect(
        await page.getByRole('table', { name: 'Page views and visitors per day' }).locator('tbody tr').count(),
      ).toBe(30);
      expect(await wcagViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('lets only an admin clear analytics, after typing CLEAR, and then shows empty figures', async () => {
    // Editors and viewers read and export, and never see Clear Analytics; the API refuses them too.
    for (const user of [EDITOR, VIEWER]) {
      const { context, page } = await staffContext(user);
      await openAnalytics(page);
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      expect(await page.getByRole('button', { name: 'Clear Analytics' }).count()).toBe(0);
      const token = await tokenOf(journey.site.baseUrl, user.username, user.password);
      const refused = await api('/api/analytics', { method: 'DELETE', token, body: { confirm: 'CLEAR' } });
      expect(refused.status).toBe(403);
      await context.close();
    }

    const { context, page } = await staffContext('admin');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await openAnalytics(page);
    await page.getByRole('button', { name: 'Clear Analytics' }).click();
    const dialog = page.getByRole('dialog', { name: AnalyticsAdminMessage.CLEAR_TITLE });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Clear Analytics' });
    expect(await confirm.isDisabled()).toBe(true);
    const word = dialog.getByLabel('Type CLEAR to confirm');
    await word.fill('clear');
    expect(await confirm.isDisabled()).toBe(true);
    // Cancel keeps everything, and the word does not stay for next time.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await dashboard()).overview.page_views).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Clear Analytics' }).click();
    expect(await word.inputValue()).toBe('');
    await word.fill('CLEAR');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: AnalyticsAdminMessage.CLEARED }).first().waitFor();

    // Nothing recorded is left: the cards read zero, and the lists say they are empty.
    const cleared = await dashboard();
    expect(cleared.overview.page_views).toBe(0);
    expect(cleared.sample_views).toBe(0);
    await expect.poll(() => exactFigure(page, 'total-views')).toBe('0 page views');
    await page.getByText(AnalyticsAdminMessage.NO_PAGE_DATA, { exact: true }).waitFor();
    await page.getByText(AnalyticsAdminMessage.NO_REFERRER_DATA, { exact: true }).waitFor();
    await page.getByText(AnalyticsAdminMessage.NO_DAYS, { exact: true }).waitFor();
    expect(await page.locator('[data-sample-views]').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/admin-analytics-cleared-1280.png`, fullPage: true });

    // The Overview agrees, and its recent activity names who cleared them.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).click();
    await expect.poll(() => exactFigure(page, 'page-views')).toBe('0 page views');
    expect(await page.locator('[data-sample-views]').count()).toBe(0);
    const latest = page.locator('[data-recent-activity] li').first();
    expect(await latest.textContent()).toContain('Cleared analytics');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
