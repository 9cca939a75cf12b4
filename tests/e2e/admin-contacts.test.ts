import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contactCsvColumns } from '../../src/shared/contracts/contacts';
import { ContactMessage, CONTACTS_REFRESH_MS } from '../../src/shared/contracts/contacts.values';
import { NotificationMessage } from '../../src/shared/contracts/notifications';
import { useSmtpSink } from '../../src/server/testing/smtp-sink';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { callApi, confirmDialog, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';

const { EDITOR, VIEWER } = editorAndViewer('leads');

/** A visitor whose mail server refuses mail: the confirmation to them fails and the contact says so. */
const BOUNCING = 'bounce@example.com';
// The server trusts the loopback proxy, so each submission below counts against its own client address
// and the contact form's rate limit is not what the journey meets. SMTP_URL is filled in once the mail
// server listens (this beforeAll runs before the site's).
const env: Record<string, string> = { TRUST_PROXY: '127.0.0.1', MAIL_POLL_SECONDS: '1' };
useSmtpSink(env).rejected.add(BOUNCING);
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true, env });
const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(journey.site.baseUrl, path, init);

let clientNumber = 0;

/** A visitor's contact request through the public API, from a client address of its own. */
async function submitContact(body: Record<string, string>): Promise<void> {
  clientNumber += 1;
  const response = await fetch(`${journey.site.baseUrl}/api/contacts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.20.${clientNumber >> 8}.${clientNumber & 255}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

interface StoredContact {
  id: number;
  first_name: string;
  last_name: string;
  status: string;
  priority: string;
  read: boolean;
  assignedTo: { username: string } | null;
  follow_up_on: string | null;
  notes: { text: string; author: string | null }[];
}

async function contactsNamed(token: string, search: string): Promise<StoredContact[]> {
  const res = await api(`/api/contacts/admin?limit=100&search=${encodeURIComponent(search)}`, { token });
  expect(res.status).toBe(200);
  return (res.json().data as unknown as { contacts: StoredContact[] }).contacts;
}

async function contactById(token: string, id: number): Promise<StoredContact | null> {
  const res = await api(`/api/contacts/${id}`, { token });
  if (res.status === 404) return null;
  expect(res.status).toBe(200);
  return res.json().data as unknown as StoredContact;
}

const MESSAGE = 'We need an analytics dashboard, with exports.\n\n  Budget: "flexible"; start in January.';

async function openContacts(page: Page) {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Contacts' }).click();
  await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);
  await page.getByRole('heading', { name: 'Contact Requests' }).waitFor();
}

/** The table at desktop widths; the cards list stands in for it on phones. */
const rowOf = (page: Page, id: number) => page.locator(`tr[data-contact="${id}"]`);

/** A message said once: in a toast, or for the list's own actions (bulk, delete) in the list's notice. */
async function said(page: Page, text: string) {
  await page
    .locator('[data-toast], main [role="status"], main [role="alert"]')
    .filter({ hasText: text })
    .first()
    .waitFor();
  expect(await page.getByText(text, { exact: true }).count()).toBeLessThanOrEqual(1);
}

describe('the admin Contacts tab', () => {
  let service = '';
  let adminToken = '';

  it('staff find a request, work on it, export, bulk-update and delete', async () => {
    adminToken = await tokenOf(journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    const company = await api('/api/company');
    service = (company.json().data as unknown as { coreServices: string[] }).coreServices[0]!;
    for (let n = 1; n <= 11; n += 1) {
      await submitContact({
        first_name: 'Filler',
        last_name: `Person${String(n).padStart(2, '0')}`,
        email: `filler${n}@example.com`,
        message: `Filler request number ${n} about a website.`,
      });
    }
    await submitContact({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0958',
      service,
      message: MESSAGE,
    });
    const [ada] = await contactsNamed(adminToken, 'Lovelace');
    expect(ada).toBeDefined();

    const { context, page, errors } = await newPage(journey.browser, { width: 1280, height: 900 });
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
    await openContacts(page);

    // Newest first, ten a page, the unread marker, the preview; the pages.
    const adaRow = rowOf(page, ada!.id);
    await adaRow.waitFor();
    expect(await adaRow.getAttribute('data-read')).toBe('false');
    expect(await adaRow.locator('[data-preview]').textContent()).toBe(
      'We need an analytics dashboard, with exports. Budg...',
    );
    // At 1280 px the Service column has no room: the service is said under the name instead.
    expect(await page.getByRole('columnheader', { name: 'Service' }).isVisible()).toBe(false);
    expect(await adaRow.locator('[data-service-under-name]').textContent()).toBe(`Service: ${service}`);
    // The address wraps after its @ and at its dots only, never mid-word.
    expect(await adaRow.locator('wbr').count()).toBe(2);
    expect(await adaRow.getByText('New', { exact: true }).count()).toBe(1);
    const pages = page.getByRole('navigation', { name: 'Contact pages' });
    await pages.getByText('Showing 1 to 10 of 12 contacts').waitFor();
    await pages.getByText('Page 1 of 2').waitFor();
    await pages.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/admin\/contacts\?page=2$/);
    await pages.getByText('Showing 11 to 12 of 12 contacts').waitFor();
    await page.reload();
    await hydrated(page);
    await pages.getByText('Page 2 of 2').waitFor();

    // Search: the address keeps it, a single page shows no pagination.
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('lovelace');
    await page.waitForURL(/\?search=lovelace$/);
    await adaRow.waitFor();
    await expect.poll(() => page.locator('tr[data-contact]').count()).toBe(1);
    expect(await pages.count()).toBe(0);

    // Export CSV of the filtered list: the documented columns, the row, real quoting.
    const exportRequest = page.waitForRequest((req) => req.url().includes('/api/contacts/admin/export'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`contacts_${new Date().toISOString().slice(0, 10)}.csv`);
    expect((await exportRequest).url()).toContain('search=lovelace');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(contactCsvColumns.join(','));
    // The phone starts with '+': the export guards spreadsheets against formulas with an apostrophe.
    expect(csv).toContain(`Ada Lovelace,ada@example.com,'+44 20 7946 0958,${service},new,medium,`);
    expect(csv).toContain('"We need an analytics dashboard, with exports.');
    expect(csv).toContain('Budget: ""flexible""; start in January."');
    expect(csv).not.toContain('Filler');

    // The contact: opening it marks it read; what the visitor wrote is shown as plain text.
    await adaRow.getByRole('link', { name: 'View Ada Lovelace' }).click();
    await page.waitForURL(new RegExp(`\\?search=lovelace&contact=${ada!.id}$`));
    const detail = page.locator(`[data-contact-detail="${ada!.id}"]`);
    await detail.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    expect(await detail.locator('[data-message]').textContent()).toBe(MESSAGE);
    expect(await detail.locator('[data-message]').evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    expect(await detail.getByRole('link', { name: 'Send Email' }).getAttribute('href')).toMatch(
      /^mailto:ada@example\.com/,
    );
    expect(await detail.getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+442079460958');
    await detail.locator('[data-read-state="read"]').waitFor();
    expect((await contactById(adminToken, ada!.id))?.read).toBe(true);

    // Status, priority, assignment: each persists and says so.
    await detail.getByLabel('Status').selectOption('qualified');
    await said(page, ContactMessage.STATUS_UPDATED);
    await detail.getByLabel('Priority').selectOption('urgent');
    await said(page, 'Contact priority updated to Urgent');
    await detail.getByLabel('Assigned to').selectOption({ label: EDITOR.username });
    await said(page, ContactMessage.ASSIGNED);
    await expect
      .poll(async () => {
        const stored = await contactById(adminToken, ada!.id);
        return [stored?.status, stored?.priority, stored?.assignedTo?.username];
      })
      .toEqual(['qualified', 'urgent', EDITOR.username]);

    // Read and unread by hand.
    await detail.getByRole('button', { name: 'Mark as Unread' }).click();
    await said(page, ContactMessage.MARKED_UNREAD);
    await detail.locator('[data-read-state="unread"]').waitFor();
    expect((await contactById(adminToken, ada!.id))?.read).toBe(false);
    await detail.getByRole('button', { name: 'Mark as Read' }).click();
    await said(page, ContactMessage.MARKED_READ);
    await detail.locator('[data-read-state="read"]').waitFor();
    expect((await contactById(adminToken, ada!.id))?.read).toBe(true);

    // Notes: blank ones are not sent; a real one is appended with its author.
    const noteBox = detail.getByLabel('Add a note');
    await noteBox.fill('   ');
    expect(await detail.getByRole('button', { name: 'Add Note' }).isDisabled()).toBe(true);
    await noteBox.fill('Called her: sending a proposal on Monday.');
    await detail.getByRole('button', { name: 'Add Note' }).click();
    await said(page, ContactMessage.NOTE_ADDED);
    const note = detail.locator('[data-note]').first();
    await note.getByText('Called her: sending a proposal on Monday.').waitFor();
    expect(await note.textContent()).toContain(EDITOR.username);
    expect(await noteBox.inputValue()).toBe('');

    // A reply by e-mail: sent through this site's mail server, kept in the timeline with its author.
    const replyBox = detail.getByLabel('Reply by e-mail');
    await replyBox.fill('Dear Ada, thank you. The proposal follows on Monday.');
    await detail.getByRole('button', { name: 'Send Reply' }).click();
    await said(page, ContactMessage.REPLY_SENT.replace('{email}', 'ada@example.com'));
    const reply = detail.locator('[data-reply]').first();
    await reply.getByText('Dear Ada, thank you. The proposal follows on Monday.').waitFor();
    expect(await reply.textContent()).toContain(EDITOR.username);
    expect(await replyBox.inputValue()).toBe('');
    await page.screenshot({ path: `${SHOTS}/contact-reply-1280.png`, fullPage: true });

    // A follow-up reminder for today: the card says it is due, the list and the Overview show it.
    const followUp = detail.getByLabel('Remind me on');
    const today = await followUp.getAttribute('min');
    await followUp.fill(today!);
    await detail.getByRole('button', { name: 'Set reminder' }).click();
    await said(page, ContactMessage.FOLLOW_UP_SET);
    await detail.locator('[data-follow-up="due"]').first().waitFor();
    expect((await contactById(adminToken, ada!.id))?.follow_up_on).toBe(today);
    await detail.locator('#contact-follow-up').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/contact-follow-up-1280.png` });

    // The address names the contact: a reload opens it again, with what was saved.
    await page.reload();
    await hydrated(page);
    await detail.locator('[data-note]').first().waitFor();
    expect(await detail.getByLabel('Status').inputValue()).toBe('qualified');
    expect(await detail.getByLabel('Priority').inputValue()).toBe('urgent');

    // Back to List returns to the list as it was; View All clears the filters.
    await detail.getByRole('link', { name: 'Back to List' }).click();
    await page.waitForURL(/\/admin\/contacts\?search=lovelace$/);
    await adaRow.locator('[data-status="qualified"]').waitFor();
    expect(await adaRow.getAttribute('data-read')).toBe('true');
    await page.getByRole('button', { name: 'View All' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);
    await pages.getByText('Showing 1 to 10 of 12 contacts').waitFor();

    // Status filter: the unified statuses.
    await page.getByLabel('Status').selectOption('qualified');
    await page.waitForURL(/\?status=qualified$/);
    await expect.poll(() => page.locator('tr[data-contact]').count()).toBe(1);
    await page.getByLabel('Status').selectOption('');
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);
    await page.getByLabel('Priority').selectOption('urgent');
    await page.waitForURL(/\?priority=urgent$/);
    await expect.poll(() => page.locator('tr[data-contact]').count()).toBe(1);
    await rowOf(page, ada!.id).waitFor();
    await page.getByLabel('Priority').selectOption('');
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);
    await pages.getByText('Showing 1 to 10 of 12 contacts').waitFor();
    await page.getByLabel('Follow-ups').selectOption('due');
    await page.waitForURL(/\?followUp=due$/);
    await expect.poll(() => page.locator('tr[data-contact]').count()).toBe(1);
    await rowOf(page, ada!.id).locator('[data-follow-up="due"]').waitFor();
    await page.getByLabel('Follow-ups').selectOption('');
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);
    await pages.getByText('Showing 1 to 10 of 12 contacts').waitFor();

    // The Overview lists the follow-up among what waits, and leads to the contact.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).click();
    const waiting = page.locator('[data-waiting="follow-up"]').filter({ hasText: 'Ada Lovelace' });
    await waiting.waitFor();
    await page.screenshot({ path: `${SHOTS}/overview-waiting-1280.png`, fullPage: true });
    await waiting.click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts?contact=${ada!.id}`);
    await detail.locator('[data-follow-up="due"]').first().waitFor();
    await detail.getByRole('link', { name: 'Back to List' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);

    // Bulk Mark Contacted on two fillers.
    const fillers = await contactsNamed(adminToken, 'Filler');
    const [first, second, third, fourth] = fillers.map((contact) => contact.id);
    await rowOf(page, first!).getByRole('checkbox').check();
    await rowOf(page, second!).getByRole('checkbox').check();
    const bulkBar = page.getByRole('region', { name: 'Bulk actions' });
    await bulkBar.getByText('2 selected').waitFor();
    await bulkBar.getByRole('button', { name: 'Mark Contacted' }).click();
    await said(page, ContactMessage.BULK_UPDATED);
    await rowOf(page, first!).locator('[data-status="contacted"]').waitFor();
    expect((await contactById(adminToken, second!))?.status).toBe('contacted');

    // Bulk Delete asks first, with the count.
    await rowOf(page, third!).getByRole('checkbox').check();
    await rowOf(page, fourth!).getByRole('checkbox').check();
    await bulkBar.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Are you sure you want to delete 2 contacts?', 'Delete');
    await said(page, ContactMessage.BULK_DELETED);
    await rowOf(page, third!).waitFor({ state: 'detached' });
    expect(await contactById(adminToken, fourth!)).toBeNull();

    // Delete one contact from its own view, after the confirmation.
    await rowOf(page, ada!.id).getByRole('link', { name: 'View Ada Lovelace' }).click();
    await detail.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, ContactMessage.CONFIRM_DELETE, 'Delete');
    await said(page, ContactMessage.DELETED);
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);
    await page.getByRole('heading', { name: 'Contact Requests' }).waitFor();
    expect(await contactById(adminToken, ada!.id)).toBeNull();

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a viewer reads contacts without any control that changes them', async () => {
    const [target] = await contactsNamed(adminToken, 'Person01');
    expect(target?.read).toBe(false);
    const { context, page, errors } = await newPage(journey.browser, { width: 1280, height: 900 });
    await signIn(page, journey.site.baseUrl, VIEWER.username, VIEWER.password);

    // The list cannot load: the inline box with Retry, and the toast; Retry loads it.
    await page.route(/\/api\/contacts\/admin\?/, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }),
      }),
    );
    await openContacts(page);
    const failed = page.getByRole('alert').filter({ hasText: ContactMessage.LOAD_FAILED_INLINE });
    await failed.waitFor();
    await said(page, ContactMessage.LOAD_FAILED);
    await page.unroute(/\/api\/contacts\/admin\?/);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await page.locator('tr[data-contact]').first().waitFor();
    expect(await failed.count()).toBe(0);

    // Nothing matches: the empty state.
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('no-such-person-anywhere');
    await page.getByText(ContactMessage.EMPTY).waitFor();
    await page.getByText('Your role can read contact requests but not change them.').waitFor();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Person01');
    await page.waitForURL(/\?search=Person01$/);
    await rowOf(page, target!.id).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isEnabled()).toBe(true);

    await rowOf(page, target!.id)
      .getByRole('link', { name: /^View / })
      .click();
    const detail = page.locator(`[data-contact-detail="${target!.id}"]`);
    await detail.getByRole('link', { name: 'Send Email' }).waitFor();
    for (const label of ['Status', 'Priority', 'Assigned to', 'Add a note']) {
      expect(await detail.getByLabel(label).count(), label).toBe(0);
    }
    for (const name of ['Delete', 'Mark as Read', 'Mark as Unread', 'Add Note', 'Send Reply']) {
      expect(await detail.getByRole('button', { name }).count(), name).toBe(0);
    }
    // Reading is not a change: the contact stays unread for the staff who work on it.
    expect((await contactById(adminToken, target!.id))?.read).toBe(false);
    expect(unexpectedErrors(errors, [503])).toEqual([]);
    await context.close();
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

  for (const width of [390, 1280]) {
    it(`the list and a contact at ${width} px`, async () => {
      // Runs alone too (-t): the token and the contact are made when an earlier test did not.
      adminToken ||= await tokenOf(journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
      if ((await contactsNamed(adminToken, 'Person05')).length === 0) {
        await submitContact({
          first_name: 'Filler',
          last_name: 'Person05',
          email: 'filler5@example.com',
          message: 'Filler request number 5 about a website.',
        });
      }
      // A long address on the first page: the table still fits.
      if ((await contactsNamed(adminToken, 'Longaddress')).length === 0) {
        await submitContact({
          first_name: 'Maximilian',
          last_name: 'Longaddress',
          email: 'maximilian.longaddress.procurement@example-holdings.co.uk',
          ...(service ? { service } : {}),
          message: 'A request from someone with a long e-mail address.',
        });
      }
      const [person] = await contactsNamed(adminToken, 'Person05');
      if ((await contactById(adminToken, person!.id))?.notes.length === 0) {
        const noted = await api(`/api/contacts/${person!.id}/notes`, {
          method: 'PATCH',
          token: adminToken,
          body: { note: 'Left a voicemail; will try again on Thursday.' },
        });
        expect(noted.status).toBe(200);
      }
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 900 });
      await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
      await page.goto(`${journey.site.baseUrl}/admin/contacts`);
      await hydrated(page);
      await page
        .locator(width < 768 ? 'li[data-contact]' : 'tr[data-contact]')
        .first()
        .waitFor();
      if (width < 768) {
        // Phones get cards: every request with its status, priority and actions.
        const card = page.locator(`li[data-contact="${person!.id}"]`);
        await card.getByRole('link', { name: 'View' }).waitFor();
        await card.getByRole('link', { name: 'Email' }).waitFor();
      }
      await page.screenshot({ path: `${SHOTS}/admin-contacts-list-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width >= 768) {
        // The whole table fits its card, Actions included (no scrollbar of its own).
        const table = await page.evaluate(() => {
          const card = document.querySelector('table')!.parentElement!;
          return { scroll: card.scrollWidth, client: card.clientWidth };
        });
        expect(table.scroll).toBeLessThanOrEqual(table.client);
        // A usual address stays on one line; only a long one breaks.
        const emailLines = await page.evaluate(() =>
          [...document.querySelectorAll('tr[data-contact] td')]
            .filter((td) => /^[^\s@]+@[^\s@]+$/.test(td.textContent ?? ''))
            .map((td) => {
              const range = document.createRange();
              range.selectNodeContents(td);
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
              return { email: td.textContent ?? '', lines };
            }),
        );
        const usual = emailLines.filter(({ email }) => email.length <= 24);
        expect(usual.length).toBeGreaterThan(0);
        for (const { email, lines } of usual) expect(lines, `${email} at ${width} px`).toBe(1);
      }

      await page.goto(`${journey.site.baseUrl}/admin/contacts?contact=${person!.id}`);
      await hydrated(page);
      await page.locator('[data-note]').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/admin-contacts-detail-${width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  }
});
