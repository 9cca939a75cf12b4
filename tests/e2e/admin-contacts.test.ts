import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { contactCsvColumns } from '../../src/shared/contracts/contacts';
import { ContactMessage } from '../../src/shared/contracts/contacts.values';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { confirmDialog, SHOTS, tokenOf } from './support/admin-site';
import { EDITOR, MESSAGE, rowOf, said, useContactsJourney, VIEWER } from './admin-contacts-testing';

/**
 * The admin Contacts tab, worked on: staff find a request, work on it, export, bulk-update and delete; a
 * viewer reads without changing anything. (Its list refreshing, the bell and the mail: admin-contacts-
 * notifications; its screens: admin-contacts-screens.)
 */
const { journey, submitContact, contactsNamed, contactById, firstService, openContacts } = useContactsJourney();

describe('the admin Contacts tab', () => {
  let service = '';
  let adminToken = '';

  it('staff find a request, work on it, export, bulk-update and delete', async () => {
    adminToken = await tokenOf(journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    service = await firstService();
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
});
