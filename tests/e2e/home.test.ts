import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../src/shared/contracts/company';
import { primaryNav } from '../../src/web/features/site-shell/nav-links';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';

const HEADING = 'Transform Your Business with Professional Web & AI Solutions';
const PHRASES = ['Empowering your business online', 'Innovative digital solutions', 'Transforming ideas into reality'];

let site: RunningSite;
let browser: Browser;
let company: CompanyProfile;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  const res = await fetch(`${site.baseUrl}/api/company`);
  expect(res.status).toBe(200);
  company = ((await res.json()) as { data: CompanyProfile }).data;
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Waits until React Router has taken over the page, so link clicks are client-side navigations. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  await page.waitForLoadState('networkidle');
}

/** True when the element's top edge is inside the viewport and below the fixed top bar. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (el) => {
    const top = el.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight / 2;
  });
}

/** Console errors other than the expected "404" line Chromium prints for the not-found document itself. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e));
}

describe('a visitor on the home page', () => {
  it('server-renders the hero, the company contact details and the page meta', async () => {
    const res = await fetch(`${site.baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const text = html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');
    expect(text).toContain(HEADING);
    expect(text).toContain(PHRASES[0]);
    expect(text).toContain(company.email);
    expect(html).toContain(`<link rel="canonical" href="${site.baseUrl}/"/>`);
    expect(html).toContain(`<meta property="og:site_name" content="${company.name}"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
  });

  it('sees the hero and footer, follows Get Quote, meets the 404 page and goes home', async () => {
    const { context, page, errors } = await newPage(browser);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });

    const res = await page.goto(`${site.baseUrl}/`);
    expect(res?.status()).toBe(200);
    expect(await page.textContent('h1')).toBe(HEADING);
    await hydrated(page);

    const typed = page.locator('[data-typed-text]');
    await page.waitForFunction(() => (document.querySelector('[data-typed-text]')?.textContent ?? '').length > 0);
    const text = (await typed.textContent()) ?? '';
    expect(PHRASES.some((phrase) => phrase.startsWith(text))).toBe(true);
    // Screen readers get the whole list at once; the animated letters are hidden from them.
    expect(await page.locator('p[aria-live="off"] .sr-only').textContent()).toContain(PHRASES[2]);

    const footer = page.locator('footer');
    await expect.poll(() => footer.textContent()).toContain(company.email);
    expect(await footer.textContent()).toContain(company.phone);
    expect(await footer.locator(`a[href="mailto:${company.email}"]`).count()).toBe(1);
    expect(await page.title()).toContain(company.name);

    // Top bar Get Quote: a client-side navigation to the anchor, with the section in view.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator('header').getByRole('link', { name: 'Get Quote', exact: true }).click();
    await page.waitForURL(`${site.baseUrl}/#get-quote`);
    // A navigation on the page first brings the code of the sections still waiting (ADR 0024).
    await expect.poll(() => inView(page, '#get-quote'), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.locator('#get-quote h2').textContent()).toBe('Get a Free Quote');

    // Unknown address: a real 404 with the page, the top bar and the footer.
    const missing = await page.goto(`${site.baseUrl}/no-such-page`);
    expect(missing?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Page not found');
    expect(await page.locator('header').getByRole('link', { name: 'Verify Certificate' }).count()).toBe(1);
    expect(await page.locator('footer').textContent()).toContain(company.email);
    expect(await page.title()).toBe(`Page Not Found | ${company.name}`);
    await hydrated(page);

    // From another page to a home anchor, client-side.
    await page
      .locator('main')
      .getByRole('link', { name: /Get Quote/ })
      .click();
    await page.waitForURL(`${site.baseUrl}/#get-quote`);
    // A navigation on the page first brings the code of the sections still waiting (ADR 0024).
    await expect.poll(() => inView(page, '#get-quote'), { timeout: 10_000 }).toBe(true);

    await page.goBack();
    await page.waitForURL(`${site.baseUrl}/no-such-page`);
    await expect.poll(() => page.textContent('h1')).toBe('Page not found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${site.baseUrl}/`);
    await expect.poll(() => page.textContent('h1')).toBe(HEADING);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // A full page load of the anchor lands on it too.
    await page.goto(`${site.baseUrl}/#get-quote`);
    await hydrated(page);
    // A navigation on the page first brings the code of the sections still waiting (ADR 0024).
    await expect.poll(() => inView(page, '#get-quote'), { timeout: 10_000 }).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    // Only the unknown page itself (the document, and its data when revisited client-side) is missing.
    expect(failed.length).toBeGreaterThan(0);
    for (const entry of failed) expect(entry).toMatch(/^404 .*\/no-such-page(\.data)?$/);
    await context.close();
  });

  it('works on a 390 px wide phone: the menu opens by keyboard and leads to Get Quote', async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    expect(await page.textContent('h1')).toBe(HEADING);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    expect(await menu.isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('mobile-menu');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Get Quote' }).click();
    await page.waitForURL(`${site.baseUrl}/#get-quote`);
    await menu.waitFor({ state: 'hidden' });
    // A navigation on the page first brings the code of the sections still waiting (ADR 0024).
    await expect.poll(() => inView(page, '#get-quote'), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')).toBe(
      `https://wa.me/${company.whatsapp.replace(/\D/g, '')}`,
    );

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('shows the error screen in the site frame when a navigation cannot load, with a report addressed to the company', async () => {
    for (const failure of ['dropped', 'server error'] as const) {
      const { context, page } = await newPage(browser);
      await page.goto(`${site.baseUrl}/verify-certificate`);
      await hydrated(page);
      // The page's whole data request fails: the root loader fails with it (React Router fetches them together).
      await page.route('**/blog.data*', (route) =>
        failure === 'dropped' ? route.abort() : route.fulfill({ status: 500, body: 'Internal Server Error' }),
      );
      await page.locator('header').getByRole('link', { name: 'Blog', exact: true }).click();
      await expect.poll(() => page.textContent('h1')).toBe('Oops! Something went wrong');
      expect(await page.locator('header').getByRole('link', { name: 'Get Quote', exact: true }).count()).toBe(1);
      expect(await page.locator('footer').textContent()).toContain(company.email);
      const errorId = (await page.locator('[data-error-id]').textContent())?.trim() ?? '';
      expect(errorId).toMatch(/^ERR-/);
      const report = new URL((await page.getByRole('link', { name: 'Report Issue' }).getAttribute('href')) ?? '');
      expect(report.protocol).toBe('mailto:');
      expect(report.pathname, failure).toBe(company.email);
      expect(report.searchParams.get('subject')).toContain(errorId);
      expect(report.searchParams.get('body')).toContain(`Page: ${site.baseUrl}/blog`);

      // Go to Homepage works once the connection is back.
      await page.unroute('**/blog.data*');
      await page.getByRole('link', { name: 'Go to Homepage' }).click();
      await expect.poll(() => page.textContent('h1')).toBe(HEADING);
      await context.close();
    }
  });

  it('offers every top-bar link at every width: in the bar, or in the menu where the bar has no room', async () => {
    const everyLink = [...primaryNav.map((item) => item.label), 'Verify Certificate', 'Get Quote'];
    for (const width of [390, 767, 768, 900, 1023, 1024, 1280]) {
      const { context, page, errors } = await newPage(browser, { width, height: 800 });
      await page.goto(`${site.baseUrl}/privacy`);
      await hydrated(page);
      const header = page.locator('header');
      const inBar = async (name: string) =>
        header.locator(':scope > div').getByRole('link', { name, exact: true }).isVisible();
      const missing: string[] = [];
      for (const name of everyLink) if (!(await inBar(name))) missing.push(name);
      if (missing.length > 0) {
        // What the bar cannot show, the menu does; and the bar never both shows and hides the same link.
        await header.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.locator('#mobile-menu');
        await menu.waitFor({ state: 'visible' });
        const inMenu = await Promise.all(
          everyLink.map(
            async (name) => [name, await menu.getByRole('link', { name, exact: true }).isVisible()] as const,
          ),
        );
        expect(
          inMenu.filter(([, visible]) => visible).map(([name]) => name),
          `menu at ${width} px`,
        ).toEqual(missing);
      } else {
        expect(await header.getByRole('button', { name: 'Open menu' }).isVisible(), `menu button at ${width} px`).toBe(
          false,
        );
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `width ${width}`).toBeLessThanOrEqual(
        width,
      );
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    }
  });

  it('lays the text out in the fallback font as in Inter, to a pixel or two: nothing moves when Inter swaps in', async () => {
    const blog = await (await fetch(`${site.baseUrl}/blog`)).text();
    const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
    expect(article).toBeDefined();
    /** Top and height of each heading and paragraph on the first two screens, with Inter or with the fallback. */
    const textBoxes = async (path: string, font: 'inter' | 'fallback') => {
      const { context, page, errors } = await newPage(browser, { width: 412, height: 823 });
      // Without the font files the page stays in the fallback: what a visitor sees until Inter arrives.
      if (font === 'fallback') await page.route('**/*.woff2', (route) => route.abort());
      await page.goto(`${site.baseUrl}${path}`);
      if (font === 'inter') await page.waitForFunction(() => document.fonts.check('16px "Inter Variable"'));
      else expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(false);
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, p')]
          .map((element) => element.getBoundingClientRect())
          .filter((box) => box.height > 0 && box.top < 2 * window.innerHeight)
          .map((box) => [Math.round(box.top), Math.round(box.height)]),
      );
      expect(
        unexpected(errors.filter((error) => !/woff2|Failed to load resource: net::ERR_FAILED/.test(error))),
      ).toEqual([]);
      await context.close();
      return boxes;
    };
    for (const path of ['/', article!]) {
      const inInter = await textBoxes(path, 'inter');
      const inFallback = await textBoxes(path, 'fallback');
      expect(inInter.length).toBeGreaterThan(3);
      expect(inFallback.length, path).toBe(inInter.length);
      // Within a pixel or two (rounding). Unsized, the fallback (Liberation Sans here) wrapped an article's lede
      // differently: 37 px lower, and more below.
      const moved = inFallback.flatMap(([top, height], index) => {
        const [interTop, interHeight] = inInter[index]!;
        return Math.abs(top! - interTop!) > 2 || Math.abs(height! - interHeight!) > 2
          ? [`${path} #${index}: ${interTop}+${interHeight} in Inter, ${top}+${height} in the fallback`]
          : [];
      });
      expect(moved).toEqual([]);
    }
  });
});

describe('the JavaScript of the public pages', () => {
  /** The same-site scripts a page's HTML preloads or loads. */
  async function scriptsOf(pagePath: string): Promise<{ html: string; scripts: string[] }> {
    const res = await fetch(`${site.baseUrl}${pagePath}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const tags = html.match(/<(?:link|script)\b[^>]*>/g) ?? [];
    const scripts = tags
      .filter((tag) => tag.startsWith('<script') || /\brel="modulepreload"/.test(tag))
      .map((tag) => /\b(?:href|src)="([^"]+)"/.exec(tag)?.[1])
      .filter((url): url is string => Boolean(url?.startsWith('/')));
    return { html, scripts };
  }

  it('leaves the sections far below unrendered on the first view, and renders them all from the first navigation', async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    // Skipped by the browser (content-visibility: auto) until it comes near: its heading is not rendered.
    const rendered = (css: string) =>
      page.$eval(css, (element) => element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered('#pricing h2')).toBe(false);
    expect(await rendered('#internships h2')).toBe(false);
    expect(await rendered('#hero h1')).toBe(true);
    // Each skipped section counts as its usual height (--near-height): the page is about as tall as it will be
    // once every section is laid out (with 900 px each it was a third shorter, and its scrollbar jumped).
    const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
    const estimated = await pageHeight();
    await page.evaluate(() => document.documentElement.setAttribute('data-navigated', ''));
    const laidOut = await pageHeight();
    await page.evaluate(() => document.documentElement.removeAttribute('data-navigated'));
    expect(Math.abs(estimated - laidOut) / laidOut).toBeLessThan(0.1);
    // Scrolled to, it renders (scrolled to again while the sections above it take their real heights).
    await expect
      .poll(async () => {
        await page.$eval('#pricing', (element) => element.scrollIntoView({ block: 'start' }));
        return rendered('#pricing h2');
      })
      .toBe(true);

    // The first navigation (an anchor of this page) lays every section out, so the jump lands exactly.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('#hero').getByRole('link', { name: 'Get Free Quote' }).click();
    await page.waitForURL(`${site.baseUrl}/#get-quote`);
    expect(await rendered('#internships h2')).toBe(true);
    await expect
      .poll(() => page.$eval('#get-quote', (element) => element.getBoundingClientRect().top))
      .toBeLessThan(100);
    expect(await page.$eval('#get-quote', (element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);

    // A link to an anchor from elsewhere (a full load) lands there too, with the sections above unrendered.
    await page.goto('about:blank');
    await page.goto(`${site.baseUrl}/#internships`);
    await hydrated(page);
    const top = await page.$eval('#internships', (element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);
    expect(await rendered('#services h2')).toBe(false);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('draws every icon on the page from the sprite the page links to', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    const hrefs = await page.$$eval('svg use', (uses) => uses.map((use) => use.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(20);
    // Every reference names a symbol the served sprite holds.
    const sprites = new Map<string, string>();
    for (const href of hrefs) {
      const [url, id] = href.split('#');
      expect(url, href).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
      if (!sprites.has(url!)) {
        const res = await fetch(`${site.baseUrl}${url}`);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toContain('image/svg+xml');
        sprites.set(url!, await res.text());
      }
      expect(sprites.get(url!), href).toContain(`<symbol id="${id}"`);
    }
    // And the browser draws them: each icon on show has the geometry of its symbol (none empty).
    const undrawn = () =>
      page.$$eval('svg use', (uses) =>
        uses
          .filter((use) => (use.closest('svg') as SVGSVGElement).getBoundingClientRect().width > 0)
          .filter((use) => (use as SVGUseElement).getBBox().width === 0)
          .map((use) => use.getAttribute('href')),
      );
    await expect.poll(undrawn).toEqual([]);
    const heroIcons = await page.locator('section').first().locator('svg use').count();
    expect(heroIcons).toBeGreaterThan(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('preloads the scripts at low priority, after the stylesheet, and the browser fetches them so', async () => {
    const { html } = await scriptsOf('/');
    const head = html.slice(0, html.indexOf('</head>'));
    const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(3);
    for (const tag of preloads) expect(tag).toContain(' fetchpriority="low"');
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="modulepreload"'));

    // What Chromium made of it: the stylesheet first, every preloaded script behind it.
    const { context, page, errors } = await newPage(browser);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', ({ request }) =>
      priorities.set(new URL(request.url).pathname, request.initialPriority),
    );
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(head)?.[1];
    expect(priorities.get(stylesheet!)).toBe('VeryHigh');
    for (const tag of preloads) {
      const href = /href="([^"]+)"/.exec(tag)![1]!;
      expect(priorities.get(href), href).toBe('Low');
    }
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('leaves zod out: the admin needs it, a visitor does not', async () => {
    const blog = await scriptsOf('/blog');
    const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog.html)?.[1];
    expect(article).toBeDefined();
    const portfolio = await scriptsOf('/portfolio');
    const project = /href="(\/portfolio\/[a-z0-9-]+)"/.exec(portfolio.html)?.[1];
    expect(project).toBeDefined();

    const pages = { '/': await scriptsOf('/'), '/blog': blog, '/portfolio': portfolio };
    const all = [...Object.values(pages), await scriptsOf(article!), await scriptsOf(project!)];
    const scripts = new Set(all.flatMap((page) => page.scripts));
    expect(scripts.size).toBeGreaterThan(5);
    const withZod: string[] = [];
    for (const script of scripts) {
      const res = await fetch(`${site.baseUrl}${script}`);
      expect(res.status, script).toBe(200);
      if ((await res.text()).includes('ZodError')) withZod.push(script);
    }
    expect(withZod).toEqual([]);
  });
});
