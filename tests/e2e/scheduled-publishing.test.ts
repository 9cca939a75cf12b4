import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { signIn, unexpectedErrors } from './support/admin';
import { callApi, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';

/*
 * Scheduled publishing (ADR 0040) as staff use it: a post scheduled in the editor, in the site's time zone,
 * shown as Scheduled in the list and the Overview, invisible on the blog until its time, then live there
 * by itself (the cached blog page purged) within the job's interval.
 */

const SITE_ZONE = 'Asia/Karachi';
const { EDITOR } = editorAndViewer('schedule');
const journey = useAdminSite({ staff: [EDITOR], shots: true, env: { SITE_TIME_ZONE: SITE_ZONE } });
const content = `<p>${'A post that goes live by itself at the time its editor chose. '.repeat(3)}</p>`;

/** The site's wall clock of an instant, as the "Publish on" field takes it. */
function siteWallClock(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SITE_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

async function blogShows(page: Page, baseUrl: string, title: string): Promise<boolean> {
  await page.goto(`${baseUrl}/blog`);
  return (await page.getByRole('heading', { name: title }).count()) > 0;
}

describe('scheduled publishing', () => {
  it('an editor schedules a post in the site time zone; it goes live by itself at that time', async () => {
    const baseUrl = journey.site.baseUrl;
    const token = await tokenOf(baseUrl, EDITOR.username, EDITOR.password);
    const category = (
      (await callApi(baseUrl, '/api/blog/categories')).json().data.categories as Array<{ id: number }>
    )[0]!;
    const title = `Scheduled journey ${Date.now()}`;
    const created = await callApi(baseUrl, '/api/blog/posts', {
      method: 'POST',
      token,
      body: {
        title,
        excerpt: 'Goes live later.',
        content,
        category_id: category.id,
        image_url: '/demo/blog-1.svg',
        published: false,
      },
    });
    expect(created.status, created.text).toBe(201);
    const post = created.json().data.post as { id: number; slug: string };

    // The staff member works from Berlin; the site keeps Karachi time.
    const { page, errors } = await newPage(journey.browser, { timezoneId: 'Europe/Berlin' });
    await signIn(page, baseUrl, EDITOR.username, EDITOR.password);
    await page.goto(`${baseUrl}/admin/blog/${post.id}/edit`);
    const form = page.locator('form[aria-label="Edit blog post"]');
    await form.waitFor();
    await form.getByLabel('Schedule for later').check();
    const field = form.locator('input[name="publish_at"]');
    // Tomorrow at nine, site time, until changed.
    expect(await field.inputValue()).toMatch(/T09:00$/);
    // The next whole minute at least 30 seconds away.
    const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    await field.fill(siteWallClock(at));
    const hint = await form.getByText(/^In the site's time zone \(Asia\/Karachi\): /).textContent();
    expect(hint).toContain('your time (Europe/Berlin)');
    expect(await form.locator('input[name="published"]').isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/schedule-editor-1280.png`, fullPage: false });

    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.waitForURL(`${baseUrl}/admin/blog`);
    const row = page.locator(`[data-post="${post.slug}"]:visible`);
    await row.locator('[data-status="scheduled"]').waitFor();
    expect(await row.locator('[data-status="scheduled"]').textContent()).toMatch(/^Scheduled · /);

    await page.goto(`${baseUrl}/admin/overview`);
    const panel = page.locator('[data-scheduled-list]');
    await panel.getByRole('link', { name: new RegExp(title) }).waitFor();
    await page.screenshot({ path: `${SHOTS}/schedule-overview-1280.png`, fullPage: true });

    const visitor = (await newPage(journey.browser)).page;
    // Before its time: not on the blog (a page now kept by the cache), its address not found.
    expect(await blogShows(visitor, baseUrl, title)).toBe(false);
    expect((await visitor.goto(`${baseUrl}/blog/${post.slug}`))?.status()).toBe(404);

    // The job runs every 15 seconds: live within that of its time (asked from now on, as it goes live at
    // its time and not before, which the blog shows).
    const timeout = Math.max(0, at.getTime() - Date.now()) + 45_000;
    await expect.poll(() => blogShows(visitor, baseUrl, title), { timeout, interval: 2_000 }).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect((await visitor.goto(`${baseUrl}/blog/${post.slug}`))?.status()).toBe(200);
    const live = await callApi(baseUrl, `/api/blog/posts/${post.id}`, { token });
    expect(live.json().data).toMatchObject({ status: 'published', publish_at: null });
    expect(unexpectedErrors(errors)).toEqual([]);
  }, 180_000);

  it('the schedule field fits a phone', async () => {
    const baseUrl = journey.site.baseUrl;
    const { page } = await newPage(journey.browser, { width: 390, height: 844 });
    await signIn(page, baseUrl, EDITOR.username, EDITOR.password);
    await page.goto(`${baseUrl}/admin/blog/new`);
    const form = page.locator('form[aria-label="New blog post"]');
    await form.getByLabel('Schedule for later').check();
    await page.getByRole('button', { name: 'Schedule Post' }).waitFor();
    const box = await form.locator('input[name="publish_at"]').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await form.locator('input[name="publish_at"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/schedule-editor-390.png` });
  });
});
