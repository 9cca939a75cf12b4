import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';
import { ADMIN_ENV, ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';

/** Screenshots for a person to look at (/tmp/shots/admin-*.png), plus no sideways scrolling. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  site = await startSite(ADMIN_ENV);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the admin at phone and desktop widths', () => {
  for (const width of [390, 1280]) {
    it(`renders the login and the settings tab at ${width} px`, async () => {
      const { context, page, errors } = await newPage(browser, { width, height: width < 600 ? 844 : 800 });
      await page.goto(`${site.baseUrl}/admin/login`);
      await hydrated(page);
      await page.screenshot({ path: `${SHOTS}/admin-login-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await signIn(page, site.baseUrl, 'admin', ADMIN_PASSWORD);
      await page.goto(`${site.baseUrl}/admin/settings`);
      await hydrated(page);
      await page.locator('[data-user="admin"]').waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-settings-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      if (width < 1024) {
        // The sidebar is a drawer: opened and closed by keyboard.
        await page.getByRole('button', { name: 'Open menu' }).focus();
        await page.keyboard.press('Enter');
        const drawer = page.getByRole('dialog', { name: 'Admin menu' });
        await drawer.waitFor();
        await page.screenshot({ path: `${SHOTS}/admin-drawer-${width}.png` });
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
      }

      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('region', { name: 'Notifications' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-notifications-${width}.png` });
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  }
});
