import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, partHydrated } from './support/admin';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';

/**
 * Parts below the fold whose code loads as they come near the viewport (hydrateWhenVisible, ADR 0023):
 * the server sends them whole and in place, a first view downloads none of their code, scrolling brings
 * it, and what a visitor typed before it arrived is kept. A client navigation brings a page whole.
 */

const LANDING_PARTS = [
  'services-section',
  'contact-section',
  'portfolio-section',
  'about-section',
  'tech-stack-section',
  'pricing-section',
  'testimonials-section',
  'blog-section',
  'internships-section',
  'site-footer',
];
const ARTICLE = '/blog/core-web-vitals-checklist-2026';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The names of the code files the page requested, without their hash ("contact-section"). */
function scriptsRequested(page: Page): Set<string> {
  const names = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) names.add(match[1]);
  });
  return names;
}

/**
 * A browser that is never idle: the parts then wait for the viewport alone (they also load once the page
 * has loaded and the browser is idle, or at the visitor's first tap or key; see the last test).
 */
const neverIdle = (page: Page) =>
  page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });

const isHydrated = (page: Page, selector: string) =>
  page.$eval(selector, (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

describe('parts of a page hydrated as they come into view', () => {
  it('sends every landing section in place, and a first view downloads none of their code', async () => {
    const html = await (await fetch(`${site.baseUrl}/`)).text();
    // No part is moved out of place behind a script (React's outlined boundaries).
    expect(html).not.toContain('<div hidden id="S:');
    expect(html).not.toContain('<!--$?-->');
    for (const id of ['services', 'get-quote', 'portfolio', 'about', 'pricing', 'internships', 'site-footer']) {
      expect(html, id).toContain(`id="${id}"`);
    }

    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    await neverIdle(page);
    const requested = scriptsRequested(page);
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    expect(await isHydrated(page, '#hero')).toBe(true);
    // The sections right under the hero may come near the viewport at once; those further down do not.
    const farBelow = LANDING_PARTS.slice(3);
    expect([...requested].filter((name) => farBelow.includes(name))).toEqual([]);
    expect(await isHydrated(page, '#pricing')).toBe(false);

    await partHydrated(page, '#pricing');
    expect(requested.has('pricing-section')).toBe(true);
    // A section far below is still waiting.
    expect(requested.has('internships-section')).toBe(false);
    await partHydrated(page, '#site-footer');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps what a visitor typed before the quote form’s code arrived, then sends it with JavaScript', async () => {
    const { context, page, errors } = await newPage(browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contact-section-[\w-]{8}\.js$/, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.baseUrl}/`);
    // (Not the network going quiet: the form's code is held.)
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);
    const form = page.locator('#get-quote form');
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('First Name').fill('Katherine');
    await form.getByLabel('Project Details').fill('Typed before the code came.');
    await form.getByLabel('Service').selectOption('Web Development');
    expect(await isHydrated(page, '#get-quote')).toBe(false);

    release();
    await partHydrated(page, '#get-quote');
    expect(await form.getByLabel('First Name').inputValue()).toBe('Katherine');
    expect(await form.getByLabel('Project Details').inputValue()).toBe('Typed before the code came.');
    expect(await form.getByLabel('Service').inputValue()).toBe('Web Development');
    // Kept once React renders the form again (a mistake shown below), and stored as the form's draft.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('quoteFormDraft'))) ?? '{}')).toMatchObject({
      first_name: 'Katherine',
      service: 'Web Development',
    });

    // The form now runs in the page: a mistake is shown without a request.
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST') posted += 1;
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Last name is required').waitFor();
    expect(posted).toBe(0);
    expect(await form.getByLabel('First Name').inputValue()).toBe('Katherine');
    expect(await form.getByLabel('Service').inputValue()).toBe('Web Development');
    expect(new URL(page.url()).search).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('brings the whole landing page with a client navigation, and Get Quote finds the form', async () => {
    const { context, page, errors } = await newPage(browser);
    const requested = scriptsRequested(page);
    await page.goto(`${site.baseUrl}/blog`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).first().click();
    await page.waitForURL(`${site.baseUrl}/#get-quote`);
    // The same document (no reload), every section's code loaded with the page and each one running.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.locator('#internships').waitFor({ state: 'attached' });
    for (const name of LANDING_PARTS) expect(requested.has(name), name).toBe(true);
    for (const id of ['services', 'get-quote', 'internships']) expect(await isHydrated(page, `#${id}`), id).toBe(true);
    await expect
      .poll(() => page.locator('#get-quote').evaluate((element) => Math.abs(element.getBoundingClientRect().top)))
      .toBeLessThan(100);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads an article’s comments and related posts as they come into view', async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    await neverIdle(page);
    const requested = scriptsRequested(page);
    await page.goto(`${site.baseUrl}${ARTICLE}`);
    await hydrated(page);
    expect(requested.has('comments-section')).toBe(false);
    expect(await page.locator('#comments button[type="submit"]').isDisabled()).toBe(true);
    await partHydrated(page, '#comments');
    expect(requested.has('comments-section')).toBe(true);
    await expect.poll(() => page.locator('#comments button[type="submit"]').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates every part without a scroll once the page has loaded and the browser is idle, or at a key', async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    const requested = scriptsRequested(page);
    await page.goto(`${site.baseUrl}/`);
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);
    for (const id of ['pricing', 'internships', 'site-footer']) {
      await page.waitForFunction(
        (css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber$')),
        `#${id}`,
      );
    }
    for (const name of LANDING_PARTS) expect(requested.has(name), name).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // A browser that never idles: the visitor's first key brings them.
    const busy = await newPage(browser, { width: 390, height: 844 });
    await neverIdle(busy.page);
    await busy.page.goto(`${site.baseUrl}${ARTICLE}`);
    await hydrated(busy.page);
    expect(await isHydrated(busy.page, '#comments')).toBe(false);
    await busy.page.keyboard.press('Tab');
    await busy.page.waitForFunction(() =>
      Object.keys(document.querySelector('#comments') ?? {}).some((key) => key.startsWith('__reactFiber$')),
    );
    expect(await busy.page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    expect(busy.errors).toEqual([]);
    await busy.context.close();
    await context.close();
  });

  it('wakes the parts one idle moment at a time, in the order of the page', async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    // The browser's idle moments, handed out by the test: each runs the callbacks waiting for it (the hero
    // video and the page view beacon wait for one too); what they ask for then waits for the next one.
    await page.addInitScript(() => {
      const queue: IdleRequestCallback[] = [];
      Object.assign(window, { idleQueue: queue });
      window.requestIdleCallback = (callback) => queue.push(callback);
    });
    const idleMoment = () =>
      page.evaluate(() => {
        const due = (window as unknown as { idleQueue: IdleRequestCallback[] }).idleQueue.splice(0);
        for (const callback of due) callback({ didTimeout: false, timeRemaining: () => 50 });
        return due.length > 0;
      });
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    await page.waitForFunction(() => document.readyState === 'complete');
    // Idle moments until React has hydrated the part (checked without scrolling to it, which would wake it).
    // The next moment is given only once `patience` has passed without it, so that none wakes two parts.
    const momentsUntil = async (id: string, patience = 5_000) => {
      for (let moment = 0; moment < 20; moment += 1) {
        if (await isHydrated(page, `#${id}`)) return;
        await idleMoment();
        await page
          .waitForFunction(
            (css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber$')),
            `#${id}`,
            { timeout: patience },
          )
          .catch(() => undefined);
      }
      throw new Error(`#${id} was not hydrated`);
    };
    await momentsUntil('services');
    // One moment, one part: the ones further down still wait.
    for (const id of ['get-quote', 'pricing', 'site-footer']) expect(await isHydrated(page, `#${id}`), id).toBe(false);
    await momentsUntil('get-quote');
    expect(await isHydrated(page, '#portfolio')).toBe(false);
    // The rest follow, one moment each, without a scroll.
    await momentsUntil('site-footer', 500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
