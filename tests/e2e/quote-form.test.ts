import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContactMessage, type ContactSummary } from '../../src/shared/contracts/contacts';
import { useSmtpSink } from '../../src/server/testing/smtp-sink';
import { ErrorMessage } from '../../src/shared/errors';
import {
  ADMIN_EMAIL,
  ADMIN_ENV,
  ADMIN_PASSWORD,
  hydrated,
  partHydrated,
  unexpectedErrors,
  watchCsp,
} from './support/admin';
import { callApi, tokenOf } from './support/admin-site';
import { launchBrowser, newPage, startSite, takeTableAway, type RunningSite } from './support/harness';
import type { Browser } from 'playwright-core';

/**
 * A visitor asks for a quote: with JavaScript (sending state, banner, cleared form, field errors, a
 * network failure and a server failure each told apart, kept and sent again, the draft kept across a reload), without JavaScript (the page
 * answers the POST), from /contact and from a project's Contact Us. Staff then find each request
 * through the admin API. Every journey sends from its own client address (X-Forwarded-For, trusted
 * from 127.0.0.1), so the five-per-ten-minutes limit of one journey does not meet another's.
 */

const SERVICE = 'Web Development';
const PROJECT_SLUG = 'bloom-retail-online-store';
const PROJECT_TITLE = 'Bloom Retail Online Store';

let site: RunningSite;
let browser: Browser;
let lastAddress = 10;
const nextAddress = () => `198.51.100.${(lastAddress += 1)}`;

/** Every mail the site sends, as the local SMTP server received it (SMTP_URL is set before the site starts). */
const smtpEnv: Record<string, string> = {};
const { received: mails } = useSmtpSink(smtpEnv);

/** Waits for a mail to `to` whose subject line contains `subject`. */
function mailTo(to: string, subject: string): Promise<string> {
  return vi.waitFor(
    () => {
      const found = mails.find(
        (mail) => mail.to.includes(to) && new RegExp(`^Subject: .*${subject}`, 'm').test(mail.raw),
      );
      if (!found) throw new Error(`no mail to ${to} about "${subject}"; got ${JSON.stringify(mails.map((m) => m.to))}`);
      return found.raw;
    },
    { timeout: 15_000, interval: 100 },
  );
}

beforeAll(async () => {
  site = await startSite({ ...ADMIN_ENV, TRUST_PROXY: '127.0.0.1', ...smtpEnv, MAIL_POLL_SECONDS: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A page whose requests come from a client address of its own. */
async function visitorPage(options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const address = nextAddress();
  if (options.javaScriptEnabled === false) {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: options.width ?? 1280, height: 800 },
      extraHTTPHeaders: { 'x-forwarded-for': address },
    });
    return { context, page: await context.newPage(), errors: [] as string[], address };
  }
  const opened = await newPage(browser, { width: options.width ?? 1280 });
  await opened.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return { ...opened, address };
}

/** Opens `path` and waits until the quote form runs (its part hydrates on its own, ADR 0024). */
async function openForm(page: Page, path = '/#get-quote') {
  await page.goto(`${site.baseUrl}${path}`);
  await hydrated(page);
  await partHydrated(page, '#get-quote');
}

const form = (page: Page) => page.locator('#get-quote form');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: false });

async function fill(page: Page, values: { first: string; last: string; email: string; message: string }) {
  await field(page, 'First Name').fill(values.first);
  await field(page, 'Last Name').fill(values.last);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Project Details').fill(values.message);
}

/** The contacts staff see for this e-mail address (admin API, signed in). */
async function contactsOf(email: string): Promise<ContactSummary[]> {
  const token = await tokenOf(site.baseUrl, 'admin', ADMIN_PASSWORD);
  const res = await callApi(site.baseUrl, `/api/contacts/admin?search=${encodeURIComponent(email)}`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.json().data as { contacts: ContactSummary[] }).contacts;
}

const values = (page: Page) =>
  Promise.all(['First Name', 'Last Name', 'Email', 'Project Details'].map((label) => field(page, label).inputValue()));

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
    const putBack = takeTableAway(site, 'contacts');
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

describe('the quote form without JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await visitorPage({ javaScriptEnabled: false }));
  });
  afterAll(async () => context?.close());

  it('posts to the page and lands on the success banner', async () => {
    await page.goto(`${site.baseUrl}/`);
    await fill(page, { first: 'Hedy', last: 'Lamarr', email: 'hedy@example.com', message: 'Frequency hopping.' });
    await field(page, 'Service').selectOption(SERVICE);
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${site.baseUrl}/?quote=sent#get-quote`);
    await form(page).getByRole('status').filter({ hasText: ContactMessage.BANNER_SENT }).waitFor();
    expect(await values(page)).toEqual(['', '', '', '']);
    const [stored] = await contactsOf('hedy@example.com');
    expect(stored).toMatchObject({ last_name: 'Lamarr', service: SERVICE, source: 'website' });
  });

  it('answers a bad e-mail with the page again (400), what was typed and the error under the field', async () => {
    await page.goto(`${site.baseUrl}/`);
    await fill(page, { first: 'Ada', last: 'Lovelace', email: 'ada-at-example', message: '<script>x</script>' });
    const answered = page.waitForResponse((res) => res.request().method() === 'POST');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    expect((await answered).status()).toBe(400);
    await page.waitForLoadState();
    await form(page).getByText(ContactMessage.EMAIL_INVALID, { exact: true }).waitFor();
    expect(await values(page)).toEqual(['Ada', 'Lovelace', 'ada-at-example', '<script>x</script>']);
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');
    // Back at the form, not the top of the page.
    expect(new URL(page.url()).hash).toBe('#get-quote');
    expect(await contactsOf('ada-at-example')).toEqual([]);
  });

  it('takes a form sent through another name of the site than PUBLIC_URL, and says so in the log', async () => {
    // The site's PUBLIC_URL names 127.0.0.1; the visitor came through localhost (the bare domain beside www).
    const otherName = site.baseUrl.replace('127.0.0.1', 'localhost');
    await page.goto(`${otherName}/`);
    await fill(page, {
      first: 'Grace',
      last: 'Hopper',
      email: 'grace.other-name@example.com',
      message: 'A compiler, please.',
    });
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(/\/\?quote=sent#get-quote$/);
    await form(page).getByRole('status').filter({ hasText: ContactMessage.BANNER_SENT }).waitFor();
    expect(await contactsOf('grace.other-name@example.com')).toHaveLength(1);
    expect(site.output()).toContain(`a form was sent through ${new URL(otherName).host}, not PUBLIC_URL's`);
  });

  it('refuses a form sent from another site with a page that says nothing was sent', async () => {
    const res = await fetch(`${site.baseUrl}/?index`, {
      method: 'POST',
      headers: {
        origin: 'https://elsewhere.example',
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': nextAddress(),
      },
      body: new URLSearchParams({
        first_name: 'Mallory',
        last_name: 'Forger',
        email: 'mallory@example.com',
        message: 'Sent from a page that is not yours.',
      }),
    });
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain('This form was sent from another site');
    expect(text).toContain('Nothing was sent');
    expect(await contactsOf('mallory@example.com')).toEqual([]);
  });
});

describe('the shared limit', () => {
  it('counts the API and the page form together; past it the page answers 429 with what was typed', async () => {
    const address = nextAddress();
    const body = { first_name: 'Rate', last_name: 'Limit', email: 'rl@example.com', message: 'Hello' };
    for (let i = 0; i < 4; i += 1) {
      const res = await fetch(`${site.baseUrl}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
    }
    const post = () =>
      fetch(`${site.baseUrl}/?index`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'x-forwarded-for': address, origin: site.baseUrl },
        body: new URLSearchParams(body),
      });
    const fifth = await post();
    expect(fifth.status).toBe(303);
    expect(fifth.headers.get('location')).toBe('/?quote=sent#get-quote');
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toContain(ErrorMessage.RATE_LIMITED);
    expect(html).toContain('value="rl@example.com"');
    expect(await contactsOf('rl@example.com')).toHaveLength(5);
  });
});

describe('hostile posts to the page form', () => {
  it('end in a 4xx answer (or the redirect of a stored request), never 5xx', async () => {
    const form = 'application/x-www-form-urlencoded';
    const cases: { body: BodyInit; type?: string; path?: string }[] = [
      { body: 'first_name=%E0%A4%A&last_name=%ZZ&email=a@b.co&message=x' },
      { body: '__proto__[x]=1&constructor=2&first_name=a' },
      {
        body: new Uint8Array([
          ...Buffer.from('first_name='),
          0xff,
          0xfe,
          ...Buffer.from('&last_name=b&email=a@b.co&message=m'),
        ]),
      },
      { body: `message=${'a'.repeat(70_000)}` },
      { body: `first_name=${'a'.repeat(20_000)}&message=${'b'.repeat(20_000)}` },
      { body: 'first_name=A%00da&last_name=b&email=a@b.co&message=m' },
      { body: 'f%00=1&first_name=a' },
      { body: '' },
      { body: '{"first_name":"a"}', type: 'application/json' },
      { body: 'x', type: 'text/plain' },
      {
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nA\r\n--x--\r\n',
        type: 'multipart/form-data; boundary=x',
      },
      { body: 'a=1', path: '/?index%00' },
    ];
    for (const item of cases) {
      const res = await fetch(`${site.baseUrl}${item.path ?? '/?index'}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': item.type ?? form, 'x-forwarded-for': nextAddress(), origin: site.baseUrl },
        body: item.body,
      });
      expect(res.status, String(item.body).slice(0, 60)).toBeGreaterThanOrEqual(300);
      expect(res.status, String(item.body).slice(0, 60)).toBeLessThan(500);
    }
    const nul = await fetch(`${site.baseUrl}/?index`, {
      method: 'POST',
      headers: { 'x-forwarded-for': nextAddress(), origin: site.baseUrl },
      body: new URLSearchParams({ first_name: 'A\u0000da', last_name: 'b', email: 'nul@example.com', message: 'm' }),
    });
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain('first_name must not contain NUL characters');
    expect(await contactsOf('nul@example.com')).toEqual([]);
  });
});

describe('links to the form', () => {
  it('/contact redirects permanently to the form, keeping a service or subject', async () => {
    const bare = await fetch(`${site.baseUrl}/contact`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/#get-quote');
    const asked = await fetch(`${site.baseUrl}/contact?service=${encodeURIComponent(SERVICE)}&subject=Hi&x=1`, {
      redirect: 'manual',
    });
    expect(asked.status).toBe(301);
    expect(asked.headers.get('location')).toBe('/?service=Web+Development&subject=Hi#get-quote');

    const { context, page } = await visitorPage();
    await page.goto(`${site.baseUrl}/contact?service=${encodeURIComponent(SERVICE)}`);
    await hydrated(page);
    expect(new URL(page.url()).hash).toBe('#get-quote');
    expect(await field(page, 'Service').inputValue()).toBe(SERVICE);
    await context.close();
  });

  it("a project's Contact Us lands on the form with Project Details started", async () => {
    const { context, page, errors } = await visitorPage({ width: 390 });
    await page.goto(`${site.baseUrl}/portfolio/${PROJECT_SLUG}`);
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
    await page.goto(`${site.baseUrl}/blog`);
    await hydrated(page);
    await page.getByRole('banner').getByRole('link', { name: 'Get Quote' }).first().click();
    await page.waitForURL(`${site.baseUrl}/#get-quote`);
    await expect
      .poll(() => page.locator('#get-quote').evaluate((element) => Math.abs(element.getBoundingClientRect().top)))
      .toBeLessThan(100);
    await context.close();
  });
});
