import { describe, expect, it } from 'vitest';
import { hydrated, unexpectedErrors } from './support/admin';
import { newPage } from './support/harness';
import { SHOTS, loadLazyImages, scrollWidth, useScreenshotSession } from './support/screenshots';

/** Screenshots for a person to look at (/tmp/shots/portfolio-*.png), plus no sideways scrolling. */
const session = useScreenshotSession();

describe('the portfolio at phone and desktop widths', () => {
  for (const width of [390, 1280]) {
    it(`renders the list, the filters, a project and its full-screen viewer at ${width} px`, async () => {
      const { site, browser } = session;
      const { context, page, errors } = await newPage(browser, { width, height: width < 600 ? 844 : 800 });

      await page.goto(`${site.baseUrl}/portfolio`);
      await hydrated(page);
      await loadLazyImages(page);
      await page.screenshot({ path: `${SHOTS}/portfolio-list-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      await page.getByText('Filters', { exact: true }).click();
      await page.getByLabel('Industry').selectOption('E-Commerce');
      await page.waitForURL(/industry=E-Commerce/);
      await page.locator('[data-result-summary]').waitFor();
      await loadLazyImages(page);
      await page.screenshot({ path: `${SHOTS}/portfolio-filtered-${width}.png` });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      await page.goto(`${site.baseUrl}/portfolio?search=nothing-matches-this`);
      await hydrated(page);
      await page.getByRole('heading', { name: 'No Projects Found' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/portfolio-empty-${width}.png` });

      await page.goto(`${site.baseUrl}/portfolio/bloom-retail-online-store`);
      await hydrated(page);
      await loadLazyImages(page);
      await page.screenshot({ path: `${SHOTS}/portfolio-project-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      await page.getByRole('button', { name: /in the full-screen viewer/ }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector('dialog img');
        return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
      });
      await page.screenshot({ path: `${SHOTS}/portfolio-viewer-${width}.png` });
      await page.keyboard.press('Escape');

      await page.goto(`${site.baseUrl}/#portfolio`);
      await hydrated(page);
      await page.locator('#portfolio').scrollIntoViewIfNeeded();
      await loadLazyImages(page);
      await page.locator('#portfolio').screenshot({ path: `${SHOTS}/portfolio-landing-${width}.png` });

      await page.goto(`${site.baseUrl}/portfolio/no-such-project`);
      await hydrated(page);
      await page.screenshot({ path: `${SHOTS}/portfolio-not-found-${width}.png` });

      expect(unexpectedErrors(errors, [404])).toEqual([]);
      await context.close();
      // Six pages, three of them scrolled through until their images have loaded.
    }, 120_000);
  }
});
