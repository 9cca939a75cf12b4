import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { SHOTS, useAdminSite } from './support/admin-site';

const journey = useAdminSite({ shots: true });

describe('the admin blog tab at phone and desktop widths', () => {
  for (const width of [390, 1280]) {
    it(`renders the list, the form and the preview at ${width} px`, async () => {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 800 });
      const fits = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);

      await page.goto(`${journey.site.baseUrl}/admin/blog`);
      await hydrated(page);
      await page.locator('[data-pagination-summary]').waitFor();
      await page.locator('[data-post]:visible').first().getByRole('checkbox').check();
      await page.screenshot({ path: `${SHOTS}/admin-blog-list-${width}.png`, fullPage: true });
      await fits();
      if (width >= 768) {
        // The whole table fits its card: no column is cut off or needs a sideways scroll.
        const table = page.locator('table');
        expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
      }

      await page.goto(`${journey.site.baseUrl}/admin/blog/new`);
      await hydrated(page);
      await page.locator('form[aria-label="New blog post"]').waitFor();
      await page.getByRole('button', { name: 'Create Post' }).click();
      await page.getByText('Title is required').waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-blog-new-${width}.png`, fullPage: true });
      await fits();

      const edit = page.locator('[data-post]:visible');
      await page.goto(`${journey.site.baseUrl}/admin/blog`);
      await hydrated(page);
      await edit
        .first()
        .getByRole('link', { name: /^Edit / })
        .click();
      const form = page.locator('form[aria-label="Edit blog post"]');
      await form.waitFor();
      await form.locator('[data-rich-text]').waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-blog-edit-${width}.png`, fullPage: true });
      await fits();

      await page.getByRole('button', { name: 'Preview' }).click();
      await page.locator('[data-post-preview]').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/admin-blog-preview-${width}.png`, fullPage: true });
      await fits();

      await page.goto(`${journey.site.baseUrl}/admin/blog/categories`);
      await hydrated(page);
      await page.locator('[data-category]').first().waitFor();
      await page.getByRole('button', { name: 'New Category' }).click();
      await page.screenshot({ path: `${SHOTS}/admin-blog-categories-${width}.png`, fullPage: true });
      await fits();

      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  }
});
