import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { useSmtpSink } from '../../src/server/testing/smtp-sink';
import { callApi, editorAndViewer, useAdminSite } from './support/admin-site';

/** What the admin Contacts journeys share: their staff, their site and the calls their tests make. */

export const { EDITOR, VIEWER } = editorAndViewer('leads');

/** A visitor whose mail server refuses mail: the confirmation to them fails and the contact says so. */
export const BOUNCING = 'bounce@example.com';

export const MESSAGE = 'We need an analytics dashboard, with exports.\n\n  Budget: "flexible"; start in January.';

export interface StoredContact {
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

/**
 * A fresh site with the editor and viewer, and a mail server that refuses BOUNCING, for the file's tests
 * (started before them, stopped after them); the calls they make to it.
 */
export function useContactsJourney() {
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

  /** The first of the company's core services, which a request may name. */
  async function firstService(): Promise<string> {
    const company = await api('/api/company');
    return (company.json().data as unknown as { coreServices: string[] }).coreServices[0]!;
  }

  async function openContacts(page: Page) {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Contacts' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/contacts`);
    await page.getByRole('heading', { name: 'Contact Requests' }).waitFor();
  }

  return { journey, api, submitContact, contactsNamed, contactById, firstService, openContacts };
}

/** The table at desktop widths; the cards list stands in for it on phones. */
export const rowOf = (page: Page, id: number) => page.locator(`tr[data-contact="${id}"]`);

/** A message said once: in a toast, or for the list's own actions (bulk, delete) in the list's notice. */
export async function said(page: Page, text: string) {
  await page
    .locator('[data-toast], main [role="status"], main [role="alert"]')
    .filter({ hasText: text })
    .first()
    .waitFor();
  expect(await page.getByText(text, { exact: true }).count()).toBeLessThanOrEqual(1);
}
