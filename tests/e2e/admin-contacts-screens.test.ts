import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { SHOTS, tokenOf } from './support/admin-site';
import { EDITOR, useContactsJourney } from './admin-contacts-testing';

/** The admin Contacts tab's list and a contact on a phone and a desktop, in screenshots for a person to look at. */
const { journey, api, submitContact, contactsNamed, contactById, firstService } = useContactsJourney();

describe('the admin Contacts tab', () => {
  let service = '';
  let adminToken = '';

  for (const width of [390, 1280]) {
    it(`the list and a contact at ${width} px`, async () => {
      // Runs alone too (-t): the token and the contact are made when an earlier test did not.
      adminToken ||= await tokenOf(journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
      service ||= await firstService();
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
