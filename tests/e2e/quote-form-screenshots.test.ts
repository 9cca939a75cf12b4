import { describe, expect, it } from 'vitest';
import { ContactMessage } from '../../src/shared/contracts/contacts.values';
import { hydrated, unexpectedErrors } from './support/admin';
import { newPage } from './support/harness';
import { SHOTS, scrollWidth, useScreenshotSession } from './support/screenshots';

/** Screenshots of the quote form for a person to look at (SHOTS/quote-*.png), plus no sideways scrolling. */
const session = useScreenshotSession();

describe('the quote form at phone and desktop widths', () => {
  for (const width of [390, 1280]) {
    it(`renders idle, with errors, unreachable and sent at ${width} px`, async () => {
      const { site, browser } = session;
      const { context, page, errors } = await newPage(browser, { width, height: width < 600 ? 844 : 800 });
      const section = page.locator('#get-quote');
      const form = section.locator('form');
      // The fixed top bar would cover part of a section taller than the window: hidden while shooting.
      const header = page.locator('body header').first();
      const shoot = async (name: string) => {
        await header.evaluate((element) => (element.style.visibility = 'hidden'));
        await section.screenshot({ path: `${SHOTS}/quote-${name}-${width}.png` });
        await header.evaluate((element) => (element.style.visibility = ''));
      };

      await page.goto(`${site.baseUrl}/#get-quote`);
      await hydrated(page);
      await shoot('idle');
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByText(ContactMessage.FIRST_NAME_REQUIRED).waitFor();
      await form.getByLabel('Email').fill('not-an-address');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByText(ContactMessage.EMAIL_INVALID).waitFor();
      await shoot('errors');

      await form.getByLabel('First Name').fill('Grace');
      await form.getByLabel('Last Name').fill('Hopper');
      await form.getByLabel('Email').fill('grace@example.com');
      await form.getByLabel('Service').selectOption('Web Development');
      await form.getByLabel('Project Details').fill('A booking site for our clinics, with reminders by SMS.');
      await page.route('**/api/contacts', (route) => route.abort('internetdisconnected'));
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByRole('button', { name: 'Try again' }).waitFor();
      await shoot('unreachable');

      await page.unroute('**/api/contacts');
      await form.getByRole('button', { name: 'Try again' }).click();
      await form.getByText(ContactMessage.BANNER_SENT).waitFor();
      await shoot('sent');
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);

      expect(unexpectedErrors(errors).filter((line) => !line.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
      await context.close();
    });
  }
});
