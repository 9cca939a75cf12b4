import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ContactMessage } from '../../src/shared/contracts/contacts.values';
import { ADMIN_EMAIL, hydrated, partHydrated, unexpectedErrors, watchCsp } from './support/admin';
import { takeTableAway } from './support/harness';
import {
  field,
  fill,
  form,
  PROJECT_SLUG,
  PROJECT_TITLE,
  SERVICE,
  useQuoteFormSite,
  values,
} from './quote-form-testing';

/**
 * A visitor asks for a quote with JavaScript: sending state, banner, cleared form, field errors, a network
 * failure and a server failure each told apart, kept and sent again, the draft kept across a reload; and
 * reaches the form from /contact, a project's Contact Us and the header. Staff then find each request
 * through the admin API. (The form posted without JavaScript: quote-form-page-post.)
 */
const { journey, mailTo, visitorPage, openForm, contactsOf } = useQuoteFormSite();

/** What the focused element says: the page itself (the body) when the focus was lost. */
const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement === document.body ? '(the page)' : document.activeElement?.textContent));

describe('the quote form with JavaScript', () => {
  it("sends: 'Sending...' with the fields disabled, then the banner for 5 seconds and a cleared form", async () => {
    const { context, page, errors } = await visitorPage();
    const csp = await watchCsp(page);
    await openForm(page);
    await fill(page, { first: 'Grace', last: 'Hopper', email: 'grace@example.com', message: 'A new <b>shop</b>.' });
    await field(page, 'Phone').fill('+1 555 0100');
    await field(page, 'Service').selectOption(SERVICE);

    // Hold the answer a moment so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contacts', async (route) => {
      await held;
      await route.continue();
    });
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    const sending = form(page).getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    expect(await field(page, 'First Name').isDisabled()).toBe(true);
    expect(await field(page, 'Project Details').isDisabled()).toBe(true);
    release();

    const banner = form(page).getByRole('status').filter({ hasText: ContactMessage.BANNER_SENT });
    await banner.waitFor();
    const shownAt = Date.now();
    // Sending disabled the button that had the focus: the answer takes it, not the page itself.
    await expect.poll(() => focusedText(page)).toContain(ContactMessage.BANNER_SENT);
    expect(await values(page)).toEqual(['', '', '', '']);
    expect(await field(page, 'Service').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('quoteFormDraft'))).toBeNull();
    await banner.waitFor({ state: 'detached', timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);

    const [stored] = await contactsOf('grace@example.com');
    expect(stored).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '+1 555 0100',
      service: SERVICE,
      message: 'A new <b>shop</b>.',
      source: 'website',
      status: 'new',
    });
    // The mail reaches the local SMTP server: the visitor's confirmation and the staff notification.
    const confirmation = await mailTo('grace@example.com', 'We received your message');
    // A fixed text: nothing the visitor typed, not even the first name (ADR 0033).
    expect(confirmation).not.toMatch(/Grace|Hopper/);
    expect(confirmation).not.toMatch(/shop/);
    const staffMail = await mailTo(ADMIN_EMAIL, 'New contact request from Grace Hopper');
    expect(staffMail).toMatch(/grace@example\.com/);
    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows each problem under its field, focuses the first, and keeps the draft across a reload', async () => {
    const { context, page, errors } = await visitorPage();
    await openForm(page, '/');
    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contacts')) posted += 1;
    });
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      ContactMessage.FIRST_NAME_REQUIRED,
      ContactMessage.LAST_NAME_REQUIRED,
      ContactMessage.EMAIL_REQUIRED,
      ContactMessage.MESSAGE_REQUIRED,
    ]) {
      await form(page).getByText(message, { exact: true }).waitFor();
    }
    expect(await field(page, 'First Name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('first_name');

    await fill(page, { first: 'Alan', last: 'Turing', email: 'not-an-address', message: 'Draft text' });
    await field(page, 'Phone').fill('call me');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await form(page).getByText(ContactMessage.EMAIL_INVALID, { exact: true }).waitFor();
    await form(page).getByText(ContactMessage.PHONE_INVALID, { exact: true }).waitFor();
    expect(await form(page).getByText(ContactMessage.FIRST_NAME_REQUIRED).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);

    // The unsent form comes back after a reload.
    await page.reload();
    await hydrated(page);
    await partHydrated(page, '#get-quote');
    await expect.poll(() => values(page)).toEqual(['Alan', 'Turing', 'not-an-address', 'Draft text']);
    expect(await field(page, 'Phone').inputValue()).toBe('call me');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('keeps everything typed when the server cannot be reached, and Try again sends it as the fallback', async () => {
    const { context, page, errors } = await visitorPage();
    await openForm(page);
    await fill(page, { first: 'Katherine', last: 'Johnson', email: 'kj@example.com', message: 'Orbit maths.' });
    await page.route('**/api/contacts', (route) => route.abort('internetdisconnected'));
    await form(page).getByRole('button', { name: 'Send Message' }).click();

    const alert = form(page).getByRole('alert');
    await alert.getByText(ContactMessage.NOT_REACHED).waitFor();
    expect(await alert.textContent()).toContain(ContactMessage.SEND_FAILED);
    await expect.poll(() => focusedText(page)).toContain(ContactMessage.NOT_REACHED);
    expect(await values(page)).toEqual(['Katherine', 'Johnson', 'kj@example.com', 'Orbit maths.']);
    expect(await contactsOf('kj@example.com')).toEqual([]);

    await page.unroute('**/api/contacts');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await form(page).getByRole('status').filter({ hasText: ContactMessage.BANNER_SENT }).waitFor();
    expect(await values(page)).toEqual(['', '', '', '']);
    const stored = await contactsOf('kj@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ first_name: 'Katherine', source: 'website_fallback' });
    expect(unexpectedErrors(errors).filter((line) => !line.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
  it('says the server could not store it (not that it was unreachable) when it answers 5xx, and keeps the form', async () => {
    const { context, page, errors } = await visitorPage();
    await openForm(page);
    await fill(page, { first: 'Dorothy', last: 'Vaughan', email: 'dv@example.com', message: 'FORTRAN lessons.' });
    // The server is there but cannot store a contact: its table is away, as in a broken migration.
    const putBack = takeTableAway(journey.site, 'contacts');
    try {
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/contacts'));
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      expect((await answered).status()).toBeGreaterThanOrEqual(500);

      const alert = form(page).getByRole('alert');
      await alert.getByText(ContactMessage.NOT_STORED).waitFor();
      expect(await alert.textContent()).toContain(ContactMessage.SEND_FAILED);
      expect(await alert.textContent()).not.toContain(ContactMessage.NOT_REACHED);
      expect(await values(page)).toEqual(['Dorothy', 'Vaughan', 'dv@example.com', 'FORTRAN lessons.']);
    } finally {
      putBack();
    }

    await form(page).getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await form(page).getByRole('status').filter({ hasText: ContactMessage.BANNER_SENT }).waitFor();
    expect(await contactsOf('dv@example.com')).toHaveLength(1);
    expect(unexpectedErrors(errors, [500, 503])).toEqual([]);
    await context.close();
  });
});

describe('links to the form', () => {
  it('/contact redirects permanently to the form, keeping a service or subject', async () => {
    const bare = await fetch(`${journey.site.baseUrl}/contact`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/#get-quote');
    const asked = await fetch(`${journey.site.baseUrl}/contact?service=${encodeURIComponent(SERVICE)}&subject=Hi&x=1`, {
      redirect: 'manual',
    });
    expect(asked.status).toBe(301);
    expect(asked.headers.get('location')).toBe('/?service=Web+Development&subject=Hi#get-quote');

    const { context, page } = await visitorPage();
    await page.goto(`${journey.site.baseUrl}/contact?service=${encodeURIComponent(SERVICE)}`);
    await hydrated(page);
    expect(new URL(page.url()).hash).toBe('#get-quote');
    expect(await field(page, 'Service').inputValue()).toBe(SERVICE);
    await context.close();
  });

  it("a project's Contact Us lands on the form with Project Details started", async () => {
    const { context, page, errors } = await visitorPage({ width: 390 });
    await page.goto(`${journey.site.baseUrl}/portfolio/${PROJECT_SLUG}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL(/\/\?subject=.*#get-quote$/);
    await expect.poll(() => field(page, 'Project Details').inputValue()).toBe(`Project like ${PROJECT_TITLE}`);
    await expect.poll(() => form(page).isVisible()).toBe(true);
    const top = await page.locator('#get-quote').evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(100);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it("the header's Get Quote from another page lands on the form", async () => {
    const { context, page } = await visitorPage();
    await page.goto(`${journey.site.baseUrl}/blog`);
    await hydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).first().click();
    await page.waitForURL(`${journey.site.baseUrl}/#get-quote`);
    await expect
      .poll(() => page.locator('#get-quote').evaluate((element) => Math.abs(element.getBoundingClientRect().top)))
      .toBeLessThan(100);
    await context.close();
  });
});
