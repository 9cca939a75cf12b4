import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UploadComponentMessage, UploadMessage } from '../../src/shared/contracts/uploads.values';
import { ADMIN_PASSWORD, signIn, unexpectedErrors } from './support/admin';
import { callApi, confirmDialog, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';
import { scrollWidth, wcagViolations } from './support/screenshots';

/**
 * Staff use the Media tab: an editor drops two images (each with its progress bar), finds one by search,
 * describes it, deletes it, and is warned when deleting the other, which a testimonial shows; a viewer
 * browses but cannot delete.
 */

const { EDITOR, VIEWER } = editorAndViewer('media');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true });
const base = () => journey.site.baseUrl;

/** A noisy PNG of about 1.5 MB: large enough for the upload to report progress on its way. */
async function noisyPng(seed: number): Promise<Buffer> {
  const width = 700;
  const height = 700;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const card = (page: Page, name: string) => page.locator(`[data-media="${name}"]`);

async function openTab(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click();
  await page.waitForURL(`${base()}/admin/media`);
  await page.getByRole('heading', { name: 'Media Library' }).waitFor();
}

describe('the Media tab', () => {
  it('an editor uploads two images with progress, finds, describes and deletes one, and is warned about a used one', async () => {
    const { page, context, errors } = await newPage(journey.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await openTab(page);
    await page.getByText('No files uploaded yet.').waitFor();

    // Every value each progress bar takes on its way, watched in the page.
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const name = bar.getAttribute('aria-label') ?? '';
          const value = Number(bar.getAttribute('aria-valuenow'));
          const list = (seen[name] ??= []);
          if (list.at(-1) !== value) list.push(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    // The browser's own checks first: not an image.
    await page.locator('[data-media-input]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Invalid file type(s): notes.txt').waitFor();

    // Named and declared a PNG, but not one: the server refuses it (415) and its row fails. The new selection
    // took the banner of the last one away.
    await page.locator('[data-media-input]').setInputFiles({
      name: 'not-a-picture.png',
      mimeType: 'image/png',
      buffer: Buffer.from('hello'),
    });
    await page.locator('[data-upload="not-a-picture.png"][data-state="failed"]').waitFor();
    expect(await page.getByText('Invalid file type(s): notes.txt').count()).toBe(0);

    await page.locator('[data-media-input]').setInputFiles([
      { name: 'harbour-sunrise.png', mimeType: 'image/png', buffer: await noisyPng(1) },
      { name: 'team-offsite.png', mimeType: 'image/png', buffer: await noisyPng(2) },
    ]);
    for (const name of ['harbour-sunrise.png', 'team-offsite.png']) {
      await page.locator(`[data-upload="${name}"][data-state="done"]`).waitFor();
      expect(await page.getByRole('progressbar', { name: `Uploading ${name}` }).getAttribute('aria-valuenow')).toBe(
        '100',
      );
      await card(page, name).waitFor();
    }
    await page.locator('[data-toast="success"]').getByText('Successfully uploaded 2 files').waitFor();
    // The failed row of the earlier selection is gone.
    expect(await page.locator('[data-upload="not-a-picture.png"]').count()).toBe(0);
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen,
    );
    for (const name of ['harbour-sunrise.png', 'team-offsite.png']) {
      const values = seen[`Uploading ${name}`] ?? [];
      expect(values[0]).toBe(0);
      expect(values.at(-1)).toBe(100);
    }
    await page.screenshot({ path: `${SHOTS}/media-uploaded-1280.png`, fullPage: true });

    // Search finds one.
    await page.getByRole('searchbox', { name: 'Search files' }).fill('offsite');
    await page.waitForURL(/search=offsite/);
    await page.waitForFunction(() => document.querySelectorAll('[data-media]').length === 1);
    await card(page, 'team-offsite.png').waitFor();

    // Its details: alt text saved, URL copied, not used anywhere.
    await card(page, 'team-offsite.png').getByRole('button', { name: 'Show details of team-offsite.png' }).click();
    const details = page.getByRole('region', { name: 'Details of team-offsite.png' });
    await details.locator('[data-usage="none"]').waitFor();
    await details.locator('input[name="alt_text"]').fill('The team on a hillside');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByText(UploadMessage.UPDATED).first().waitFor();
    await details.getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${base()}/uploads/files/[0-9a-f]{32}\\.png$`));
    const token = await tokenOf(base(), EDITOR.username, EDITOR.password);
    const listed = await callApi(base(), '/api/uploads?search=offsite', { token });
    const files = listed.json().data.files as { id: number; alt_text: string; url: string }[];
    expect(files.map((f) => f.alt_text)).toEqual(['The team on a hillside']);

    // Delete it: the spec's question, then it is gone.
    await details.getByRole('button', { name: 'Delete team-offsite.png' }).click();
    await confirmDialog(page, UploadMessage.DELETE_CONFIRM, 'Delete');
    await page.getByText('No files match your search or filters.').waitFor();
    expect((await callApi(base(), `/api/uploads/${files[0]!.id}`, { token })).status).toBe(404);

    // The other is shown by a testimonial: its delete is refused with the place named, and kept on Cancel.
    await page.getByRole('searchbox', { name: 'Search files' }).fill('');
    await card(page, 'harbour-sunrise.png').waitFor();
    const all = await callApi(base(), '/api/uploads', { token });
    const harbour = (all.json().data.files as { id: number; url: string }[])[0]!;
    const testimonial = await callApi(base(), '/api/testimonials', {
      method: 'POST',
      token,
      body: { name: 'Mira Journey', text: 'Lovely work on our harbour site.', image: harbour.url },
    });
    expect(testimonial.status, testimonial.text).toBe(201);
    await card(page, 'harbour-sunrise.png')
      .getByRole('button', { name: 'Show details of harbour-sunrise.png' })
      .click();
    const harbourDetails = page.getByRole('region', { name: 'Details of harbour-sunrise.png' });
    await harbourDetails.getByRole('link', { name: 'Testimonial by Mira Journey' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/media-details-1280.png`, fullPage: true });
    await harbourDetails.getByRole('button', { name: 'Delete harbour-sunrise.png' }).click();
    // The same question; the server's refusal then turns it into a warning naming the place.
    const question = page.getByRole('dialog');
    expect(await question.textContent()).toContain(UploadMessage.DELETE_CONFIRM);
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    const warning = page.getByRole('dialog', { name: 'This file is still in use' });
    await warning.locator('[data-in-use]').waitFor();
    expect(await warning.textContent()).toContain('Testimonial by Mira Journey');
    await page.screenshot({ path: `${SHOTS}/media-in-use-1280.png` });
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect((await callApi(base(), `/api/uploads/${harbour.id}`, { token })).status).toBe(200);

    // The list view shows the same file.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    await page.waitForURL(/view=list/);
    await page.locator('table [data-media="harbour-sunrise.png"]').waitFor();

    // One file: the catalogue's own words.
    await page.locator('[data-media-input]').setInputFiles({
      name: 'one-more.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer(),
    });
    await page.locator('[data-upload="one-more.png"][data-state="done"]').waitFor();
    await page.locator('[data-toast="success"]').getByText(UploadComponentMessage.SUCCESS).waitFor();
    // Gone again: the unused-files test counts what is left.
    const single = (await callApi(base(), '/api/uploads?search=one-more', { token })).json().data.files as {
      id: number;
    }[];
    expect((await callApi(base(), `/api/uploads/${single[0]!.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(unexpectedErrors(errors, [409, 415])).toEqual([]);
    await context.close();
  });

  it('a viewer browses the library but cannot upload or delete', async () => {
    const { page, context, errors } = await newPage(journey.browser);
    await signIn(page, base(), VIEWER.username, VIEWER.password);
    await openTab(page);
    await page.getByText('Your role can browse the media library but not change it.').waitFor();
    await card(page, 'harbour-sunrise.png').waitFor();
    expect(await page.locator('[data-media-dropzone]').count()).toBe(0);
    expect(await page.locator('[data-media] input[type="checkbox"]').count()).toBe(0);
    await card(page, 'harbour-sunrise.png')
      .getByRole('button', { name: 'Show details of harbour-sunrise.png' })
      .click();
    const details = page.getByRole('region', { name: 'Details of harbour-sunrise.png' });
    await details.getByRole('link', { name: 'Testimonial by Mira Journey' }).waitFor();
    expect(await details.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    const token = await tokenOf(base(), VIEWER.username, VIEWER.password);
    const files = (await callApi(base(), '/api/uploads', { token })).json().data.files as { id: number }[];
    expect((await callApi(base(), `/api/uploads/${files[0]!.id}`, { method: 'DELETE', token })).status).toBe(403);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('looks right at phone and desktop widths', async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 900 });
      await signIn(page, base(), EDITOR.username, EDITOR.password);
      await page.goto(`${base()}/admin/media`);
      await card(page, 'harbour-sunrise.png').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/media-grid-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      // The demo content's pictures are in the library too, each with the places that show it.
      await page.locator('[data-demo-image="blog-1.svg"]').waitFor();
      expect(await page.locator('[data-demo-image]').count()).toBe(6);
      await page.getByRole('button', { name: /^Show all \d+ pictures$/ }).click();
      const demo = page.locator('[data-demo-image="project-1.svg"]');
      await demo.waitFor();
      expect(await demo.getByRole('link').first().getAttribute('href')).toMatch(/^\/admin\/portfolio\/\d+/);
      await demo.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/media-demo-pictures-${width}.png` });
      await card(page, 'harbour-sunrise.png')
        .getByRole('button', { name: 'Show details of harbour-sunrise.png' })
        .click();
      await page.getByRole('region', { name: 'Details of harbour-sunrise.png' }).locator('[data-usage]').waitFor();
      await page.screenshot({ path: `${SHOTS}/media-details-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      expect(await wcagViolations(page)).toEqual([]);
      await page.goto(`${base()}/admin/media?view=list`);
      await page.locator('table [data-media="harbour-sunrise.png"]').waitFor();
      await page.screenshot({ path: `${SHOTS}/media-list-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    }
  });

  it('an admin lists the unused files and deletes them all, keeping the used one', async () => {
    const token = await tokenOf(base(), 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await noisyPng(3))], { type: 'image/png' }), 'forgotten.png');
    const stored = await fetch(`${base()}/api/uploads/single`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(stored.status).toBe(201);

    const { page, context, errors } = await newPage(journey.browser);
    await signIn(page, base(), 'admin', ADMIN_PASSWORD);
    await openTab(page);
    await page.getByRole('button', { name: 'Unused files' }).click();
    await page.waitForURL(/unused=1/);
    // Only the forgotten file: the testimonial's is in use.
    await page.waitForFunction(() => document.querySelectorAll('[data-media]').length === 1);
    await card(page, 'forgotten.png').waitFor();
    await page.screenshot({ path: `${SHOTS}/media-unused-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Delete all unused' }).click();
    await confirmDialog(page, 'Are you sure you want to delete every unused file?', 'Delete');
    await page.getByText('Every file is in use: nothing to clean up.').waitFor();
    await page.getByText('1 unused file deleted').first().waitFor();
    const left = (await callApi(base(), '/api/uploads', { token })).json().data.files as { original_name: string }[];
    expect(left.map((f) => f.original_name)).toEqual(['harbour-sunrise.png']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
