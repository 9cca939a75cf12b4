import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, startSite, type RunningSite } from './harness';

/** Where screenshots for a person to look at go. */
export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

/** Starts the site and a browser before a screenshot file's tests and stops both after them. */
export function useScreenshotSession(): { readonly site: RunningSite; readonly browser: Browser } {
  const session = {} as { site: RunningSite; browser: Browser };
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session.site = await startSite();
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.site?.stop();
  });
  return session;
}

/**
 * Scrolls through the page so lazy images load before the full-page screenshot. Each step waits for what
 * came into view: a part whose code loads near the viewport (ADR 0023), then its images, which appear
 * only once the part runs.
 */
export async function loadLazyImages(page: Page): Promise<void> {
  // In the page, one round trip: a loaded machine makes each of Playwright's calls slow.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const loadingInView = () =>
      [...document.querySelectorAll('[data-state="loading"]')].some((element) => {
        const box = element.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
    for (let step = 0; ; step += 1) {
      window.scrollTo(0, step * window.innerHeight);
      const atEnd = window.scrollY + window.innerHeight >= document.body.scrollHeight;
      // Two frames for the observers to see the new viewport, then what came into view.
      await frame();
      await frame();
      while (loadingInView()) await frame();
      if (atEnd) break;
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-state="loading"]').length === 0);
}

/** The page's scroll width: no wider than the viewport means no sideways scrolling. */
export const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Closes the admin's toasts (the sign-in's welcome) so that a screenshot shows the page under them. */
export async function closeToasts(page: Page): Promise<void> {
  for (const close of await page.getByRole('button', { name: /^Dismiss notification/ }).all()) await close.click();
  // The pointer would leave a hover look on whatever lay under the toast.
  await page.mouse.move(0, 0);
}

/** axe-core's WCAG 2.2 A/AA violations on the page as it is, one line each (rule and first element). */
export async function wcagViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`);
}
