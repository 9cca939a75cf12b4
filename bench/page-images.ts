import { launchBrowser, newPage } from '../tests/e2e/support/harness';

export interface PageImages {
  page: string;
  viewport: { width: number; height: number };
  /** Images the first screen downloads (before any scrolling). */
  firstScreen: { count: number; bytes: number };
  /** Everything after scrolling to the bottom (lazy images included). */
  wholePage: { count: number; bytes: number };
}

const VIEWPORT = { width: 1280, height: 800 };

/**
 * The image bytes a visitor's browser downloads for `page`, measured in real Chromium: the first screen,
 * then the whole page after scrolling to the bottom so every lazy image loads. Bytes are the response
 * bodies as received (after any content encoding).
 */
export async function weighPageImages(baseUrl: string, page: string): Promise<PageImages> {
  const browser = await launchBrowser();
  try {
    const { page: tab } = await newPage(browser, VIEWPORT);
    const images: { url: string; bytes: number }[] = [];
    const pending: Promise<void>[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return;
      pending.push(
        response
          .body()
          .then((body) => void images.push({ url: response.url(), bytes: body.length }))
          .catch(() => undefined),
      );
    });
    const settle = async () => {
      await tab.waitForLoadState('networkidle');
      await Promise.all(pending);
    };
    const total = () => ({ count: images.length, bytes: images.reduce((n, i) => n + i.bytes, 0) });

    await tab.goto(new URL(page, baseUrl).href, { waitUntil: 'load' });
    await settle();
    const firstScreen = total();
    const height = await tab.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += VIEWPORT.height / 2) {
      await tab.evaluate((top) => window.scrollTo(0, top), y);
      await tab.waitForTimeout(100);
    }
    await settle();
    return { page, viewport: VIEWPORT, firstScreen, wholePage: total() };
  } finally {
    await browser.close();
  }
}
