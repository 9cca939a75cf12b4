import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS_REFRESH_MS } from '../../src/shared/contracts/contacts.values';
import { NotificationMessage } from '../../src/shared/contracts/notifications';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { SHOTS, tokenOf } from './support/admin-site';
import { BOUNCING, EDITOR, rowOf, useContactsJourney, VIEWER } from './admin-contacts-testing';

/**
 * What reaches staff about contact requests: the list loading again, the bell, their e-mail preferences and a
 * request whose mail could not be delivered.
 */
const { journey, api, submitContact, contactsNamed, contactById, openContacts } = useContactsJourney();

describe('the admin Contacts tab', () => {
  let adminToken = '';
  beforeAll(async () => {
    adminToken = await tokenOf(journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  it('the list loads again every five minutes', async () => {
    await submitContact({ first_name: 'Tim', last_name: 'Ticker', email: 'tim@example.com', message: 'Tick tock.' });
    const { context, page, errors } = await newPage(journey.browser, { width: 1280, height: 900 });
    await signIn(page, journey.site.baseUrl, VIEWER.username, VIEWER.password);
    await page.clock.install();
    await openContacts(page);
    await page.locator('tr[data-contact]').first().waitFor();
    let loads = 0;
    page.on('request', (request) => {
      if (/\/api\/contacts\/admin\?/.test(request.url())) loads += 1;
    });
    await page.clock.fastForward(CONTACTS_REFRESH_MS - 1_000);
    expect(loads).toBe(0);
    await page.clock.fastForward(1_000);
    await expect.poll(() => loads).toBe(1);
    await page.clock.fastForward(CONTACTS_REFRESH_MS);
    await expect.poll(() => loads).toBe(2);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('the bell lists the new request from the server, in every browser, and opens it', async () => {
    const first = await newPage(journey.browser, { width: 1280, height: 900 });
    await signIn(first.page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    await first.page.goto(`${journey.site.baseUrl}/admin/contacts`);
    await hydrated(first.page);
    await first.page.locator('tr[data-contact]').first().waitFor();

    await submitContact({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      message: 'A compiler, please.',
    });
    const [grace] = await contactsNamed(adminToken, 'Hopper');
    const link = `/admin/contacts?contact=${grace!.id}`;

    // The window regains focus: the bell asks the server, and the new request reaches the open list too.
    await first.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await rowOf(first.page, grace!.id).waitFor();
    const bell = first.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.click();
    const panel = first.page.getByRole('region', { name: 'Notifications' });
    const item = panel.locator('li[data-notification]').filter({ has: first.page.locator(`a[href="${link}"]`) });
    await item.waitFor();
    expect(await item.textContent()).toContain('Grace');
    await first.page.screenshot({ path: `${SHOTS}/admin-bell-1280.png` });
    await item.locator(`a[href="${link}"]`).click();
    await first.page.waitForURL(`${journey.site.baseUrl}${link}`);
    await first.page
      .locator(`[data-contact-detail="${grace!.id}"]`)
      .getByRole('heading', { name: 'Grace Hopper' })
      .waitFor();

    // Another browser (a fresh context) sees the same list, with the item now read.
    const second = await newPage(journey.browser, { width: 1280, height: 900 });
    await signIn(second.page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    await second.page.getByRole('button', { name: /^Notifications/ }).click();
    const otherItem = second.page
      .getByRole('region', { name: 'Notifications' })
      .locator('li[data-notification]')
      .filter({ has: second.page.locator(`a[href="${link}"]`) });
    await otherItem.getByRole('button', { name: 'Mark as unread' }).waitFor();

    // Mark unread here; the first browser sees it when its window regains focus.
    await otherItem.getByRole('button', { name: 'Mark as unread' }).click();
    await otherItem.getByRole('button', { name: 'Mark as read' }).waitFor();
    await expect
      .poll(async () => {
        const res = await api('/api/notifications', { token: adminToken });
        const list = (res.json().data as unknown as { notifications: { link: string | null; read: boolean }[] })
          .notifications;
        return list.find((entry) => entry.link === link)?.read;
      })
      .toBe(false);
    await first.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await first.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();

    // Mark all read, dismiss one, clear: each survives a reload.
    await second.page.getByRole('button', { name: 'Mark all read' }).click();
    await second.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await otherItem.getByRole('button', { name: /^Dismiss notification/ }).click();
    await otherItem.waitFor({ state: 'detached' });
    await second.page.reload();
    await hydrated(second.page);
    await second.page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await second.page.getByRole('region', { name: 'Notifications' }).waitFor();
    expect(await second.page.locator(`li[data-notification] a[href="${link}"]`).count()).toBe(0);
    await second.page.getByRole('button', { name: 'Clear' }).click();
    await second.page.getByText('No notifications yet.').waitFor();
    await second.page.reload();
    await hydrated(second.page);
    await second.page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await second.page.getByText('No notifications yet.').waitFor();

    expect(unexpectedErrors(first.errors)).toEqual([]);
    expect(unexpectedErrors(second.errors)).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('e-mail preferences are saved and survive a reload', async () => {
    const { context, page, errors } = await newPage(journey.browser, { width: 1280, height: 900 });
    await signIn(page, journey.site.baseUrl, VIEWER.username, VIEWER.password);
    await page.goto(`${journey.site.baseUrl}/admin/settings`);
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Email Preferences' });
    const contacts = section.getByRole('checkbox', { name: 'New contact notifications' });
    const comments = section.getByRole('checkbox', { name: 'Blog comment notifications' });
    const report = section.getByRole('checkbox', { name: 'Weekly analytics report' });
    await contacts.waitFor();
    expect(await contacts.isChecked()).toBe(true);
    expect(await comments.isChecked()).toBe(true);
    // The report is opt-in.
    expect(await report.isChecked()).toBe(false);
    await contacts.uncheck();
    await report.check();
    await section.getByRole('button', { name: 'Save Preferences' }).click();
    await section.getByText(NotificationMessage.PREFERENCES_SAVED).waitFor();

    await page.reload();
    await hydrated(page);
    await contacts.waitFor();
    expect(await contacts.isChecked()).toBe(false);
    expect(await comments.isChecked()).toBe(true);
    expect(await report.isChecked()).toBe(true);
    const token = await tokenOf(journey.site.baseUrl, VIEWER.username, VIEWER.password);
    const saved = await api('/api/notifications/preferences', { token });
    expect(saved.json().data).toEqual({ newContact: false, newComment: true, weeklyReport: true });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a request whose mail cannot be delivered shows the failed-submission line', async () => {
    await submitContact({ first_name: 'Bea', last_name: 'Bounce', email: BOUNCING, message: 'Will my mail arrive?' });
    const [bea] = await contactsNamed(adminToken, 'Bounce');
    await expect
      .poll(
        async () =>
          ((await contactById(adminToken, bea!.id)) as unknown as { error_message: string | null })?.error_message,
        {
          timeout: 20_000,
        },
      )
      .toMatch(/^Email notification failed: /);
    const { context, page, errors } = await newPage(journey.browser, { width: 1280, height: 900 });
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
    await page.goto(`${journey.site.baseUrl}/admin/contacts`);
    await hydrated(page);
    const line = rowOf(page, bea!.id).locator('[data-failed-submission]');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Email notification failed: .*It will be retried automatically\.$/);
    expect(await page.locator('tr [data-failed-submission]').count()).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
