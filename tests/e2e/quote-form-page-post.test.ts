import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../src/shared/contracts/contacts.values';
import { ErrorMessage } from '../../src/shared/errors';
import { field, fill, form, SERVICE, useQuoteFormSite, values } from './quote-form-testing';

/**
 * The quote form posted to the page, as a browser without JavaScript sends it: the page answers the POST,
 * refuses a form from another site, shares the contact API's limit and stands hostile bodies. Staff then find
 * each request through the admin API.
 */
const { journey, nextAddress, visitorPage, contactsOf } = useQuoteFormSite();

describe('the quote form without JavaScript', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await visitorPage({ javaScriptEnabled: false }));
  });
  afterAll(async () => context?.close());

  it('posts to the page and lands on the success banner', async () => {
    await page.goto(`${journey.site.baseUrl}/`);
    await fill(page, { first: 'Hedy', last: 'Lamarr', email: 'hedy@example.com', message: 'Frequency hopping.' });
    await field(page, 'Service').selectOption(SERVICE);
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/?quote=sent#get-quote`);
    await form(page).getByRole('status').filter({ hasText: ContactMessage.BANNER_SENT }).waitFor();
    expect(await values(page)).toEqual(['', '', '', '']);
    const [stored] = await contactsOf('hedy@example.com');
    expect(stored).toMatchObject({ last_name: 'Lamarr', service: SERVICE, source: 'website' });
  });

  it('answers a bad e-mail with the page again (400), what was typed and the error under the field', async () => {
    await page.goto(`${journey.site.baseUrl}/`);
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
    const otherName = journey.site.baseUrl.replace('127.0.0.1', 'localhost');
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
    expect(journey.site.output()).toContain(`a form was sent through ${new URL(otherName).host}, not PUBLIC_URL's`);
  });

  it('refuses a form sent from another site with a page that says nothing was sent', async () => {
    const res = await fetch(`${journey.site.baseUrl}/?index`, {
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
      const res = await fetch(`${journey.site.baseUrl}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
    }
    const post = () =>
      fetch(`${journey.site.baseUrl}/?index`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'x-forwarded-for': address, origin: journey.site.baseUrl },
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
      const res = await fetch(`${journey.site.baseUrl}${item.path ?? '/?index'}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': item.type ?? form, 'x-forwarded-for': nextAddress(), origin: journey.site.baseUrl },
        body: item.body,
      });
      expect(res.status, String(item.body).slice(0, 60)).toBeGreaterThanOrEqual(300);
      expect(res.status, String(item.body).slice(0, 60)).toBeLessThan(500);
    }
    const nul = await fetch(`${journey.site.baseUrl}/?index`, {
      method: 'POST',
      headers: { 'x-forwarded-for': nextAddress(), origin: journey.site.baseUrl },
      body: new URLSearchParams({ first_name: 'A\u0000da', last_name: 'b', email: 'nul@example.com', message: 'm' }),
    });
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain('first_name must not contain NUL characters');
    expect(await contactsOf('nul@example.com')).toEqual([]);
  });
});
