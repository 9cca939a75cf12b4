import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, hydrated, unexpectedErrors, watchCsp } from './support/admin';
import { quoteFormHref } from '../../src/shared/contracts/quote-links.values';
import { callApi, tokenOf, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';

/**
 * A visitor browses the portfolio: filters by industry and technology, pages through the list, opens a
 * project, runs the gallery slideshow and the full-screen viewer with the keyboard, and meets a missing
 * project. The demo seed has 12 projects, 11 of them published (page size 6: two pages). The last
 * journey adds projects through the admin API so that the list has more than 10 pages.
 */

const PUBLISHED = 11;
const PAGE_SIZE = 6;
const PROJECT_SLUG = 'bloom-retail-online-store';
const PROJECT_TITLE = 'Bloom Retail Online Store';

const journey = useAdminSite();

const cards = (page: Page) => page.locator('[data-project-card]');
const summary = (page: Page) => page.locator('[data-result-summary]').textContent();
const galleryCounter = (page: Page) => page.locator('[data-gallery-counter] > span').first().textContent();
const modalCounter = async (page: Page) =>
  ((await page.locator('[data-modal-counter]').textContent()) ?? '').split(' · ')[0];
/**
 * The gallery's counter once what the clock's timers set off has rendered: React renders on a message-channel
 * task, which the page's clock does not hold back, so two such round trips come after it.
 */
async function settledCounter(page: Page): Promise<string | null> {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(undefined);
        }),
    );
  }
  return galleryCounter(page);
}

describe('a visitor on the portfolio list', () => {
  it('gets server-rendered, canonical addresses', async () => {
    const res = await fetch(`${journey.site.baseUrl}/portfolio`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Our Portfolio</h1>');
    expect(html).toContain(`<link rel="canonical" href="${journey.site.baseUrl}/portfolio"/>`);
    expect(html).toMatch(/<form role="search"[^>]*action="\/portfolio" method="get"/);
    expect(html).toContain('href="/portfolio?page=2"');
    expect(html).toContain(`${PUBLISHED} projects found`);
    // The first card's image is in the HTML and fetched with high priority; the rest wait to be seen.
    expect(html.match(/<img[^>]*fetchpriority="high"/gi)).toHaveLength(1);

    // A GET form sent without JavaScript carries defaults and blanks: one address per view.
    const messy = await fetch(`${journey.site.baseUrl}/portfolio?industry=all&technology=&search=&sort=newest&page=1`, {
      redirect: 'manual',
    });
    expect(messy.status).toBe(301);
    expect(messy.headers.get('location')).toBe('/portfolio');
    const past = await fetch(`${journey.site.baseUrl}/portfolio?page=9`, { redirect: 'manual' });
    expect(past.headers.get('location')).toBe('/portfolio?page=2');
  });

  it('filters by industry and technology, removes chips, pages and sorts', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const cspViolations = await watchCsp(page);
    await page.goto(`${journey.site.baseUrl}/portfolio`);
    await hydrated(page);
    expect(await summary(page)).toBe(`${PUBLISHED} projects found`);
    expect(await cards(page).count()).toBe(PAGE_SIZE);

    // Pagination: page 2 holds the rest.
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?page=2`);
    await expect.poll(() => cards(page).count()).toBe(PUBLISHED - PAGE_SIZE);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: 'Page 1' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio`);
    await expect.poll(() => cards(page).count()).toBe(PAGE_SIZE);

    // Filters panel: the selects filter at once; chips and the count badge follow the address.
    await page.getByText('Filters', { exact: true }).click();
    await page.getByLabel('Industry').selectOption('Finance');
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?industry=Finance`);
    await expect.poll(() => summary(page)).toBe('2 projects found in Finance');
    await expect.poll(() => page.locator('[data-filter-count]').textContent()).toBe('1 active');
    await page.getByRole('link', { name: 'Remove Industry: Finance' }).waitFor();

    await page.getByLabel('Technology').selectOption('React');
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?industry=Finance&technology=React`);
    await expect.poll(() => summary(page)).toBe('1 project found in Finance using React');
    expect(await page.locator('[data-active-filter-count]').textContent()).toBe('2');
    expect(await page.locator('[data-filter-count]').textContent()).toBe('2 active');
    expect(await cards(page).first().textContent()).toContain('PaySecure Merchant Dashboard');
    expect(await cards(page).first().textContent()).toContain('In Progress');

    await page.getByRole('link', { name: 'Remove Industry: Finance' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?technology=React`);
    await expect.poll(() => summary(page)).toMatch(/^\d+ projects found using React$/);

    // Search, nothing found, Clear Filters.
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('no-such-project-anywhere');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?technology=React&search=no-such-project-anywhere`);
    await page.getByRole('heading', { name: 'No Projects Found' }).waitFor();
    await page.getByRole('link', { name: 'Clear Filters' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio`);
    await expect.poll(() => summary(page)).toBe(`${PUBLISHED} projects found`);

    // A filter change goes back to page 1; A-Z sorts by title.
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?page=2`);
    await page.getByLabel('Sort by').selectOption('title');
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?sort=title`);
    const titles = () => page.locator('[data-project-card] h2').allTextContents();
    await expect.poll(async () => (await titles())[0]).toBe(PROJECT_TITLE);
    const sorted = await titles();
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));

    expect(await cspViolations()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows up to 6 featured projects on the landing page', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await page.goto(`${journey.site.baseUrl}/#portfolio`);
    await hydrated(page);
    const section = page.locator('#portfolio');
    expect(await section.locator('[data-project-card]').count()).toBe(6);
    expect(await section.getByText(/^\+\d+ more$/).count()).toBeGreaterThan(0);
    await section.getByRole('link', { name: 'View All Projects' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio`);
    await page.getByRole('heading', { name: 'Our Portfolio', level: 1 }).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a visitor on a project page', () => {
  it('has its title, description, canonical, social image and structured data in the HTML', async () => {
    const res = await fetch(`${journey.site.baseUrl}/portfolio/${PROJECT_SLUG}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<title>${PROJECT_TITLE} \\| [^<]+</title>`));
    expect(html).toMatch(/<meta name="description" content="A fast, mobile-first online store/);
    expect(html).toContain(`<link rel="canonical" href="${journey.site.baseUrl}/portfolio/${PROJECT_SLUG}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${journey.site.baseUrl}/demo/project-1.svg"/>`);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] as string) as { '@type': string },
    );
    expect(jsonLd.map((item) => item['@type'])).toEqual(['CreativeWork', 'BreadcrumbList']);

    // Reached by its id, the project redirects to its slug.
    const byId = await fetch(`${journey.site.baseUrl}/portfolio/1`, { redirect: 'manual' });
    expect(byId.status).toBe(301);
    expect(byId.headers.get('location')).toBe(`/portfolio/${PROJECT_SLUG}`);
  });

  it('opens a project, runs the slideshow and the full-screen viewer with the keyboard', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const cspViolations = await watchCsp(page);
    // The page's clock runs at real pace until the slideshow below moves it on by hand.
    await page.clock.install();
    await page.goto(`${journey.site.baseUrl}/portfolio?sort=title`);
    await hydrated(page);
    await page.getByRole('link', { name: `View Details: ${PROJECT_TITLE}` }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio/${PROJECT_SLUG}`);
    await page.getByRole('heading', { name: PROJECT_TITLE, level: 1 }).waitFor();
    for (const heading of [
      'Project Overview',
      'Technical Specifications',
      'Results & Impact',
      'Technologies Used',
      'Team Members',
      'Testimonials',
      'Quick Summary',
      'Take Action',
    ]) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    // Likes are optimistic and remembered in this browser; a liked project cannot be liked again.
    await page.getByRole('button', { name: '96 Like this project' }).click();
    await page.getByRole('button', { name: '97 Liked, including you' }).waitFor();
    expect(await page.getByRole('button', { name: '97 Liked, including you' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      quoteFormHref({ subject: `Project like ${PROJECT_TITLE}` }),
    );
    const caseStudy = page.getByRole('link', { name: 'Read Case Study' });
    expect(await caseStudy.getAttribute('target')).toBe('_blank');
    expect(await caseStudy.getAttribute('rel')).toContain('noopener');

    // Previous from the first image goes to the last.
    const gallery = page.locator('[data-project-gallery]');
    await expect.poll(() => galleryCounter(page)).toBe('Image 1 of 3');
    await gallery.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => galleryCounter(page)).toBe('Image 2 of 3');
    await gallery.getByRole('button', { name: 'Previous image' }).click();
    await gallery.getByRole('button', { name: 'Previous image' }).click();
    await expect.poll(() => galleryCounter(page)).toBe('Image 3 of 3');
    await gallery.getByRole('button', { name: 'Show image 1: Home page with seasonal collection' }).click();
    await expect.poll(() => galleryCounter(page)).toBe('Image 1 of 3');

    // The slideshow is off until played, then advances every 5 seconds: the page's clock is moved on.
    const play = gallery.getByRole('button', { name: 'Play Slideshow' });
    expect(await play.getAttribute('aria-pressed')).toBe('false');
    await page.clock.runFor(5_500);
    expect(await settledCounter(page)).toBe('Image 1 of 3');
    await play.click();
    const pause = gallery.getByRole('button', { name: 'Pause Slideshow' });
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await page.clock.runFor(5_000);
    await expect.poll(() => galleryCounter(page)).toBe('Image 2 of 3');
    await pause.click();
    await page.clock.runFor(5_500);
    expect(await settledCounter(page)).toBe('Image 2 of 3');

    // The full-screen viewer: arrows change the image, Esc closes it and focus returns to the opener.
    const opener = gallery.getByRole('button', { name: /in the full-screen viewer/ });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Close full-screen viewer',
    );
    await expect.poll(() => modalCounter(page)).toBe('Image 2 of 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => modalCounter(page)).toBe('Image 3 of 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => modalCounter(page)).toBe('Image 1 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => modalCounter(page)).toBe('Image 3 of 3');
    await dialog.getByRole('button', { name: 'Show image 2: Order management dashboard' }).click();
    await expect.poll(() => modalCounter(page)).toBe('Image 2 of 3');
    // Focus stays inside while it is open.
    for (let i = 0; i < 8; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Open image 2 of 3 in the full-screen viewer',
    );
    await expect.poll(() => galleryCounter(page)).toBe('Image 2 of 3');

    // Related projects lead to another project (client navigation).
    await page.getByRole('heading', { name: 'Projects You May Need' }).waitFor();
    await page.getByRole('link', { name: 'View All Projects' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio`);

    expect(await cspViolations()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('answers an unknown project with 404 and the Project Not Found screen', async () => {
    const res = await fetch(`${journey.site.baseUrl}/portfolio/no-such-project`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<meta name="robots" content="noindex"/>');

    const { context, page, errors } = await newPage(journey.browser);
    const cspViolations = await watchCsp(page);
    const response = await page.goto(`${journey.site.baseUrl}/portfolio/no-such-project`);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Project Not Found' }).waitFor();
    await page.getByText("The project you're looking for doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Back to Portfolio' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio`);
    expect(await cspViolations()).toEqual([]);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await context.close();
  });
});

describe('a long portfolio', () => {
  it('offers the go-to-page box above 10 pages and reloads on a portfolio data-update', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await page.goto(`${journey.site.baseUrl}/portfolio`);
    await hydrated(page);
    expect(await page.getByLabel('Go to page').count()).toBe(0);

    // Staff add 55 projects (66 published: 11 pages) while the visitor has the list open.
    const login = await fetch(`${journey.site.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    for (let n = 1; n <= 55; n += 1) {
      const res = await fetch(`${journey.site.baseUrl}/api/portfolio/projects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title: `Journey Project ${n}`,
          short_description: `Journey project number ${n}.`,
          client: 'Journey Client',
          results: 'It worked.',
          technologies: ['Docker'],
          industry: 'Manufacturing',
          published: true,
        }),
      });
      expect(res.status).toBe(201);
    }

    // The admin's save would announce it; the open list reloads without a navigation.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('data-update', { detail: { type: 'portfolio' } })));
    await expect.poll(() => summary(page)).toBe(`${PUBLISHED + 55} projects found`);
    expect(page.url()).toBe(`${journey.site.baseUrl}/portfolio`);

    const goTo = page.getByLabel('Go to page');
    for (const bad of ['0', '12', '2.5']) {
      await goTo.fill(bad);
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      await page.getByText('Enter a whole number from 1 to 11.').waitFor();
      expect(page.url()).toBe(`${journey.site.baseUrl}/portfolio`);
    }
    await goTo.fill('9');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForURL(`${journey.site.baseUrl}/portfolio?page=9`);
    await expect.poll(() => page.getByRole('link', { name: 'Page 9' }).getAttribute('aria-current')).toBe('page');
    // Window of 5 around page 9, plus the first page and a gap; 11 is the last.
    const labels = await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link').allTextContents();
    expect(labels.filter((l) => /^\d+$/.test(l))).toEqual(['1', '7', '8', '9', '10', '11']);

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a visitor on a 390 px phone', () => {
  /** A word with no place to break, as a pasted address or a product code would be. */
  const LONG_WORD = `Supercalifragilistic${'x'.repeat(80)}`;
  const phoneWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it('never scrolls sideways at 320 or 390 px for a long word in a project or a post', async () => {
    expect(LONG_WORD).toHaveLength(100);
    const token = await tokenOf(journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    const project = await callApi(journey.site.baseUrl, '/api/portfolio/projects', {
      method: 'POST',
      token,
      body: {
        title: `Long ${LONG_WORD}`,
        short_description: `See ${LONG_WORD} for it.`,
        description: `The overview quotes ${LONG_WORD} in full.`,
        client: LONG_WORD,
        results: `It worked: ${LONG_WORD}.`,
        technologies: ['Docker'],
        industry: 'Sustainable Manufacturing and Logistics',
        completion_date: '2025-11-12',
        published: true,
      },
    });
    expect(project.status).toBe(201);
    const projectSlug = (project.json().data.project as { slug: string }).slug;

    // A post in the category and with the image of a published one (both are required).
    const [model] = (await callApi(journey.site.baseUrl, '/api/blog/posts?limit=1')).json().data.posts as Array<{
      image_url: string;
      category: { id: number };
    }>;
    const post = await callApi(journey.site.baseUrl, '/api/blog/posts', {
      method: 'POST',
      token,
      body: {
        title: `Long ${LONG_WORD}`,
        excerpt: `See ${LONG_WORD} for it.`,
        content: `<p>The article quotes ${LONG_WORD} in full.</p>`,
        author: LONG_WORD,
        category_id: model!.category.id,
        image_url: model!.image_url,
        published: true,
      },
    });
    expect(post.status).toBe(201);
    const postSlug = (post.json().data.post as { slug: string }).slug;

    for (const width of [320, 390]) {
      const { context, page, errors } = await newPage(journey.browser, { width, height: 844 });
      for (const path of ['/portfolio', `/portfolio/${projectSlug}`, '/blog', `/blog/${postSlug}`]) {
        await page.goto(`${journey.site.baseUrl}${path}`);
        await hydrated(page);
        await page.getByText(LONG_WORD.slice(0, 20)).first().waitFor();
        expect(await phoneWidth(page), `${path} at ${width} px`).toBeLessThanOrEqual(width);
      }
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    }
  });

  it('keeps the pagination arrows on the row of the page numbers', async () => {
    const { context, page, errors } = await newPage(journey.browser, { width: 390, height: 844 });
    // 67 projects by now (the long portfolio above): page 6 of 12 has gaps on both sides.
    await page.goto(`${journey.site.baseUrl}/portfolio?page=6`);
    await hydrated(page);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.scrollIntoViewIfNeeded();
    const labels = await pager
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
    expect(labels).toEqual(['Previous page', 'Page 1', 'Page 5', 'Page 6', 'Page 7', 'Page 12', 'Next page']);
    const rows = new Set(
      await pager
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top))),
    );
    expect(rows.size).toBe(1);
    expect(await phoneWidth(page)).toBeLessThanOrEqual(390);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
