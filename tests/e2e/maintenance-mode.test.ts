import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { readFile } from 'node:fs/promises';
import { callApi, SHOTS, tokenOf, useAdminSite } from './support/admin-site';

const journey = useAdminSite();

describe('maintenance mode', () => {
  it('an admin turns it on: a visitor gets the maintenance page, the admin browses on with a bar, then turns it off', async () => {
    const base = journey.site.baseUrl;
    const { page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/settings`);
    const form = page.locator('form[aria-labelledby="settings-system"]');
    await form.waitFor();
    await form.getByLabel('Maintenance mode').check();
    await form.getByLabel('Maintenance message').fill('We are moving to a faster server. Back by <noon>.');
    await form.getByRole('button', { name: 'Save System Settings' }).click();
    await form.getByText('System settings saved').first().waitFor();
    await form.getByText('Maintenance mode is on: visitors see the maintenance page.').waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/settings-system-1280.png`, fullPage: false });

    // A visitor (no site pass): 503 with Retry-After and the company's contact details.
    const visitor = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitorPage = await visitor.newPage();
    const answer = await visitorPage.goto(`${base}/blog`);
    expect(answer?.status()).toBe(503);
    expect(answer?.headers()['retry-after']).toBe('1800');
    await visitorPage.getByRole('heading', { name: 'We’ll be back soon' }).waitFor();
    await visitorPage.getByText('We are moving to a faster server. Back by <noon>.').waitFor();
    expect(await visitorPage.locator('a[href^="mailto:"]').count()).toBe(1);
    await visitorPage.screenshot({ path: `${SHOTS}/maintenance-page-390.png`, fullPage: true });
    // The API, health checks and robots.txt are not affected.
    expect((await visitor.request.get(`${base}/api/health`)).status()).toBe(200);
    expect((await visitor.request.get(`${base}/api/blog/posts`)).status()).toBe(200);
    await visitor.close();

    // The admin, with the site pass the admin asked for at sign-in, sees the site and a bar saying so.
    const own = await page.goto(`${base}/blog`);
    expect(own?.status()).toBe(200);
    const bar = page.getByRole('status').filter({ hasText: 'Maintenance mode is on' });
    await bar.waitFor();
    await page.screenshot({ path: `${SHOTS}/maintenance-staff-bar-1280.png`, fullPage: false });
    // The bar comes with the page: a browser holding only the site pass (no staff token) shows it too.
    const passOnly = await journey.browser.newContext();
    await passOnly.addCookies((await page.context().cookies()).filter((cookie) => cookie.name === 'site_pass'));
    const passPage = await passOnly.newPage();
    expect((await passPage.goto(`${base}/blog`))?.status()).toBe(200);
    await passPage.getByRole('status').filter({ hasText: 'Maintenance mode is on' }).waitFor();
    await passOnly.close();
    await bar.getByRole('link', { name: 'System settings' }).click();
    await page.waitForURL(`${base}/admin/settings#settings-system`);

    await form.waitFor();
    await form.getByLabel('Maintenance mode').uncheck();
    await form.getByRole('button', { name: 'Save System Settings' }).click();
    await form.getByText('System settings saved').first().waitFor();
    const again = await journey.browser.newContext();
    const back = await (await again.newPage()).goto(`${base}/blog`);
    expect(back?.status()).toBe(200);
    await again.close();

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  it('an admin exports the analytics as JSON and clears them from System Configuration', async () => {
    const base = journey.site.baseUrl;
    const { page, errors } = await newPage(journey.browser);
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/settings`);
    const section = page.locator('section[aria-labelledby="settings-system"]');
    await section.getByRole('heading', { name: 'Analytics data' }).waitFor();
    const token = await tokenOf(base, 'admin', ADMIN_PASSWORD);
    const before = (await callApi(base, '/api/analytics/overview', { token })).json().data as {
      page_views: { total: number };
    };
    expect(before.page_views.total).toBeGreaterThan(0); // the demo seed's sample traffic

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export Analytics' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^analytics_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      period: { days: number };
      overview: { page_views: number };
    };
    expect(exported.period.days).toBe(366);
    expect(exported.overview.page_views).toBe(before.page_views.total);

    await section.getByRole('button', { name: 'Clear Analytics' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Clear Analytics' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type CLEAR to confirm').fill('CLEAR');
    await confirm.click();
    await section
      .getByText(/Analytics cleared/)
      .first()
      .waitFor();
    const after = (await callApi(base, '/api/analytics/overview', { token })).json().data as {
      page_views: { total: number };
    };
    expect(after.page_views.total).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
