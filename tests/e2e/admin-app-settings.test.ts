import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { newPage } from './support/harness';
import { callApi, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';

const { VIEWER } = editorAndViewer('prefs');
const journey = useAdminSite({ staff: [VIEWER], shots: true });

const root = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    fontSize: document.documentElement.dataset.fontSize ?? null,
    reducedMotion: document.documentElement.dataset.reducedMotion !== undefined,
    rootPx: parseFloat(getComputedStyle(document.documentElement).fontSize),
  }));

/** The lightness (0–255) of an element's background: the dark theme must really be dark. */
const backgroundLightness = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = getComputedStyle(element).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return Math.round(0.2126 * r! + 0.7152 * g! + 0.0722 * b!);
    });

describe('App settings', () => {
  it('a staff member picks dark, large, 24-hour, bottom left and reduced motion: the admin follows at once, after a reload and on another device; signing out and the public site are untouched', async () => {
    const base = journey.site.baseUrl;
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/settings`);
    const form = page.locator('form[aria-labelledby="settings-app"]');
    await form.waitFor();
    expect(await root(page)).toMatchObject({ theme: 'light', fontSize: 'medium', reducedMotion: false, rootPx: 16 });
    expect(await backgroundLightness(page, 'body')).toBeGreaterThan(240);
    expect(await form.getByRole('button', { name: 'Save App Settings' }).isDisabled()).toBe(true);

    await form.getByRole('radio', { name: 'Dark' }).check({ force: true });
    await form.getByRole('radio', { name: 'Large' }).check({ force: true });
    await form.getByRole('radio', { name: /24-hour \(15:04\)/ }).check({ force: true });
    await form.getByLabel('Notification position').selectOption('bottom-left');
    await form.getByLabel('Reduce motion').check();
    await form.getByRole('button', { name: 'Save App Settings' }).click();
    const toast = page.locator('[data-toaster="bottom-left"] [data-toast="success"]');
    await toast.getByText('App settings saved').waitFor();
    expect(await root(page)).toEqual({ theme: 'dark', fontSize: 'large', reducedMotion: true, rootPx: 18 });
    // Polled: once (in 3 full runs, on a loaded machine) the body read white just after the attribute was set.
    await expect.poll(() => backgroundLightness(page, 'body')).toBeLessThan(40);
    expect(await root(page)).toMatchObject({ theme: 'dark' });
    // The toast sits in the bottom-left corner of the window.
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeLessThan(40);
    expect(box.y + box.height).toBeGreaterThan(800 - 60);
    await page.screenshot({ path: `${SHOTS}/settings-app-dark-1280.png`, fullPage: false });

    // Times in the admin use the 24-hour clock (the users list's last sign-in).
    const lastLogin = page.locator('section[aria-labelledby="settings-users"]').getByText(/\d{1,2}:\d{2}/);
    await lastLogin.first().waitFor();
    expect(await lastLogin.first().textContent()).not.toMatch(/AM|PM/);

    // Every tab, dark, at both sizes, for a person to look at.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of ['overview', 'blog', 'contacts', 'analytics', 'media']) {
        await page.goto(`${base}/admin/${tab}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS}/admin-dark-${tab}-${width}.png`, fullPage: false });
        if (width === 1280) {
          // The turned-over palette keeps text readable: axe's contrast rule (WCAG AA) finds nothing.
          const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
          const failures = result.violations.flatMap((violation) =>
            violation.nodes.slice(0, 5).map((node) => `${tab}: ${node.target.join(' ')} :: ${node.failureSummary}`),
          );
          expect(failures).toEqual([]);
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // Category badges take the dark surface too (their tint is mixed with the theme's colours).
    await page.goto(`${base}/admin/blog/categories`);
    await page.locator('[data-category-badge]').first().waitFor();
    expect(await backgroundLightness(page, '[data-category-badge]')).toBeLessThan(80);

    // A reload starts dark at once (the browser's copy), before the server has answered: its answer is held
    // until the theme has been read.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/app-settings', async (route) => {
      await released;
      await route.continue();
    });
    const answered = page.waitForResponse('**/api/auth/app-settings');
    await page.goto(`${base}/admin/overview`);
    await page.locator('main').waitFor();
    expect((await root(page)).theme).toBe('dark');
    release();
    await answered;
    await page.unroute('**/api/auth/app-settings');

    // The public site never takes the admin's settings, even in the same tab.
    await page.goto(`${base}/blog`);
    await page.locator('main').waitFor();
    expect(await root(page)).toMatchObject({ theme: null, fontSize: null, reducedMotion: false, rootPx: 16 });

    // Another device (no copy in its storage): the server's settings apply once signed in.
    const other = await newPage(journey.browser, { width: 390, height: 844 });
    await signIn(other.page, base, 'admin', ADMIN_PASSWORD);
    await expect.poll(async () => (await root(other.page)).theme).toBe('dark');
    expect(await root(other.page)).toMatchObject({ fontSize: 'large', reducedMotion: true });
    await other.context.close();

    // Signing out: the login screen is back to the defaults for the next person.
    await page.goto(`${base}/admin/overview`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await root(page)).toMatchObject({ theme: 'light', fontSize: 'medium', reducedMotion: false });
    expect(await page.evaluate(() => localStorage.getItem('appSettings'))).toBeNull();

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('auto follows the device; a viewer saves their own settings, which are not the admin’s', async () => {
    const base = journey.site.baseUrl;
    const viewer = await tokenOf(base, VIEWER.username, VIEWER.password);
    const saved = await callApi(base, '/api/auth/app-settings', {
      method: 'PUT',
      token: viewer,
      body: {
        theme: { mode: 'auto', fontSize: 'small' },
        notifications: { position: 'top-left' },
        localization: { timeFormat: '12h' },
        accessibility: { reducedMotion: false },
      },
    });
    expect(saved.status, saved.text).toBe(200);

    for (const scheme of ['dark', 'light'] as const) {
      const context = await journey.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
      const page = await context.newPage();
      await signIn(page, base, VIEWER.username, VIEWER.password);
      await expect.poll(async () => (await root(page)).theme).toBe(scheme);
      expect(await root(page)).toMatchObject({ fontSize: 'small', rootPx: 14 });
      await page.goto(`${base}/admin/settings`);
      const form = page.locator('form[aria-labelledby="settings-app"]');
      await form.waitFor();
      expect(await form.getByRole('radio', { name: 'Auto' }).isChecked()).toBe(true);
      if (scheme === 'dark') await page.screenshot({ path: `${SHOTS}/settings-app-auto-dark-1280.png` });
      // The system changes its mind: the admin follows without a reload.
      await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'light' : 'dark' });
      await expect.poll(async () => (await root(page)).theme).toBe(scheme === 'dark' ? 'light' : 'dark');
      await context.close();
    }

    const admin = await callApi(base, '/api/auth/app-settings', {
      token: await tokenOf(base, 'admin', ADMIN_PASSWORD),
    });
    expect(admin.json().data).toMatchObject({ theme: { mode: 'dark', fontSize: 'large' } });
  });

  it("Reset All Data clears this browser's data and signs it out, and changes nothing on the server", async () => {
    const base = journey.site.baseUrl;
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base, VIEWER.username, VIEWER.password);
    await page.evaluate(() => window.localStorage.setItem('journey-marker', 'kept until the reset'));
    await page.goto(`${base}/admin/settings`);
    const part = page.locator('[data-browser-data-reset]');
    await part.getByRole('button', { name: 'Reset All Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset this browser’s data?' });
    await dialog.getByRole('button', { name: 'Reset and sign out' }).click();
    await page.waitForURL(`${base}/admin/login`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('journey-marker'))).toBeNull();
    // The account and its settings on the server are untouched: the viewer signs in again as before.
    await signIn(page, base, VIEWER.username, VIEWER.password);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
