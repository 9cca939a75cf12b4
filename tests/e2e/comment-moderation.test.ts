import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CommentModerationMessage, commentHoldLabels } from '../../src/shared/contracts/comment-moderation';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, partHydrated, signIn, unexpectedErrors } from './support/admin';
import { callApi, confirmDialog, editorAndViewer, useAdminSite } from './support/admin-site';

const { EDITOR, VIEWER } = editorAndViewer('moderation');
const journey = useAdminSite({ staff: [EDITOR, VIEWER] });
const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(journey.site.baseUrl, path, init);
const SHOTS = process.env.SCREENSHOT_DIR;

async function postComment(page: Page, name: string, email: string, message: string) {
  await partHydrated(page, '#comments');
  await page.locator('#comments input[name="name"]').fill(name);
  await page.locator('#comments input[name="email"]').fill(email);
  await page.locator('#comments textarea[name="message"]').fill(message);
  await page.getByRole('button', { name: 'Post Comment' }).click();
}

describe('comment moderation', () => {
  it('holds a first comment, which an editor approves from the queue; a second from the address goes live', async () => {
    const posts = (await api('/api/blog/posts?limit=1')).json().data.posts as Array<{ slug: string; title: string }>;
    const post = posts[0]!;
    const articleUrl = `${journey.site.baseUrl}/blog/${post.slug}`;

    // The visitor: told it waits, and sees it marked so.
    const visitor = await newPage(journey.browser);
    await visitor.page.goto(articleUrl);
    await hydrated(visitor.page);
    const before = await visitor.page.locator('[data-comment]').count();
    await postComment(visitor.page, 'Quinn Reader', 'quinn@example.com', 'First time here. Great article!');
    await visitor.page.getByText(CommentModerationMessage.AWAITING_REVIEW).waitFor();
    await visitor.page.locator('[data-awaiting-review]').waitFor();
    if (SHOTS) await visitor.page.locator('#comments').screenshot({ path: `${SHOTS}/comment-awaiting-review.png` });

    // Link spam from another address is set aside with the same answer.
    await postComment(visitor.page, 'Deals', 'deals@example.com', 'https://a.test https://b.test https://c.test');
    await visitor.page.locator('[data-awaiting-review]').nth(1).waitFor();

    // The editor: the notification leads to the queue of comments awaiting review.
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page
      .getByRole('link', { name: /Comment awaiting review/ })
      .first()
      .click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/blog/comments?status=pending`);
    const held = page.locator('[data-comment]').filter({ hasText: 'Quinn Reader' });
    await held.waitFor();
    expect(await held.locator('[data-review-reason]').textContent()).toContain(
      'First comment from this e-mail address',
    );
    expect(await page.locator('[data-comment]').filter({ hasText: 'Deals' }).count()).toBe(0);
    expect(await page.locator('[data-comment-filter="pending"]').textContent()).toMatch(/Awaiting review\s*1/);
    expect(await page.locator('[data-comment-filter="spam"]').textContent()).toMatch(/Spam\s*1/);
    // An editor reads the setting; only admins change it.
    expect(await page.locator('[data-comment-hold]').textContent()).toContain(commentHoldLabels.first);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/comment-queue.png`, fullPage: true });

    await held.getByRole('button', { name: 'Approve the comment by Quinn Reader' }).click();
    await page.locator('main').getByText(CommentModerationMessage.APPROVED, { exact: true }).waitFor();
    await expect.poll(() => held.count()).toBe(0);
    await page.getByText('No comments are waiting for review').waitFor();

    // The spam: shown under Spam, deleted with the selection.
    await page.locator('[data-comment-filter="spam"]').click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/blog/comments?status=spam`);
    const spam = page.locator('[data-comment]').filter({ hasText: 'Deals' });
    await spam.waitFor();
    expect(await spam.locator('[data-review-reason]').textContent()).toContain('Contains 3 or more links');
    await spam.getByRole('checkbox', { name: 'Select the comment by Deals' }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Are you sure you want to delete this comment?', 'Delete');
    await page.locator('main').getByText('1 comment deleted', { exact: true }).waitFor();
    await expect.poll(() => spam.count()).toBe(0);

    // The visitor sees the approved comment after a reload; the next from the address goes live at once.
    await visitor.page.reload();
    await hydrated(visitor.page);
    await expect.poll(() => visitor.page.locator('[data-comment]').count()).toBe(before + 1);
    await postComment(visitor.page, 'Quinn Reader', 'Quinn@Example.com', 'And a follow-up question.');
    await visitor.page.getByText('Comment posted successfully!').waitFor();
    await visitor.page.reload();
    await hydrated(visitor.page);
    await expect.poll(() => visitor.page.locator('[data-comment]').count()).toBe(before + 2);

    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await context.close();
    await visitor.context.close();
  });

  it('an admin holds every comment from then on, and a viewer can read the queue but not act', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(`${journey.site.baseUrl}/admin/blog/comments`);
    await hydrated(page);
    const setting = page.getByLabel('New comments');
    await setting.selectOption('all');
    await page.getByText(CommentModerationMessage.SETTINGS_SAVED).first().waitFor();
    expect((await api('/api/blog/posts?limit=1')).status).toBe(200);
    await page.reload();
    await hydrated(page);
    expect(await page.getByLabel('New comments').inputValue()).toBe('all');
    if (SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/comment-queue-admin-${width}.png`, fullPage: true });
      }
    }
    await setting.selectOption('first');
    await page.getByText(CommentModerationMessage.SETTINGS_SAVED).first().waitFor();
    await context.close();

    const viewer = await newPage(journey.browser);
    await signIn(viewer.page, journey.site.baseUrl, VIEWER.username, VIEWER.password);
    await viewer.page.goto(`${journey.site.baseUrl}/admin/blog/comments`);
    await hydrated(viewer.page);
    await viewer.page.locator('[data-comment]').first().waitFor();
    expect(await viewer.page.getByRole('button', { name: /^Approve the comment/ }).count()).toBe(0);
    expect(await viewer.page.getByRole('checkbox', { name: /^Select the comment/ }).count()).toBe(0);
    expect(await viewer.page.getByLabel('New comments').count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(viewer.errors)).toEqual([]);
    await viewer.context.close();
  });
});
