import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogCategory } from '../../src/shared/contracts/blog';
import {
  ADMIN_EMAIL,
  ADMIN_ENV,
  ADMIN_PASSWORD,
  hydrated,
  partHydrated,
  unexpectedErrors,
  watchCsp,
} from './support/admin';
import { CommentModerationMessage } from '../../src/shared/contracts/comment-moderation';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';

/**
 * A visitor reads the blog: filters, searches and pages through the list, then opens an article,
 * likes it, comments, copies its link and meets a missing article. The demo seed has 6 published
 * posts; the journey adds 6 more through the admin API (5 short SEO posts dated today, one long AI
 * post) so that the list has two pages and every filter has something to find.
 */

const EXTRA_SEO_POSTS = 5;
const SEARCH_WORD = 'Zephyrlabs';
const LONG_POST_TITLE = 'The Long Read on Evaluating Language Models';

let site: RunningSite;
let browser: Browser;
let publishedTotal = 0;

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${site.baseUrl}/api${path}`, { ...init, headers });
  const body = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function seedExtraPosts(): Promise<void> {
  const { token } = await api<{ token: string }>('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const { categories } = await api<{ categories: BlogCategory[] }>('/blog/categories');
  const idOf = (slug: string) => categories.find((c) => c.slug === slug)?.id;
  const paragraph = '<p>Search engines read pages the way people skim them, so structure matters.</p>';
  for (let n = 1; n <= EXTRA_SEO_POSTS; n += 1) {
    await api('/blog/posts', {
      method: 'POST',
      token,
      body: JSON.stringify({
        title: `${SEARCH_WORD} SEO field note ${n}`,
        excerpt: `Field note number ${n} from the ${SEARCH_WORD} audit.`,
        content: `<h2>Note ${n}</h2>${paragraph}`,
        category_id: idOf('seo'),
        image_url: '/demo/blog-4.svg',
        author: 'Journey Author',
        tags: ['Field Notes'],
        published: true,
      }),
    });
  }
  const longContent = Array.from(
    { length: 60 },
    (_, i) =>
      `<p>Paragraph ${i + 1}: evaluating a language model means measuring accuracy, robustness, latency and cost ` +
      'on the tasks your business actually runs, with test sets that look like real traffic rather than ' +
      'benchmarks chosen because they are easy to download.</p>',
  ).join('');
  await api('/blog/posts', {
    method: 'POST',
    token,
    body: JSON.stringify({
      title: LONG_POST_TITLE,
      excerpt: 'A long guide to evaluating language models for business use.',
      content: longContent,
      category_id: idOf('ai'),
      image_url: '/demo/blog-2.svg',
      author: 'Journey Author',
      date: '2025-03-05',
      tags: ['Evaluation'],
      published: true,
    }),
  });
  publishedTotal = (await api<{ total: number }>('/blog/posts?limit=1')).total;
  await api('/blog/categories', { method: 'POST', token, body: JSON.stringify({ name: EMPTY_CATEGORY }) });
}

/** A category staff created but wrote nothing in yet. */
const EMPTY_CATEGORY = 'Empty Shelf';
const EMPTY_CATEGORY_SLUG = 'empty-shelf';

beforeAll(async () => {
  site = await startSite(ADMIN_ENV);
  browser = await launchBrowser();
  await seedExtraPosts();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const cards = (page: Page) => page.locator('[data-blog-card]');
const resultCount = async (page: Page) =>
  Number((await page.locator('[data-result-count] span').first().textContent()) ?? -1);

describe('a visitor on the blog list', () => {
  it('gets every filtered view as a server-rendered, crawlable address', async () => {
    expect(publishedTotal).toBe(12);
    const res = await fetch(`${site.baseUrl}/blog`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="' + site.baseUrl + '/blog"/>');
    expect(html).toMatch(/<link[^>]*rel="alternate"[^>]*type="application\/rss\+xml"[^>]*href="\/blog\/rss.xml"/);
    expect(html).toContain('href="/blog?category=seo"');
    expect(html).toContain('href="/blog?page=2"');
    expect(html).toMatch(/<form role="search"[^>]*action="\/blog" method="get"/);
    // The first card's image is the page's main one: fetched with high priority, and preloaded from the
    // top of <head>, ahead of the script preloads, instead of waiting for the body.
    expect(html.match(/<img[^>]*fetchpriority="high"/gi)).toHaveLength(1);
    const head = html.slice(0, html.indexOf('</head>'));
    const imagePreload =
      [...head.matchAll(/<link\b[^>]*>/gi)].find(
        ([tag]) => /rel="preload"/.test(tag) && /as="image"/.test(tag) && /fetchpriority="high"/i.test(tag),
      )?.index ?? -1;
    expect(imagePreload).toBeGreaterThan(-1);
    expect(imagePreload).toBeLessThan(head.indexOf('rel="modulepreload"'));

    // Defaults and blanks (e.g. a form sent without JavaScript) redirect to the one address of the view.
    const messy = await fetch(`${site.baseUrl}/blog?search=&category=all&sort=newest&page=1&readTime=long`, {
      redirect: 'manual',
    });
    expect(messy.status).toBe(301);
    expect(messy.headers.get('location')).toBe('/blog?readTime=long');

    // A page past the end (an old link to a list that got shorter) goes to the last page.
    const pastTheEnd = await fetch(`${site.baseUrl}/blog?sort=oldest&page=99`, { redirect: 'manual' });
    expect(pastTheEnd.status).toBe(302);
    expect(pastTheEnd.headers.get('location')).toBe('/blog?sort=oldest&page=2');

    const seo = await (await fetch(`${site.baseUrl}/blog?category=seo`)).text();
    expect(seo).toContain(`<link rel="canonical" href="${site.baseUrl}/blog?category=seo"/>`);
    expect(seo).toMatch(/<title>SEO Articles \| /);
  });

  it('filters by category, reading time and date, searches, pages and clears', async () => {
    const { context, page, errors } = await newPage(browser);
    const cspViolations = await watchCsp(page);
    await page.goto(`${site.baseUrl}/blog`);
    await hydrated(page);
    expect(await resultCount(page)).toBe(12);
    expect(await cards(page).count()).toBe(10);

    // Pagination: real links, page 2 holds the rest.
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${site.baseUrl}/blog?page=2`);
    await expect.poll(() => cards(page).count()).toBe(2);
    await page.getByRole('link', { name: 'Page 1' }).click();
    await page.waitForURL(`${site.baseUrl}/blog`);

    // A category without published posts is no pill (it would lead to an empty list) unless it is open.
    const pills = page.getByRole('navigation', { name: 'Blog categories' });
    expect(await pills.getByRole('link', { name: EMPTY_CATEGORY }).count()).toBe(0);
    await page.goto(`${site.baseUrl}/blog?category=${EMPTY_CATEGORY_SLUG}`);
    await hydrated(page);
    expect(await pills.getByRole('link', { name: EMPTY_CATEGORY }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${site.baseUrl}/blog`);
    await hydrated(page);
    // On a phone the row scrolls sideways, and its edge fades while there is more of it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => pills.getAttribute('data-more')).toBe('');
    await pills.evaluate((element) => (element.scrollLeft = element.scrollWidth));
    await expect.poll(() => pills.getAttribute('data-more')).toBeNull();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Category pill.
    await page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: 'SEO' }).click();
    await page.waitForURL(`${site.baseUrl}/blog?category=seo`);
    await expect.poll(() => resultCount(page)).toBe(EXTRA_SEO_POSTS + 1);
    for (const badge of await page.locator('[data-blog-card] [data-category-badge]').allTextContents()) {
      expect(badge).toBe('SEO');
    }

    // Filters panel: the radios filter at once.
    await page.getByText('Filters', { exact: true }).click();
    await page.getByRole('radio', { name: 'All categories' }).check();
    await page.waitForURL(`${site.baseUrl}/blog`);
    await page.getByRole('radio', { name: /Long read/ }).check();
    await page.waitForURL(`${site.baseUrl}/blog?readTime=long`);
    await expect.poll(() => resultCount(page)).toBe(1);
    expect(await cards(page).first().textContent()).toContain(LONG_POST_TITLE);

    await page.getByRole('radio', { name: 'Any length' }).check();
    await page.getByRole('radio', { name: 'Past week' }).check();
    await page.waitForURL(`${site.baseUrl}/blog?dateRange=week`);
    // Only the posts written today (the seed and the long post are older).
    await expect.poll(() => resultCount(page)).toBe(EXTRA_SEO_POSTS);
    await page.getByRole('radio', { name: 'Any time' }).check();
    await page.waitForURL(`${site.baseUrl}/blog`);

    // Search, then a search with no result and Clear Filters.
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(SEARCH_WORD);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(`${site.baseUrl}/blog?search=${SEARCH_WORD}`);
    await expect.poll(() => resultCount(page)).toBe(EXTRA_SEO_POSTS);

    await page.getByRole('searchbox', { name: 'Search articles' }).fill('no-such-words-anywhere');
    await page.keyboard.press('Enter');
    await page.waitForURL(/search=no-such-words-anywhere/);
    await page.getByRole('heading', { name: 'No articles found' }).waitFor();
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await page.waitForURL(`${site.baseUrl}/blog`);
    await expect.poll(() => resultCount(page)).toBe(12);

    // Sort A-Z.
    await page.getByLabel('Sort by').selectOption('alphabetical');
    await page.waitForURL(`${site.baseUrl}/blog?sort=alphabetical`);
    const titles = () => page.locator('[data-blog-card] h2').allTextContents();
    await expect.poll(async () => (await titles())[0]).toMatch(/^Blockchain/);
    const sorted = await titles();
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));

    expect(await cspViolations()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('subscribes to the newsletter and shows the server message', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${site.baseUrl}/blog`);
    await hydrated(page);
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();

    await email.fill('reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Thanks for subscribing! Please check your inbox').waitFor();
    // Not confirmed yet (ADR 0046): signing up again answers 200 and asks again to check the inbox.
    await email.fill('reader@example.com');
    const again = page.waitForResponse((res) => res.url().endsWith('/api/newsletter/subscribe'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await again).status()).toBe(200);
    await page.getByText('Please check your inbox').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a visitor reading an article', () => {
  it('server-renders the article SEO: canonical, Open Graph and JSON-LD', async () => {
    const res = await fetch(`${site.baseUrl}/blog/core-web-vitals-checklist-2026`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const canonical = `${site.baseUrl}/blog/core-web-vitals-checklist-2026`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(`<meta property="og:image" content="${site.baseUrl}/demo/blog-1.svg"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<title>Core Web Vitals Checklist 2026 for Business Websites | ');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? '{}') as { '@type': string; headline?: string },
    );
    expect(blocks.map((b) => b['@type'])).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']));

    // By id it moves to the slug address.
    const byId = await fetch(`${site.baseUrl}/blog/1`, { redirect: 'manual' });
    expect(byId.status).toBe(301);
    expect(byId.headers.get('location')).toMatch(/^\/blog\/[a-z0-9-]+$/);
  });

  it('opens a post, likes it once, comments, copies the link and meets a missing post', async () => {
    const { context, page, errors } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
    const cspViolations = await watchCsp(page);

    await page.goto(`${site.baseUrl}/blog?category=web-dev`);
    await hydrated(page);
    const firstTitle = (await page.locator('[data-blog-card] h2').first().textContent()) ?? '';
    await page.locator('[data-blog-card] h2 a').first().click();
    await page.waitForURL(/\/blog\/[a-z0-9-]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(firstTitle);
    const url = page.url();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText(firstTitle).waitFor();
    await page.getByRole('heading', { name: 'Related Articles' }).waitFor();
    const related = await page.locator('[data-blog-card] h3').allTextContents();
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    expect(related).not.toContain(firstTitle);

    // Like: the count rises at once, persists on the server and the post stays liked.
    const like = page.locator('button[aria-pressed]');
    const before = Number(await page.locator('[data-like-count]').textContent());
    // The server's answer is awaited before the reload: a reload would cancel the request in flight.
    const liked = page.waitForResponse((r) => r.request().method() === 'POST' && /\/like$/.test(r.url()));
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Number(await page.locator('[data-like-count]').textContent())).toBe(before + 1);
    expect((await liked).status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(Number(await page.locator('[data-like-count]').textContent())).toBe(before + 1);
    // A liked post cannot be liked again: a second click sends nothing and the count stays. A like would
    // start its call and its render in the click's own task; two frames later both would be there.
    let likedAgain = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/like$/.test(request.url())) likedAgain = true;
    });
    await like.click();
    await page.evaluate(async () => {
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    });
    expect(likedAgain).toBe(false);
    expect(Number(await page.locator('[data-like-count]').textContent())).toBe(before + 1);

    // Comments: empty, a refused blank form, then a posted comment without its e-mail. A first comment
    // from an address waits for review (the moderation journey approves one): its author sees it marked
    // so, and nobody else sees it, not even the author after a reload.
    await partHydrated(page, '#comments');
    await page.locator('[data-comments-empty]').waitFor();
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText('Please fill in all fields').waitFor();
    await page.locator('#comments input[name="name"]').fill('Dana Reader');
    await page.locator('#comments input[name="email"]').fill('dana.reader@example.com');
    await page.locator('#comments textarea[name="message"]').fill('Useful checklist.\n<b>Not bold</b>');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByText(CommentModerationMessage.AWAITING_REVIEW).waitFor();
    const comment = page.locator('[data-comment]');
    await expect.poll(() => comment.count()).toBe(1);
    expect(await comment.textContent()).toContain('<b>Not bold</b>');
    await comment.locator('[data-awaiting-review]').waitFor();
    expect(await page.locator('[data-comment-count]').textContent()).toBe('0 comments');
    expect(await page.locator('body').textContent()).not.toContain('dana.reader@example.com');
    await page.reload();
    await hydrated(page);
    await page.locator('[data-comments-empty]').waitFor();
    expect(await page.content()).not.toContain('dana.reader@example.com');

    // Share: real links in a new tab; Copy link puts the address on the clipboard and says so.
    const twitter = page.getByRole('link', { name: 'Share on Twitter/X' });
    expect(await twitter.getAttribute('href')).toContain(encodeURIComponent(url));
    expect(await twitter.getAttribute('target')).toBe('_blank');
    expect(await twitter.getAttribute('rel')).toContain('noopener');
    for (const name of ['LinkedIn', 'Facebook', 'WhatsApp']) {
      expect(await page.getByRole('link', { name: `Share on ${name}` }).getAttribute('href')).toContain(
        encodeURIComponent(url),
      );
    }
    await partHydrated(page, '#article-end');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.locator('[data-toast="success"]').getByText('Link copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Related topics lead to the list filtered by that tag.
    await page.getByRole('region', { name: 'Related Topics' }).getByRole('link').first().click();
    await page.waitForURL(/\/blog\?tag=/);
    expect(await resultCount(page)).toBeGreaterThan(0);

    // A missing post: its own not-found state with a real 404.
    const missing = await page.goto(`${site.baseUrl}/blog/no-such-post`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Blog post not found' }).waitFor();
    await page.getByText('The requested blog post could not be found.').waitFor();
    await hydrated(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(`${site.baseUrl}/blog`);

    expect(await cspViolations()).toEqual([]);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await context.close();
  });

  it('shows 3 featured posts on the landing page', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${site.baseUrl}/#blog`);
    await hydrated(page);
    const section = page.locator('section#blog');
    await expect.poll(() => section.locator('[data-blog-card]').count()).toBe(3);
    for (const href of await section
      .locator('[data-blog-card] a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    }
    expect(await section.getByRole('link', { name: /View All Articles/ }).getAttribute('href')).toBe('/blog');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
