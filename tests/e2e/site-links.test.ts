import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn } from './support/admin';
import { useAdminSite } from './support/admin-site';

/**
 * "Every link or button we render lands on something that works": the site is walked as a visitor and a
 * crawler meet it, from the home page and the sitemap, and every address it names of its own is asked for.
 *
 * Public pages are read with JavaScript off (what the server sends, which is what a crawler and a visitor
 * before hydration get). One page of each kind is read for its links (a path with the same query names
 * counts once: `/blog?category=a&tag=b` stands for every category and tag), and every address found on
 * them is requested: pages, images (src and srcset), stylesheets, icons, scripts. Each `#anchor` must name an
 * element on its page. Links to other sites must be web, mail or phone links.
 *
 * The admin renders in the browser, so it is walked signed in with JavaScript on: every admin address its
 * screens link to (one editor of each kind) must show its screen, not the admin's not-found or
 * not-available panel.
 */

const journey = useAdminSite();

/** More kinds of page than this means the walk found an endless space of addresses (a bug of its own). */
const MAX_PAGE_KINDS = 120;

/** The page-kind of an address: its path and the names of its query parameters. */
function kindOf(address: string): string {
  const url = new URL(address, journey.site.baseUrl);
  const names = [...new Set(url.searchParams.keys())].sort();
  return names.length > 0 ? `${url.pathname}?${names.join('&')}` : url.pathname;
}

/** A link or source as an address of the site (path and query) with its fragment; null when it is elsewhere. */
function ownAddress(href: string, page: string): { address: string; hash: string } | null {
  const url = new URL(href, page);
  if (url.origin !== new URL(journey.site.baseUrl).origin) return null;
  return { address: url.pathname + url.search, hash: url.hash };
}

interface PageReading {
  links: string[];
  resources: string[];
  ids: string[];
}

/** The links, the resources and the element ids of the page on screen. */
function readPage(page: Page): Promise<PageReading> {
  return page.evaluate(() => {
    const attribute = (selector: string, name: string) =>
      [...document.querySelectorAll(selector)].map((element) => element.getAttribute(name) ?? '');
    const srcset = [...document.querySelectorAll('[srcset]')].flatMap((element) =>
      (element.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
    );
    return {
      links: attribute('a[href]', 'href'),
      resources: [
        ...attribute('img[src], script[src], video[src], source[src], iframe[src]', 'src'),
        ...attribute('video[poster]', 'poster'),
        ...attribute('link[href]', 'href'),
        ...srcset,
      ].filter(Boolean),
      ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
    };
  });
}

/** Asks for each address once; the ones that did not answer 200 (after redirects), with where they were found. */
async function brokenAddresses(context: BrowserContext, found: Map<string, string>): Promise<string[]> {
  const broken: string[] = [];
  for (const [address, foundOn] of found) {
    const res = await context.request.get(`${journey.site.baseUrl}${address}`, { maxRedirects: 5 });
    if (res.status() !== 200) broken.push(`${address} (on ${foundOn}): ${res.status()}`);
    await res.dispose();
  }
  return broken;
}

describe('every address the site renders', () => {
  it('public pages: each link, image and anchor of ours answers, from the home page and the sitemap', async () => {
    const { site, browser } = journey;
    const locs = async (path: string) =>
      [...(await (await fetch(`${site.baseUrl}${path}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        (m) => new URL(m[1]!).pathname,
      );
    // The sitemap is an index (ADR 0035): the pages are in its children.
    const sitemapPaths = (await Promise.all((await locs('/sitemap.xml')).map(locs))).flat();
    expect(sitemapPaths.length).toBeGreaterThan(10);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    /** Same-origin addresses found (path and query), with the first page that named each. */
    const addresses = new Map<string, string>();
    const anchors: Array<{ on: string; target: string; id: string }> = [];
    const foreign: string[] = [];
    const idsByKind = new Map<string, Set<string>>();
    const queue = ['/', ...sitemapPaths];
    for (const path of queue) if (!addresses.has(path)) addresses.set(path, path === '/' ? 'start' : 'sitemap.xml');
    const kindsRead = new Set<string>();

    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const kind = kindOf(next);
      if (kindsRead.has(kind)) continue;
      kindsRead.add(kind);
      expect(kindsRead.size, `more than ${MAX_PAGE_KINDS} kinds of page: ${[...kindsRead].join(' ')}`).toBeLessThan(
        MAX_PAGE_KINDS,
      );
      const res = await page.goto(`${site.baseUrl}${next}`);
      expect(res?.status(), `${next} (found on ${addresses.get(next)})`).toBe(200);
      const here = page.url();
      const reading = await readPage(page);
      idsByKind.set(kind, new Set(reading.ids));

      for (const href of reading.links) {
        const own = ownAddress(href, here);
        if (!own) {
          if (!['https:', 'http:', 'mailto:', 'tel:'].includes(new URL(href, here).protocol)) {
            foreign.push(`${href} (on ${next})`);
          }
          continue;
        }
        const { address, hash } = own;
        if (hash.length > 1) anchors.push({ on: next, target: address, id: decodeURIComponent(hash.slice(1)) });
        if (!addresses.has(address)) {
          addresses.set(address, next);
          // The admin is walked signed in (below); the API's addresses are answered, not read as pages.
          if (!address.startsWith('/admin') && !address.startsWith('/api/')) queue.push(address);
        }
      }
      for (const src of reading.resources) {
        const address = ownAddress(src, here)?.address;
        if (address !== undefined && !addresses.has(address)) addresses.set(address, next);
      }
    }

    // Anchors on pages of a kind not read yet (an anchor is the only link to that kind).
    const anchorsMissing: string[] = [];
    for (const { on, target, id } of anchors) {
      const kind = kindOf(target);
      if (!idsByKind.has(kind)) {
        await page.goto(`${site.baseUrl}${target}`);
        idsByKind.set(kind, new Set((await readPage(page)).ids));
      }
      if (!idsByKind.get(kind)!.has(id)) anchorsMissing.push(`${target}#${id} (on ${on})`);
    }

    expect(foreign).toEqual([]);
    expect([...new Set(anchorsMissing)]).toEqual([]);
    // The walk reached every kind of public page.
    for (const kind of [
      '/',
      '/blog',
      '/blog/:slug',
      '/portfolio',
      '/portfolio/:slug',
      '/verify-certificate',
      '/privacy',
    ]) {
      const pattern = new RegExp(`^${kind.replace(/:slug/, '[^/?]+')}(\\?|$)`);
      expect(
        [...kindsRead].some((read) => pattern.test(read)),
        kind,
      ).toBe(true);
    }
    expect(await brokenAddresses(context, addresses)).toEqual([]);
    await context.close();
  });

  it('admin screens: each admin link shows its screen, and each other link of ours answers', async () => {
    const { site, browser } = journey;
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    await signIn(page, site.baseUrl, 'admin', ADMIN_PASSWORD);

    const queue = [new URL(page.url()).pathname];
    const seen = new Set(queue);
    const elsewhere = new Map<string, string>();
    const notShown: string[] = [];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      await page.goto(`${site.baseUrl}${next}`);
      // The admin renders in the browser: its heading, then its lists once their data has come.
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const title = await page.title();
      const unavailable = await page.getByText(/tab is not available yet/).count();
      if (/Page not found/.test(title) || unavailable > 0) notShown.push(`${next}: ${title}`);
      for (const href of (await readPage(page)).links) {
        const address = ownAddress(href, page.url())?.address;
        if (address === undefined) continue;
        if (address.startsWith('/admin')) {
          // One editor of each kind: /admin/blog/7/edit stands for every post's.
          const kind = address.replace(/\/\d+(?=\/|$)/g, '/:id');
          if (!seen.has(kind)) {
            seen.add(kind);
            queue.push(address);
          }
        } else if (!elsewhere.has(address)) elsewhere.set(address, next);
      }
    }

    // The walk went past the sidebar into the screens its lists link to.
    for (const screen of ['/admin/blog/:id/edit', '/admin/portfolio/:id/edit', '/admin/certification/:id/edit']) {
      expect(seen.has(screen), screen).toBe(true);
    }
    expect(notShown).toEqual([]);
    expect(errors).toEqual([]);
    expect(await brokenAddresses(context, elsewhere)).toEqual([]);
    await context.close();
  });
});
