import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificateMessage, certificateCsvColumns } from '../../src/shared/contracts/certificates.values';
import { pdfInfo, pdfPagePng, pdfQrCode, pdfText } from '../../src/server/testing/pdf-reader';
import { hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { ADMIN_PASSWORD } from './support/admin';
import { callApi, confirmDialog, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';
import { scrollWidth } from './support/screenshots';

/**
 * Staff issue, edit, print, revoke, import and delete certificates in the Certification tab, and a visitor
 * checks one from the QR code of its PDF and from the header's Verify Certificate button. The demo seed
 * holds five certificates: three active, one expired and one revoked.
 */

const { EDITOR, VIEWER } = editorAndViewer('certificates');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true });
const base = () => journey.site.baseUrl;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'certificates-journey-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const RECIPIENT = 'Ærø Łukasz Journey';
const NUMBER = /SST-\d{4}-\d{5}/;
const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());

const main = (page: Page) => page.locator('main');
const rowOf = (page: Page, number: string) => page.locator(`[data-certificate="${number}"]:visible`);
const chip = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Status' }).getByRole('button', { name: new RegExp(`^${label}`) });
const noticeText = (page: Page) => main(page).locator('[role="status"], [role="alert"]').first().textContent();

async function openTab(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Certification' }).click();
  await page.waitForURL(`${base()}/admin/certification`);
  await page.locator('[data-certificate]:visible').first().waitFor();
}

/** The visitor's view of /verify-certificate?number=…, in a fresh context (no staff session). */
async function visitorSees(url: string): Promise<string> {
  const { context, page } = await newPage(journey.browser);
  await page.goto(url);
  await page.locator('[data-verify-result]').waitFor();
  const text = (await page.locator('[data-verify-result]').textContent()) ?? '';
  await context.close();
  return text;
}

describe('the Certification tab', () => {
  it('an editor issues a certificate, prints it, a visitor verifies it, and the editor revokes it', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base() });
    const csp = await watchCsp(page);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await openTab(page);

    // Counts by today's status: the demo's three active, one expired, one revoked.
    expect(await chip(page, 'All').textContent()).toBe('All5');
    expect(await chip(page, 'Active').textContent()).toBe('Active3');
    expect(await chip(page, 'Expired').textContent()).toBe('Expired1');
    await chip(page, 'Revoked').click();
    await page.waitForURL(`${base()}/admin/certification?status=revoked`);
    // One row (the table's, and the phone card's hidden beside it).
    await page.waitForFunction(() => document.querySelectorAll('[data-certificate]').length === 2);
    await rowOf(page, 'SST-2025-90342').waitFor();
    await chip(page, 'All').click();
    await page.waitForURL(`${base()}/admin/certification`);

    // The form checks what the server checks, in the form.
    await page.getByRole('link', { name: 'Add Certificate' }).click();
    await page.waitForURL(`${base()}/admin/certification/new`);
    const form = page.locator('form[aria-label="New certificate"]');
    await page.getByRole('button', { name: 'Create Certificate' }).click();
    await form.getByText(CertificateMessage.RECIPIENT_REQUIRED).waitFor();
    await form.getByText(CertificateMessage.TYPE_CHOOSE).waitFor();
    expect(await form.locator('input[name="recipient_name"]').evaluate((e) => e === document.activeElement)).toBe(true);
    await form.locator('input[name="certificate_number"]').fill('SST-26-1');
    await form.locator('input[name="recipient_name"]').fill(RECIPIENT);
    await form.locator('select[name="recipient_type"]').selectOption('intern');
    await form.locator('input[name="course_name"]').fill('Journey Course in Testing');
    await form.locator('input[name="issue_date"]').fill('2026-03-01');
    await form.locator('input[name="expiry_date"]').fill('2026-02-01');
    await page.getByRole('button', { name: 'Create Certificate' }).click();
    await form.getByText(CertificateMessage.NUMBER_FORMAT).waitFor();
    await form.getByText(CertificateMessage.EXPIRY_BEFORE_ISSUE).waitFor();
    await page.screenshot({ path: `${SHOTS}/certificates-form-errors-1280.png`, fullPage: true });
    // Blank: a number is generated.
    await form.locator('input[name="certificate_number"]').fill('');
    await form.locator('input[name="expiry_date"]').fill('2099-03-01');
    await page.getByRole('button', { name: 'Create Certificate' }).click();
    await page.waitForURL(`${base()}/admin/certification`);
    const created = (await noticeText(page)) ?? '';
    expect(created).toMatch(/^Certificate SST-2026-\d{5} created successfully/);
    const number = NUMBER.exec(created)![0];
    await rowOf(page, number).waitFor();
    expect(await chip(page, 'All').textContent()).toBe('All6');

    // Search finds it whatever the case.
    await page.getByRole('searchbox', { name: 'Search certificates' }).fill('ærø łukasz');
    await page.waitForURL(/search=/);
    await page.waitForFunction(() => document.querySelectorAll('[data-certificate]').length === 2); // table + card
    await rowOf(page, number).waitFor();

    // Edit keeps the number.
    await rowOf(page, number)
      .getByRole('link', { name: `Edit “${number} · ${RECIPIENT}”` })
      .click();
    await page.waitForURL(/\/admin\/certification\/\d+\/edit\?search=/);
    const editForm = page.locator('form[aria-label="Edit certificate"]');
    expect(await editForm.locator('input[name="certificate_number"]').inputValue()).toBe(number);
    await editForm.locator('input[name="duration"]').fill('3 months');
    await page.getByRole('button', { name: 'Update Certificate' }).click();
    await page.waitForURL(/\/admin\/certification\?search=/);
    expect(await noticeText(page)).toContain(`Certificate ${number} updated successfully`);

    // Copy the verification link.
    await rowOf(page, number)
      .getByRole('button', { name: `Copy the verification link of ${number}` })
      .click();
    await page.getByText('Verification link copied').first().waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${base()}/verify-certificate\\?number=${number}&sig=[\\w-]{16}$`));

    // Download the PDF; its QR code leads to the verification page for this number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rowOf(page, number)
        .getByRole('button', { name: `Download the PDF of ${number}` })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = path.join(dir, `${number}.pdf`);
    await download.saveAs(pdf);
    expect((await pdfInfo(pdf))['Page size']).toBe('841.89 x 595.28 pts (A4)');
    const text = await pdfText(pdf);
    expect(text).toContain(RECIPIENT);
    expect(text).toContain('Journey Course in Testing');
    expect(text).toContain('Duration: 3 months');
    await pdfPagePng(pdf, 110, `${SHOTS}/certificate-pdf-page1.png`);
    const qr = await pdfQrCode(pdf);
    expect(qr).toBe(link);

    // A visitor scans the QR code…
    const verified = await visitorSees(qr!);
    expect(verified).toContain(CertificateMessage.VERIFIED);
    expect(verified).toContain(RECIPIENT);
    expect(verified).toContain('3 months');

    // …or types the number after the header's Verify Certificate button.
    const visitor = await newPage(journey.browser);
    await visitor.page.goto(base());
    await hydrated(visitor.page);
    await visitor.page.locator('header').getByRole('link', { name: 'Verify Certificate' }).first().click();
    await visitor.page.getByRole('textbox', { name: 'Certificate number' }).fill(number.toLowerCase());
    await visitor.page.getByRole('button', { name: 'Verify Certificate' }).click();
    await visitor.page
      .locator('[data-verify-result]')
      .getByRole('heading', { name: CertificateMessage.VERIFIED })
      .waitFor();
    expect(await visitor.page.locator('[data-verify-result] [data-status]').textContent()).toBe('Active');

    // Revoke: a reason is required; the record stays, shown as revoked.
    await rowOf(page, number)
      .getByRole('button', { name: `Revoke ${number}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Revoke Certificate' }).click();
    await dialog.getByText(CertificateMessage.REVOCATION_REASON_REQUIRED).waitFor();
    await dialog.getByLabel('Reason').fill('Issued to the wrong person');
    await page.screenshot({ path: `${SHOTS}/certificates-revoke-1280.png` });
    await dialog.getByRole('button', { name: 'Revoke Certificate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await noticeText(page)).toContain(`Certificate ${number} revoked`);
    await rowOf(page, number).locator('[data-status="revoked"]').first().waitFor();
    expect(
      await rowOf(page, number)
        .getByRole('button', { name: `Revoke ${number}` })
        .count(),
    ).toBe(0);

    // The visitor's page says so, with today's date and never the reason.
    await visitor.page.reload();
    const revokedResult = visitor.page.locator('[data-verify-result]');
    await revokedResult.getByRole('heading', { name: CertificateMessage.REVOKED_TITLE }).waitFor();
    const revokedText = (await revokedResult.textContent()) ?? '';
    expect(revokedText).toContain(CertificateMessage.REVOKED_NOTICE.replace('{date}', today));
    expect(revokedText).not.toContain('wrong person');
    await visitor.context.close();

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('an editor imports certificates from a CSV after a preview, downloads the template and deletes one', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await openTab(page);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('certificates-template.csv');
    const templatePath = path.join(dir, 'template.csv');
    await template.saveAs(templatePath);
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(templatePath, 'utf8')).split('\n')[0]).toBe(certificateCsvColumns.join(','));

    const csv = [
      'recipient_name,recipient_type,course_name,issue_date,expiry_date',
      '"Okafor, Chidi",employee,Data Engineering,2026-04-01,',
      'Wrong Type,boss,Nothing,2026-04-01,',
    ].join('\n');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'batch.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.locator('[data-import-summary]').waitFor();
    expect(await dialog.locator('[data-import-summary]').textContent()).toBe(
      'batch.csv: 1 certificate will be created, 1 row is refused.',
    );
    expect(await dialog.locator('[data-import-row="2"]').textContent()).toContain('Okafor, Chidi');
    expect(await dialog.locator('[data-refused-line="3"]').textContent()).toBe(
      `Line 3: ${CertificateMessage.TYPE_REQUIRED}`,
    );
    await page.screenshot({ path: `${SHOTS}/certificates-import-preview-1280.png` });
    await dialog.getByRole('button', { name: 'Import 1 certificate' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await noticeText(page)).toContain('1 certificates created successfully');

    await page.getByRole('searchbox', { name: 'Search certificates' }).fill('Okafor');
    await page.waitForURL(/search=Okafor/);
    const imported = page.locator('[data-certificate]:visible');
    await page.waitForFunction(() => document.querySelectorAll('[data-certificate]').length === 2);
    const importedNumber = (await imported.first().getAttribute('data-certificate'))!;
    expect(importedNumber).toMatch(/^SST-2026-\d{5}$/);

    // Delete asks first, with the catalogue's question.
    await imported
      .first()
      .getByRole('button', { name: /^Delete/ })
      .click();
    await confirmDialog(page, CertificateMessage.DELETE_CONFIRM, 'Delete');
    await main(page).getByText(CertificateMessage.DELETED).first().waitFor();
    await main(page).getByText(CertificateMessage.EMPTY_SEARCH).waitFor();
    expect(
      (await callApi(base(), `/api/certificates/verify/${importedNumber}`)).status,
      'the deleted number no longer verifies',
    ).toBe(404);

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a viewer reads, downloads and copies, but cannot write', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), VIEWER.username, VIEWER.password);
    await openTab(page);
    await main(page).locator('[data-read-only]').waitFor();
    for (const name of ['Add Certificate', 'Import CSV']) {
      expect(await main(page).getByRole('link', { name }).or(main(page).getByRole('button', { name })).count()).toBe(0);
    }
    const row = rowOf(page, 'SST-2025-48213');
    expect(await row.getByRole('button', { name: /^(Delete|Revoke)/ }).count()).toBe(0);
    expect(await row.getByRole('link', { name: /^Edit/ }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download the PDF of SST-2025-48213' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('SST-2025-48213.pdf');

    await page.goto(`${base()}/admin/certification/new`);
    await main(page).getByText('You cannot change certificates').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('looks right at phone and desktop widths', async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 900 });
      await signIn(page, base(), EDITOR.username, EDITOR.password);
      await page.goto(`${base()}/admin/certification`);
      await page.locator('[data-certificate]:visible').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/certificates-list-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      // The table fits: no sideways scrolling inside it either.
      const table = page.locator('table:visible');
      if ((await table.count()) > 0) {
        expect(
          await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth),
        ).toBe(true);
      }
      await page.getByRole('button', { name: 'Import CSV' }).click();
      await page
        .getByRole('dialog')
        .locator('input[type="file"]')
        .setInputFiles({
          name: 'a-rather-long-file-name-for-the-preview.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(
            'recipient_name,recipient_type,course_name,issue_date,expiry_date\nNadia Rahman,intern,Mobile Apps,2026-02-01,2026-08-01\nBad,nobody,,2026-13-01,',
          ),
        });
      await page.getByRole('dialog').locator('[data-import-summary]').waitFor();
      await page.screenshot({ path: `${SHOTS}/certificates-import-${width}.png` });
      const footer = await page.getByRole('dialog').getByRole('button', { name: 'Import 1 certificate' }).boundingBox();
      const box = await page.getByRole('dialog').boundingBox();
      expect(footer!.x + footer!.width).toBeLessThanOrEqual(box!.x + box!.width);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.goto(`${base()}/admin/certification/new`);
      await page.locator('form[aria-label="New certificate"]').waitFor();
      await page.screenshot({ path: `${SHOTS}/certificates-form-${width}.png`, fullPage: true });
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    }
  });

  it('says there are none yet when the register is empty', async () => {
    const admin = await tokenOf(base(), 'admin', ADMIN_PASSWORD);
    const list = await callApi(base(), '/api/certificates?limit=100', { token: admin });
    for (const certificate of list.json().data.certificates as Array<{ id: number }>) {
      expect(
        (await callApi(base(), `/api/certificates/${certificate.id}`, { method: 'DELETE', token: admin })).status,
      ).toBe(200);
    }
    const { context, page } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.goto(`${base()}/admin/certification`);
    await main(page).getByText(CertificateMessage.EMPTY_NONE).waitFor();
    await context.close();
  });
});
