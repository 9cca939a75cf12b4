import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { callApi, editorAndViewer, useAdminSite } from './support/admin-site';

const { EDITOR, VIEWER } = editorAndViewer('news');
const journey = useAdminSite({ staff: [EDITOR, VIEWER] });
const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(journey.site.baseUrl, path, init);

const READER = `reader.${Date.now()}@example.com`;

async function openSubscribers(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click();
  await page.waitForURL(`${journey.site.baseUrl}/admin/blog`);
  await page.getByRole('navigation', { name: 'Blog sections' }).getByRole('link', { name: 'Subscribers' }).click();
  await page.waitForURL(`${journey.site.baseUrl}/admin/blog/subscribers`);
  await page.getByRole('heading', { name: 'Newsletter Subscribers' }).waitFor();
}

const rowOf = (page: Page, email: string) => page.locator(`[data-subscriber="${email}"]`);

/** Clicks Export CSV and answers the downloaded file's name and text, and the request that fetched it. */
async function exportCsv(page: Page) {
  const exportRequest = page.waitForRequest((req) => req.url().includes('/api/newsletter/subscribers/export'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const path = await download.path();
  return { filename: download.suggestedFilename(), text: await readFile(path, 'utf8'), request: await exportRequest };
}

/** The export went out with the bearer token in its header, never in its address. */
async function expectBearerOnly(request: Request, page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  expect((await request.allHeaders()).authorization).toBe(`Bearer ${token}`);
  expect(request.url()).not.toContain(token!);
}

describe('newsletter subscribers in the admin', () => {
  it('a visitor subscribes; an editor finds, exports and deletes the address; a viewer only reads', async () => {
    // A visitor signs up on /blog.
    const visitor = await newPage(journey.browser);
    await visitor.page.goto(`${journey.site.baseUrl}/blog`);
    await hydrated(visitor.page);
    await visitor.page.getByRole('textbox', { name: 'Email address' }).fill(READER);
    await visitor.page.getByRole('button', { name: 'Subscribe' }).click();
    await visitor.page.getByText('Thanks for subscribing!').waitFor();
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();

    // A viewer sees the address and may export, but has no delete.
    const viewer = await newPage(journey.browser);
    await signIn(viewer.page, journey.site.baseUrl, VIEWER.username, VIEWER.password);
    await openSubscribers(viewer.page);
    await rowOf(viewer.page, READER).waitFor();
    expect(await viewer.page.getByRole('button', { name: /^Delete the subscriber/ }).count()).toBe(0);
    const viewerExport = await exportCsv(viewer.page);
    expect(viewerExport.text).toContain(READER);
    expect(unexpectedErrors(viewer.errors)).toEqual([]);
    await viewer.context.close();

    // The editor: the list, the search and status filters, the export, the delete.
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
    await openSubscribers(page);
    const row = rowOf(page, READER);
    await row.waitFor();
    // Not confirmed yet: the visitor has not used the mailed link (ADR 0046).
    expect(await row.getByText('Waiting for confirmation', { exact: true }).count()).toBe(1);
    expect(await row.locator('td').nth(3).textContent()).toBe('blog');
    await page
      .locator('[aria-label="Subscriber pages"]')
      .getByText(/total subscribers/)
      .waitFor();

    await page.getByRole('searchbox', { name: 'Search subscribers' }).fill(READER.slice(0, 18));
    await expect.poll(() => page.locator('[data-subscriber]').count()).toBe(1);
    await row.waitFor();
    await page.getByRole('combobox', { name: 'Subscription status' }).selectOption('unsubscribed');
    await page.getByText('No subscribers match these filters').waitFor();
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Subscription status' }).selectOption('pending');
    await row.waitFor();

    const exported = await exportCsv(page);
    await expectBearerOnly(exported.request, page);
    expect(new URL(exported.request.url()).searchParams.get('status')).toBe('pending');
    expect(exported.filename).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = exported.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('email,status,source,subscribed_at,unsubscribed_at');
    // The search narrowed the export to this one address.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${READER.replace(/\./g, '\\.')},pending,blog,\\d{4}-\\d{2}-\\d{2}T`));

    // Delete: cancel changes nothing; confirming removes the address for good.
    await row.getByRole('button', { name: `Delete the subscriber ${READER}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(READER);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor();

    await row.getByRole('button', { name: `Delete the subscriber ${READER}` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('main').getByText('Subscriber deleted', { exact: true }).waitFor();
    await page.getByText('No subscribers match these filters').waitFor();
    expect(await row.count()).toBe(0);

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const after = await api(`/api/newsletter/subscribers?search=${encodeURIComponent(READER)}&status=all`, {
      token: token!,
    });
    expect(after.status).toBe(200);
    expect(after.json().data.subscribers).toEqual([]);

    expect(unexpectedErrors(errors)).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });
});
