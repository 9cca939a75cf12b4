import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';
import {
  callApi,
  confirmDialog,
  editorAndViewer,
  SHOTS,
  tokenOf as apiToken,
  useAdminSite,
} from './support/admin-site';

const { EDITOR, VIEWER } = editorAndViewer('portfolio');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true });
const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(journey.site.baseUrl, path, init);
const tokenOf = (username: string, password: string) => apiToken(journey.site.baseUrl, username, password);

/** A PNG of noise: large enough (about 1 MB) for the upload to take a moment under throttling. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } },
  })
    .png()
    .toBuffer();
}

const inMain = (page: Page, text: string) => page.locator('main').getByText(text, { exact: true });
const rowOf = (page: Page, slug: string) => page.locator(`[data-project="${slug}"]:visible`);

describe('admin portfolio', () => {
  it('an editor creates a project with a main image and a gallery, deletes an image, publishes and features it', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Portfolio' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/portfolio`);
    await page.locator('[data-pagination-summary]').waitFor();
    expect(await page.locator('[data-pagination-summary]').textContent()).toMatch(
      /^Page 1 of \d+ \(\d+ total projects\)$/,
    );
    // Technologies: two, cut at 8 characters, then +N.
    const firstRow = page.locator('tbody tr').first();
    const chips = await firstRow.locator('td ul li').allTextContents();
    expect(chips.length).toBeGreaterThan(0);
    // A cut name ends in an ellipsis after its 8 characters.
    expect(chips.slice(0, 2).every((chip) => chip.replace(/…$/, '').length <= 8)).toBe(true);

    // The form checks in the documented order.
    await page.getByRole('link', { name: 'New Project' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/portfolio/new`);
    const form = page.locator('form[aria-label="New project"]');
    await form.waitFor();
    expect(await form.locator('select[name="industry"]').inputValue()).toBe('Technology');
    expect(await form.locator('select[name="industry"] option').count()).toBe(10);
    await page.getByRole('button', { name: 'Create Project' }).click();
    await inMain(page, 'Please enter a project title').first().waitFor();
    const title = `Journey Project ${Date.now()}`;
    await form.locator('input[name="title"]').fill(title);
    await page.getByRole('button', { name: 'Create Project' }).click();
    await inMain(page, 'Please enter project description').first().waitFor();
    await form.locator('textarea[name="short_description"]').fill('A project made by the admin journey.');
    await form.locator('input[name="client"]').fill('Journey Client Ltd');
    await form.locator('textarea[name="results"]').fill('Every step worked.');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await inMain(page, 'Please select at least one technology before submitting').first().waitFor();
    // Quick-add: duplicates are ignored.
    await form.getByRole('button', { name: 'React', exact: true }).click();
    await form.getByRole('button', { name: 'Node.js', exact: true }).click();
    await form.getByRole('button', { name: 'React', exact: true }).click();
    expect(await form.locator('input[name="technologies"]').inputValue()).toBe('React, Node.js');
    await form.getByRole('button', { name: 'Show all 32 suggestions' }).click();
    await form.getByRole('button', { name: 'Kubernetes', exact: true }).click();
    expect(await form.locator('input[name="technologies"]').inputValue()).toBe('React, Node.js, Kubernetes');
    await form.locator('select[name="status"]').selectOption('done');
    await form.locator('input[name="completion_date"]').fill('2025-03-14');
    await form.locator('input[name="live_url"]').fill('https://example.com/live');
    await form.locator('input[name="published"]').uncheck();

    // Media: the main image, then three gallery images with a progress bar each.
    await page.getByRole('tab', { name: /Media/ }).click();
    const main = form.locator('[data-main-image]');
    await main
      .locator('input[type="file"]')
      .setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: await noisyPng(400, 250) });
    await main.getByRole('button', { name: 'Upload image' }).click();
    await inMain(page, 'File uploaded successfully!').waitFor();
    const mainSrc = await main.locator('img').getAttribute('src');
    expect(mainSrc).toMatch(/^\/uploads\/files\/[0-9a-f]{32}\.png$/);
    expect(await main.locator('input[type="file"]').count()).toBe(0);

    const gallery = form.locator('[data-gallery]');
    expect(await gallery.locator('[data-gallery-count]').textContent()).toBe('0/10');
    const files = await Promise.all(
      ['one', 'two', 'three'].map(async (name) => ({
        name: `${name}.png`,
        mimeType: 'image/png',
        buffer: await noisyPng(700, 450),
      })),
    );
    await gallery.locator('[data-gallery-input]').setInputFiles(files);
    await gallery.locator('[data-pending-image]').nth(2).waitFor();
    expect(await gallery.locator('[data-pending-image] img').count()).toBe(3);
    expect(await gallery.locator('[data-pending-image]').first().textContent()).toMatch(/one\.png\s*\(\d+\.\d\d MB\)/);
    await gallery.getByLabel('Title of one.png').fill('The first screen');

    // Slow the upload down so that each file's progress can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { __progress: typeof seen }).__progress = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[data-pending-image] [role="progressbar"]')) {
          const label = bar.getAttribute('aria-label') ?? '';
          (seen[label] ??= []).push(Number(bar.getAttribute('aria-valuenow')));
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await gallery.getByRole('button', { name: 'Upload 3 images' }).click();
    await gallery.getByRole('progressbar', { name: 'Uploading one.png' }).waitFor();
    await inMain(page, 'Successfully uploaded 3 gallery images').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = await page.evaluate(
      () => (window as unknown as { __progress: Record<string, number[]> }).__progress,
    );
    expect(Object.keys(progress).sort()).toEqual(['Uploading one.png', 'Uploading three.png', 'Uploading two.png']);
    // Between the start and the end, the bar moved (it is not just 0 then gone).
    expect(Object.values(progress).some((values) => values.some((v) => v > 0 && v < 100))).toBe(true);
    await expect.poll(() => gallery.locator('[data-gallery-count]').textContent()).toBe('3/10');
    expect(await gallery.getByRole('meter').getAttribute('data-tone')).toBe('green');
    const galleryUrls = await gallery
      .locator('[data-gallery-image]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-gallery-image')));
    expect(galleryUrls).toHaveLength(3);
    expect(await gallery.getByLabel('Title of gallery image 1').inputValue()).toBe('The first screen');

    // Delete the second gallery image: confirmation, then the file is gone.
    await gallery.getByRole('button', { name: 'Delete gallery image 2' }).click();
    await confirmDialog(page, 'Are you sure you want to delete this image? This action cannot be undone.', 'Delete');
    await inMain(page, 'Image deleted successfully and removed from all project references').first().waitFor();
    await expect.poll(() => gallery.locator('[data-gallery-count]').textContent()).toBe('2/10');
    expect((await api(galleryUrls[1]!)).status).toBe(404);

    // Testimonials, with a keyboard-driven rating.
    await page.getByRole('tab', { name: /Testimonials/ }).click();
    await form.getByText('No testimonials added yet. Click "Add Testimonial" to get started.').waitFor();
    await form.getByRole('button', { name: 'Add Testimonial' }).click();
    await form.locator('input[name="testimonials.0.name"]').fill('Grace Client');
    await form.locator('input[name="testimonials.0.company"]').fill('Journey Client Ltd');
    await form.locator('textarea[name="testimonials.0.text"]').fill('They delivered on time.');
    expect(await form.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await form.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await form.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);

    // Preview, then back to the form.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.locator('[data-project-preview]');
    await preview.waitFor();
    expect(await preview.getByRole('heading', { level: 2, name: title }).count()).toBe(1);
    expect(await preview.getByText('Journey Client Ltd').first().isVisible()).toBe(true);
    expect(await preview.getByText('Every step worked.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await form.waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await confirmDialog(page, 'changes that are not saved', 'Keep Editing');
    expect(page.url()).toBe(`${journey.site.baseUrl}/admin/portfolio/new`);

    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/portfolio`);
    await inMain(page, 'Project created successfully').waitFor();

    const token = await tokenOf(EDITOR.username, EDITOR.password);
    const list = await api(`/api/portfolio/projects?search=${encodeURIComponent(title)}&published=`, { token });
    const [created] = list.json().data.projects as Array<{ id: number; slug: string }>;
    expect(created).toBeDefined();
    const stored = (await api(`/api/portfolio/projects/${created!.id}`, { token })).json().data.project;
    expect(stored).toMatchObject({
      title,
      client: 'Journey Client Ltd',
      status: 'done',
      completion_date: '2025-03-14',
      technologies: ['React', 'Node.js', 'Kubernetes'],
      image_url: mainSrc,
      published: false,
      gallery: [
        { url: galleryUrls[0], title: 'The first screen' },
        { url: galleryUrls[2], title: null },
      ],
      testimonials: [{ name: 'Grace Client', company: 'Journey Client Ltd', rating: 4 }],
    });
    expect((await api(`/api/portfolio/projects/${created!.slug}`)).status).toBe(404);

    // Publish through the form.
    await page.getByLabel('Search projects').fill(title);
    await page.waitForURL(/search=Journey/);
    await rowOf(page, created!.slug)
      .getByRole('link', { name: `Edit “${title}”` })
      .click();
    const editForm = page.locator('form[aria-label="Edit project"]');
    await editForm.waitFor();
    expect(await editForm.locator('input[name="title"]').inputValue()).toBe(title);
    await editForm.locator('input[name="published"]').check();
    await page.getByRole('button', { name: 'Update Project' }).click();
    await page.waitForURL(/\/admin\/portfolio\?search=/);
    await inMain(page, 'Project updated successfully').waitFor();

    // Feature it with the bulk bar.
    await rowOf(page, created!.slug).getByRole('checkbox').check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByText('1 selected').waitFor();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Feature' }).click();
    await inMain(page, '1 project featured successfully').waitFor();
    // The message comes first; the list reloads behind it.
    await expect.poll(() => rowOf(page, created!.slug).textContent()).toContain('Featured');

    // Visitors see it: the project page, the portfolio list and the landing page.
    expect((await api(`/api/portfolio/projects/${created!.slug}`)).status).toBe(200);
    expect((await api('/portfolio')).text).toContain(title);
    expect((await api(`/portfolio/${created!.slug}`)).text).toContain(title);
    expect((await api('/')).text).toContain(title);

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 180_000);

  it('deletes one project and several with the documented confirmations', async () => {
    const token = await tokenOf(EDITOR.username, EDITOR.password);
    const slugs: string[] = [];
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const made = await api('/api/portfolio/projects', {
        method: 'POST',
        token,
        body: {
          title: `Disposable ${n} ${Date.now()}`,
          short_description: 'To be deleted.',
          client: 'Nobody',
          results: 'None',
          technologies: ['Docker'],
          // The demo projects' spelling of the form's documented "E-commerce".
          ...(n === 1 ? { industry: 'E-Commerce' } : {}),
        },
      });
      expect(made.status).toBe(201);
      const made1 = made.json().data.project as { slug: string; id: number };
      slugs.push(made1.slug);
      ids.push(made1.id);
    }
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);

    // Its editor selects the documented option, and offers it once.
    await page.goto(`${journey.site.baseUrl}/admin/portfolio/${ids[0]}/edit`);
    await hydrated(page);
    const industry = page.locator('select[name="industry"]');
    await industry.waitFor();
    expect(await industry.inputValue()).toBe('E-commerce');
    const options = await industry.locator('option').allTextContents();
    expect(options.filter((name) => name.toLowerCase() === 'e-commerce')).toEqual(['E-commerce']);

    await page.goto(`${journey.site.baseUrl}/admin/portfolio?search=Disposable`);
    await hydrated(page);
    await rowOf(page, slugs[0]!).waitFor();

    await rowOf(page, slugs[0]!)
      .getByRole('button', { name: /^Delete / })
      .click();
    // One project: "Its ...", in the singular.
    await page
      .getByRole('dialog')
      .getByText('Its technologies, gallery, team, testimonials and likes are deleted')
      .waitFor();
    await confirmDialog(page, 'Are you sure you want to delete this project?', 'Delete');
    await inMain(page, 'Project deleted successfully').waitFor();
    await rowOf(page, slugs[0]!).waitFor({ state: 'detached' });

    await page.getByRole('checkbox', { name: 'Select all projects on this page' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Their technologies, gallery, team').waitFor();
    await confirmDialog(page, 'Are you sure you want to delete 2 projects?', 'Delete');
    await inMain(page, '2 projects deleted successfully').waitFor();
    await page.getByText('No projects found').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it('a viewer sees the projects without any write control', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, journey.site.baseUrl, VIEWER.username, VIEWER.password);
    await page.goto(`${journey.site.baseUrl}/admin/portfolio`);
    await hydrated(page);
    await page.locator('[data-pagination-summary]').waitFor();
    await page.locator('[data-read-only]').waitFor();
    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'New Project' }).count()).toBe(0);
    expect(await main.getByRole('checkbox').count()).toBe(0);
    expect(await main.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await main.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await page.goto(`${journey.site.baseUrl}/admin/portfolio/new`);
    await hydrated(page);
    await main.getByText('You cannot change projects').waitFor();
    expect(await main.locator('form').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('the admin portfolio tab at phone and desktop widths', () => {
  for (const width of [390, 1280]) {
    it(`renders the list and the Media tab at ${width} px`, async () => {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 800 });
      const fits = async () =>
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);

      await page.goto(`${journey.site.baseUrl}/admin/portfolio`);
      await hydrated(page);
      await page.locator('[data-pagination-summary]').waitFor();
      await page.locator('[data-project]:visible').first().getByRole('checkbox').check();
      await page.screenshot({ path: `${SHOTS}/admin-portfolio-list-${width}.png`, fullPage: true });
      await fits();
      if (width >= 768) {
        const table = page.locator('table');
        expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(true);
      }

      // A seeded project's Media tab (its demo images) with two images waiting to upload.
      await page
        .locator('[data-project]:visible')
        .first()
        .getByRole('link', { name: /^Edit / })
        .click();
      const form = page.locator('form[aria-label="Edit project"]');
      await form.waitFor();
      await page.getByRole('tab', { name: /Media/ }).click();
      await form.locator('[data-gallery-input]').setInputFiles(
        await Promise.all(
          ['wide', 'tall'].map(async (name) => ({
            name: `${name}-screenshot.png`,
            mimeType: 'image/png',
            buffer: await noisyPng(name === 'wide' ? 320 : 180, name === 'wide' ? 180 : 320),
          })),
        ),
      );
      await form.locator('[data-pending-image]').nth(1).waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-portfolio-media-${width}.png`, fullPage: true });
      await fits();
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
