import { describe, expect, it } from 'vitest';
import { hydrated, unexpectedErrors } from './support/admin';
import { newPage } from './support/harness';
import { SHOTS, loadLazyImages, scrollWidth, useScreenshotSession } from './support/screenshots';

/** Screenshots for a person to look at (/tmp/shots/blog-*.png), plus no sideways scrolling. */
const session = useScreenshotSession();

describe('the blog at phone and desktop widths', () => {
  for (const width of [390, 1280]) {
    it(`renders the list, the open filters and an article at ${width} px`, async () => {
      const { site, browser } = session;
      const { context, page, errors } = await newPage(browser, { width, height: width < 600 ? 844 : 800 });

      await page.goto(`${site.baseUrl}/blog`);
      await hydrated(page);
      await loadLazyImages(page);
      await page.screenshot({ path: `${SHOTS}/blog-list-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      await page.getByText('Filters', { exact: true }).click();
      await page.getByRole('radio', { name: 'Past week' }).check();
      await page.waitForURL(/dateRange=week/);
      await page.locator('[data-result-count]').waitFor();
      await page.screenshot({ path: `${SHOTS}/blog-filters-${width}.png` });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      await page.goto(`${site.baseUrl}/blog?search=nothing-matches-this`);
      await hydrated(page);
      await page.getByRole('heading', { name: 'No articles found' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/blog-no-results-${width}.png` });

      await page.goto(`${site.baseUrl}/blog/core-web-vitals-checklist-2026`);
      await hydrated(page);
      await loadLazyImages(page);
      await page.screenshot({ path: `${SHOTS}/blog-article-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      await page.goto(`${site.baseUrl}/blog/no-such-post`);
      await hydrated(page);
      await page.screenshot({ path: `${SHOTS}/blog-not-found-${width}.png` });

      expect(unexpectedErrors(errors, [404])).toEqual([]);
      await context.close();
    });
  }
});
