import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { SHOTS, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';

/*
 * A company's first start without demo content (SEED_DEMO=false): visitors see that the site is being set
 * up, the admin sees the setup check on the Overview and a reminder on every other screen, sends a test
 * e-mail, fills in the company information, and the site appears.
 */

const journey = useAdminSite({ shots: true, env: { SEED_DEMO: 'false' } });
const base = () => journey.site.baseUrl;

describe('the setup check of a new site', () => {
  it('takes an admin from "being set up" to a site with its company information', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const first = await page.goto(`${base()}/`);
    expect(first?.status()).toBe(503);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This website is being set up');

    await signIn(page, base(), 'admin', ADMIN_PASSWORD);
    // The sign-in's toast sits below the header: its buttons (Refresh, the bell, Logout) stay usable.
    const toast = await page.locator('[data-toast]').first().boundingBox();
    const header = await page.locator('header').first().boundingBox();
    expect(toast!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await page.goto(`${base()}/admin/overview`);
    await hydrated(page);
    const items = page.locator('[data-setup-items]');
    await items.waitFor();
    expect(await items.locator('[data-setup-item]').first().getAttribute('data-setup-item')).toBe('company');
    expect(await items.textContent()).toContain('The company information is missing');
    await page.screenshot({ path: `${SHOTS}/setup-check-1280.png` });

    // No mail server in this site's configuration: the test e-mail says where it went.
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await page.getByText('the test e-mail was written to the server log instead').waitFor();

    // Every other screen reminds the admin, and leads back to the check.
    await page.goto(`${base()}/admin/blog`);
    await hydrated(page);
    const banner = page.locator('[data-setup-banner]');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Not yet ready for production: \d+ things need attention/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/setup-banner-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await banner.getByRole('link', { name: 'Review the setup check' }).click();
    await page.waitForURL(`${base()}/admin/overview#setup`);
    await items.waitFor();

    await items.locator('[data-setup-item="company"]').getByRole('link', { name: /Open/ }).click();
    const form = page.locator('form[aria-label="Company information"]');
    await form.waitFor();
    const values: Record<string, string> = {
      name: 'Northwind Studio',
      founder: 'Nora North',
      tagline: 'Websites that work',
      location: 'Oslo',
      email: 'hello@northwind.example',
      phone: '+47 22 12 34 56',
      whatsapp: '+47 22 12 34 56',
      valueProposition: 'Websites and shops for small companies.',
      description: 'We build websites and online shops for small companies in Norway.',
      coreServices: 'Websites\nOnline shops',
    };
    for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
    await form.getByRole('button', { name: 'Save company information' }).click();
    await page.getByText('Company information saved').first().waitFor();

    // The next screen's reminder no longer names the company information; the site is there.
    await page.goto(`${base()}/admin/blog`);
    await banner.waitFor();
    expect(await banner.textContent()).not.toContain('company information');
    const home = await page.goto(`${base()}/`);
    expect(home?.status()).toBe(200);
    expect(await page.title()).toContain('Northwind Studio');
    expect(unexpectedErrors(errors, [503])).toEqual([]);
    await context.close();
  });
});
