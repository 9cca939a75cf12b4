import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { ContactSummary } from '../../src/shared/contracts/contacts';
import { useSmtpSink } from '../../src/server/testing/smtp-sink';
import { ADMIN_ENV, ADMIN_PASSWORD, hydrated, partHydrated } from './support/admin';
import { callApi, tokenOf } from './support/admin-site';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';

/**
 * What the quote form journeys share: a site of their own, the visitor's pages and the form, and what staff
 * and the mail server then have. Every journey sends from its own client address (X-Forwarded-For, trusted
 * from 127.0.0.1), so the five-per-ten-minutes limit of one journey does not meet another's.
 */

export const SERVICE = 'Web Development';
export const PROJECT_SLUG = 'bloom-retail-online-store';
export const PROJECT_TITLE = 'Bloom Retail Online Store';

/** The site and browser of a quote form journey file, there from its beforeAll on. */
export interface QuoteFormJourney {
  site: RunningSite;
  browser: Browser;
}

/** Starts a site (with a local mail server) and a browser before the file's tests and stops both after them. */
export function useQuoteFormSite() {
  const journey = {} as QuoteFormJourney;
  let lastAddress = 10;
  const nextAddress = () => `198.51.100.${(lastAddress += 1)}`;

  /** Every mail the site sends, as the local SMTP server received it (SMTP_URL is set before the site starts). */
  const smtpEnv: Record<string, string> = {};
  const { received: mails } = useSmtpSink(smtpEnv);

  beforeAll(async () => {
    journey.site = await startSite({ ...ADMIN_ENV, TRUST_PROXY: '127.0.0.1', ...smtpEnv, MAIL_POLL_SECONDS: '1' });
    journey.browser = await launchBrowser();
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.site?.stop();
  });

  /** Waits for a mail to `to` whose subject line contains `subject`. */
  function mailTo(to: string, subject: string): Promise<string> {
    return vi.waitFor(
      () => {
        const found = mails.find(
          (mail) => mail.to.includes(to) && new RegExp(`^Subject: .*${subject}`, 'm').test(mail.raw),
        );
        if (!found) {
          throw new Error(`no mail to ${to} about "${subject}"; got ${JSON.stringify(mails.map((m) => m.to))}`);
        }
        return found.raw;
      },
      { timeout: 15_000, interval: 100 },
    );
  }

  /** A page whose requests come from a client address of its own. */
  async function visitorPage(options: { javaScriptEnabled?: boolean; width?: number } = {}) {
    const address = nextAddress();
    if (options.javaScriptEnabled === false) {
      const context = await journey.browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: options.width ?? 1280, height: 800 },
        extraHTTPHeaders: { 'x-forwarded-for': address },
      });
      return { context, page: await context.newPage(), errors: [] as string[], address };
    }
    const opened = await newPage(journey.browser, { width: options.width ?? 1280 });
    await opened.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
    return { ...opened, address };
  }

  /** Opens `path` and waits until the quote form runs (its part hydrates on its own, ADR 0024). */
  async function openForm(page: Page, path = '/#get-quote') {
    await page.goto(`${journey.site.baseUrl}${path}`);
    await hydrated(page);
    await partHydrated(page, '#get-quote');
  }

  /** The contacts staff see for this e-mail address (admin API, signed in). */
  async function contactsOf(email: string): Promise<ContactSummary[]> {
    const { baseUrl } = journey.site;
    const token = await tokenOf(baseUrl, 'admin', ADMIN_PASSWORD);
    const res = await callApi(baseUrl, `/api/contacts/admin?search=${encodeURIComponent(email)}`, { token });
    expect(res.status, res.text).toBe(200);
    return (res.json().data as { contacts: ContactSummary[] }).contacts;
  }

  return { journey, nextAddress, mailTo, visitorPage, openForm, contactsOf };
}

export const form = (page: Page) => page.locator('#get-quote form');
export const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: false });

export async function fill(page: Page, values: { first: string; last: string; email: string; message: string }) {
  await field(page, 'First Name').fill(values.first);
  await field(page, 'Last Name').fill(values.last);
  await field(page, 'Email').fill(values.email);
  await field(page, 'Project Details').fill(values.message);
}

export const values = (page: Page) =>
  Promise.all(['First Name', 'Last Name', 'Email', 'Project Details'].map((label) => field(page, label).inputValue()));
