import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CertificateMessage } from '../../src/shared/contracts/certificates.values';
import { hydrated, unexpectedErrors, watchCsp } from './support/admin';
import { SHOTS, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';
import { scrollWidth } from './support/screenshots';

/**
 * A visitor checks certificates of the demo register (src/server/seed/demo-content.ts): an active one, one
 * past its expiry, a revoked one, an unknown and a malformed number; from the header button, with the
 * keyboard and without JavaScript. Lookups share a limit of 30 a minute per address, so this file makes
 * fewer than that before its last test, which walks into the limit on purpose.
 */

const ACTIVE = { number: 'SST-2025-48213', name: 'Hamza Ali', course: 'Web Development Internship' };
const EXPIRED = { number: 'SST-2023-17654', name: 'Ayesha Siddiqui' };
const REVOKED = { number: 'SST-2025-90342', name: 'Bilal Ahmed' };
const UNKNOWN = 'SST-2026-99999';

const journey = useAdminSite({ shots: true });

const field = (page: Page) => page.getByRole('textbox', { name: 'Certificate number' });
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify Certificate' });
const result = (page: Page) => page.locator('[data-verify-result]');
const detail = (page: Page, term: string) =>
  result(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');

async function lookUp(page: Page, typed: string): Promise<void> {
  // The address before: after a first lookup it already has a number, so wait for this lookup's own.
  const before = page.url();
  await field(page).fill(typed);
  await verifyButton(page).click();
  await page.waitForURL((url) => url.searchParams.has('number') && url.href !== before);
  await page.waitForLoadState('networkidle');
}

describe('the certificate verification page', () => {
  it('is server-rendered: a result has its own address, is never cached and is not indexed', async () => {
    const base = journey.site.baseUrl;
    const empty = await fetch(`${base}/verify-certificate`);
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toMatch(
      /<form[^>]*action="\/verify-certificate"[^>]*method="get"|<form[^>]*method="get"[^>]*action="\/verify-certificate"/,
    );
    expect(emptyHtml).toContain('name="number"');
    expect(emptyHtml).toContain(`<link rel="canonical" href="${base}/verify-certificate"/>`);
    expect(emptyHtml).not.toContain('noindex');

    const found = await fetch(`${base}/verify-certificate?number=${ACTIVE.number}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('no-store');
    const html = await found.text();
    expect(html).toContain(CertificateMessage.VERIFIED);
    expect(html).toContain(ACTIVE.name);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // One canonical address for every lookup: the page without a number.
    expect(html).toContain(`<link rel="canonical" href="${base}/verify-certificate"/>`);

    const missing = await fetch(`${base}/verify-certificate?number=${UNKNOWN}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');

    // A typed number is text on the page, never markup.
    const hostile = await fetch(
      `${base}/verify-certificate?number=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
    );
    expect(hostile.status).toBe(404);
    expect(await hostile.text()).not.toContain('<img src=x');

    const blank = await fetch(`${base}/verify-certificate?number=+`);
    expect(blank.status).toBe(200);
    expect(await blank.text()).toContain(CertificateMessage.NUMBER_REQUIRED);
  });

  it('verifies from the header button: blank, active, expired, revoked, unknown and malformed numbers', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const cspViolations = await watchCsp(page);
    await page.goto(journey.site.baseUrl);
    await hydrated(page);
    await page.locator('header').getByRole('link', { name: 'Verify Certificate' }).first().click();
    await page.waitForURL('**/verify-certificate');
    await field(page).waitFor();

    // Blank: the catalogue's message at once, no lookup.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await verifyButton(page).click();
    await page.getByText(CertificateMessage.NUMBER_REQUIRED).waitFor();
    expect(requests.filter((url) => url.includes('number='))).toEqual([]);
    expect(await field(page).evaluate((element) => element === document.activeElement)).toBe(true);

    // Typed in lower case with spaces: found all the same.
    await lookUp(page, `  ${ACTIVE.number.toLowerCase()} `);
    await result(page).getByRole('heading', { name: CertificateMessage.VERIFIED }).waitFor();
    expect(await page.getByText(CertificateMessage.NUMBER_REQUIRED).count()).toBe(0);
    // Focus moves to the result, so that it is read out.
    expect(await result(page).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await detail(page, 'Certificate Number').textContent()).toBe(ACTIVE.number);
    expect(await detail(page, 'Recipient Name').textContent()).toBe(ACTIVE.name);
    expect(await detail(page, 'Recipient Type').textContent()).toBe('Intern');
    expect(await detail(page, 'Course / Program').textContent()).toBe(ACTIVE.course);
    expect(await detail(page, 'Issue Date').textContent()).toBe('August 30, 2025');
    expect(await detail(page, 'Expiry Date').textContent()).toBe('August 30, 2027');
    const activeBadge = detail(page, 'Status').locator('[data-status]');
    expect(await activeBadge.textContent()).toBe('Active');
    expect(await activeBadge.getAttribute('class')).toContain('emerald');
    // The field holds the number as it was looked up, ready for the next one.
    expect(await field(page).inputValue()).toBe(ACTIVE.number);
    expect(await page.title()).toMatch(/^Verify Certificate \| /);

    await lookUp(page, EXPIRED.number);
    await result(page).getByRole('heading', { name: CertificateMessage.VERIFIED }).waitFor();
    // The heading is the active certificate's too: wait for this lookup's own result to replace it.
    await expect.poll(() => detail(page, 'Recipient Name').textContent()).toBe(EXPIRED.name);
    const expiredBadge = detail(page, 'Status').locator('[data-status]');
    expect(await expiredBadge.textContent()).toBe('Expired');
    expect(await expiredBadge.getAttribute('class')).toContain('amber');
    await result(page).getByText(CertificateMessage.EXPIRED_NOTICE.replace('{date}', 'June 15, 2024')).waitFor();

    await lookUp(page, REVOKED.number);
    await result(page).getByRole('heading', { name: CertificateMessage.REVOKED_TITLE }).waitFor();
    expect(await result(page).getByRole('heading', { name: CertificateMessage.VERIFIED }).count()).toBe(0);
    await result(page).getByText(CertificateMessage.REVOKED_NOTICE.replace('{date}', 'March 10, 2025')).waitFor();
    expect(await detail(page, 'Status').textContent()).toBe('Revoked');
    // The reason is for staff: the page never shows it.
    expect(await result(page).textContent()).not.toContain('incorrect course record; replaced');

    await lookUp(page, UNKNOWN);
    await result(page).getByText(CertificateMessage.NOT_FOUND.replace('{number}', UNKNOWN)).waitFor();
    expect(await result(page).getByText(CertificateMessage.NUMBER_FORMAT).count()).toBe(0);

    await lookUp(page, 'SST-26-1');
    await result(page).getByText(CertificateMessage.NOT_FOUND.replace('{number}', 'SST-26-1')).waitFor();
    await result(page).getByText(CertificateMessage.NUMBER_FORMAT).waitFor();

    // Back goes to the previous result, as the address says.
    await page.goBack();
    await result(page).getByText(CertificateMessage.NOT_FOUND.replace('{number}', UNKNOWN)).waitFor();

    expect(await cspViolations()).toEqual([]);
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    await context.close();
  });

  it('works without JavaScript: the form is a plain GET and the server answers with the result', async () => {
    const context = await journey.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${journey.site.baseUrl}/verify-certificate`);
    await field(page).fill(ACTIVE.number);
    await verifyButton(page).click();
    await page.waitForURL(`**/verify-certificate?number=${ACTIVE.number}`);
    await result(page).getByRole('heading', { name: CertificateMessage.VERIFIED }).waitFor();
    expect(await detail(page, 'Recipient Name').textContent()).toBe(ACTIVE.name);

    await field(page).fill('');
    await verifyButton(page).click();
    await page.getByText(CertificateMessage.NUMBER_REQUIRED).waitFor();
    await context.close();
  });

  it('looks right at phone and desktop widths: idle, verified, revoked and not found', async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 900 });
      const shots = [
        ['idle', ''],
        ['verified', `?number=${ACTIVE.number}`],
        ['revoked', `?number=${REVOKED.number}`],
        ['not-found', `?number=${UNKNOWN}`],
      ] as const;
      for (const [name, query] of shots) {
        await page.goto(`${journey.site.baseUrl}/verify-certificate${query}`);
        await hydrated(page);
        // Opening a result (a link, a QR code) starts at the top of the page.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await page.screenshot({ path: `${SHOTS}/verify-certificate-${name}-${width}.png`, fullPage: true });
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      }
      expect(unexpectedErrors(errors, [404])).toEqual([]);
      await context.close();
    }
  });

  it('stops answering after 30 lookups a minute from one address, on the page and the API alike', async () => {
    const base = journey.site.baseUrl;
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i += 1) {
      status = (await fetch(`${base}/api/certificates/verify/${ACTIVE.number}`)).status;
    }
    expect(status).toBe(429);
    const page = await fetch(`${base}/verify-certificate?number=${ACTIVE.number}`);
    expect(page.status).toBe(429);
    const html = await page.text();
    expect(html).toContain(CertificateMessage.VERIFY_RATE_LIMITED);
    expect(html).not.toContain(ACTIVE.name);
  });
});
