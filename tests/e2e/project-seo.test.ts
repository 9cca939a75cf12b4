import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { callApi, SHOTS, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';

/**
 * A project's search and share fields: staff fill the SEO group of the project form, and the public
 * project page's <title>, meta description, og:image and structured data follow them; emptied, the page
 * uses the title, the short description and the main image again. Screenshots of the SEO group at 1280
 * and 390 px (SHOTS_DIR).
 */

const journey = useAdminSite({ shots: true });
const SLUG = 'bloom-retail-online-store';
const TITLE = 'Bloom Retail Online Store';
const SEO = {
  title: 'Bloom Retail: an online store that doubled mobile sales',
  description: 'How a fashion retailer moved online in ten weeks, with a store built for phones first.',
  image: '/demo/project-2.svg',
};

/** The search and share parts of the public page's HTML, as the server renders it. */
async function publicHead() {
  const res = await fetch(`${journey.site.baseUrl}/portfolio/${SLUG}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const creativeWork = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1] as string) as Record<string, unknown>)
    .find((item) => item['@type'] === 'CreativeWork');
  return {
    title: /<title>(.*?)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    ogTitle: /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1],
    ogImage: /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1],
    creativeWork,
  };
}

async function projectId(): Promise<number> {
  const res = await callApi(journey.site.baseUrl, `/api/portfolio/projects/${SLUG}`);
  expect(res.status).toBe(200);
  return (res.json().data.project as { id: number }).id;
}

async function openForm(page: Page, id: number) {
  await page.goto(`${journey.site.baseUrl}/admin/portfolio/${id}/edit`);
  await hydrated(page);
  await page.locator('form[aria-label="Edit project"]').waitFor();
  return page.getByRole('group', { name: 'SEO' });
}

async function saveForm(page: Page) {
  await page.getByRole('button', { name: 'Update Project' }).click();
  await page.waitForURL(`${journey.site.baseUrl}/admin/portfolio`);
}

describe('a project’s SEO fields', () => {
  it('lead the public page’s title, description and share image, which fall back when emptied', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const id = await projectId();
    const before = await publicHead();
    expect(before.title).toMatch(new RegExp(`^${TITLE} \\| `));
    expect(before.description).toMatch(/^A fast, mobile-first online store/);
    expect(before.ogImage).toBe(`${journey.site.baseUrl}/demo/project-1.svg`);

    await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    let seo = await openForm(page, id);
    await seo.getByText('Empty fields use the project title').waitFor();
    // The empty fields show what is used instead.
    expect(await seo.getByLabel('SEO title').getAttribute('placeholder')).toBe(TITLE);
    await seo.getByLabel('SEO title').fill(`  ${SEO.title} `);
    await seo.getByLabel('SEO description').fill(SEO.description);
    await seo.getByLabel('Share image URL').fill(SEO.image);
    await saveForm(page);

    const after = await publicHead();
    expect(after.title).toMatch(new RegExp(`^${SEO.title} \\| `));
    expect(after.ogTitle).toBe(SEO.title);
    expect(after.description).toBe(SEO.description);
    expect(after.ogImage).toBe(`${journey.site.baseUrl}${SEO.image}`);
    expect(after.creativeWork).toMatchObject({
      name: TITLE,
      description: SEO.description,
      image: `${journey.site.baseUrl}${SEO.image}`,
    });

    // Back in the form the saved values are there; emptied, the page uses the project's own again.
    seo = await openForm(page, id);
    expect(await seo.getByLabel('SEO title').inputValue()).toBe(SEO.title);
    await seo.getByLabel('SEO title').fill('');
    await seo.getByLabel('SEO description').fill(' ');
    await seo.getByLabel('Share image URL').fill('');
    await saveForm(page);
    const emptied = await publicHead();
    expect(emptied.title).toBe(before.title);
    expect(emptied.description).toBe(before.description);
    expect(emptied.ogImage).toBe(before.ogImage);
    expect(emptied.creativeWork).toMatchObject({ image: before.ogImage });

    // A script address is refused on the form, on the Details tab, naming the field.
    seo = await openForm(page, id);
    await seo.getByLabel('Share image URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Update Project' }).click();
    await expect.poll(() => seo.getByLabel('Share image URL').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain(`/admin/portfolio/${id}/edit`);

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 90_000);

  for (const width of [1280, 390]) {
    it(`shows the SEO group at ${width} px without sideways scrolling`, async () => {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 800 });
      await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
      const seo = await openForm(page, await projectId());
      // The group is the last of the Details tab: at the end of the page, above the sticky Save bar.
      const atEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await atEnd();
      await page.screenshot({ path: `${SHOTS}/project-seo-empty-${width}.png` });
      await seo.getByLabel('SEO title').fill(SEO.title);
      await seo.getByLabel('SEO description').fill(SEO.description);
      await seo.getByLabel('Share image URL').fill(SEO.image);
      await seo.locator('img').first().waitFor();
      await atEnd();
      await page.screenshot({ path: `${SHOTS}/project-seo-filled-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
