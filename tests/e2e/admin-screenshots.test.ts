import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { SHOTS, useAdminSite } from './support/admin-site';

const journey = useAdminSite({ shots: true });

describe('the admin at phone and desktop widths', () => {
  for (const width of [390, 1280]) {
    it(`renders the login and the settings tab at ${width} px`, async () => {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 800 });
      await page.goto(`${journey.site.baseUrl}/admin/login`);
      await hydrated(page);
      await page.screenshot({ path: `${SHOTS}/admin-login-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
      await page.goto(`${journey.site.baseUrl}/admin/settings`);
      await hydrated(page);
      await page.locator('[data-user="admin"]').waitFor();
      await page.locator('form[aria-labelledby="settings-system"]').waitFor();
      await page.getByText('Auto Backup', { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-settings-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Each section on its own, to look at: account, password, two-factor, passkeys, e-mail, app settings, users,
      // sign-in security, redirects, system, backups.
      const sections = page.locator('section[aria-labelledby^="settings-"]');
      expect(await sections.count()).toBe(11);
      for (const section of await sections.all()) {
        const id = await section.getAttribute('aria-labelledby');
        await section.screenshot({ path: `${SHOTS}/admin-${id}-${width}.png` });
      }

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
