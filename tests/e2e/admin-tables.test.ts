import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { SHOTS, callApi, tokenOf, useAdminSite } from './support/admin-site';

/**
 * Every admin list table fits its card at every width staff use, from a tablet to a wide screen: no
 * column, and no Edit or Delete, hidden behind a sideways scroll. The card is 718 px wide at 768 px and
 * again at 1024 px (where the sidebar appears) and at most 1102 px, so the columns follow the card's
 * width, not the window's. The lists hold the demo content, and contacts as wide as they come: a long
 * address, a service and a "Contacted" badge.
 */

const journey = useAdminSite({ shots: true, env: { TRUST_PROXY: '127.0.0.1' } });

/** Each list's table row, and the card widths (rem) where it takes in another column or its buttons' words. */
const LISTS = {
  blog: { row: 'tr[data-post]', steps: [56, 60, 64] },
  portfolio: { row: 'tr[data-project]', steps: [56, 60, 64] },
  contacts: { row: 'tr[data-contact]', steps: [52, 58, 64] },
  certification: { row: 'tr[data-certificate]', steps: [60, 68] },
};
type Tab = keyof typeof LISTS;
const TABS = Object.keys(LISTS) as Tab[];

/** The window width whose card is `rem` wide: a table is at its widest for its columns there. */
function windowFor(rem: number): number {
  const card = rem * 16;
  // Below 1024 px the card is the window less 50 px of padding; from 1024 px the sidebar takes 256 px more.
  return card + 50 < 1024 ? card + 50 : card + 306;
}

/** The narrowest card (768 px), the widest (1920 px), and each list just past each of its steps. */
function widthsToCheck(): Map<number, Tab[]> {
  const widths = new Map<number, Tab[]>([
    [768, TABS],
    [1920, TABS],
  ]);
  for (const tab of TABS) {
    for (const rem of LISTS[tab].steps) widths.set(windowFor(rem), [...(widths.get(windowFor(rem)) ?? []), tab]);
  }
  return new Map([...widths].sort(([a], [b]) => a - b));
}

async function addContacts(): Promise<void> {
  const base = journey.site.baseUrl;
  const company = await callApi(base, '/api/company');
  const service = (company.json().data as unknown as { coreServices: string[] }).coreServices[0]!;
  const people = [
    ['Maximilian', 'Longaddress', 'maximilian.longaddress.procurement@example-holdings.co.uk'],
    ['Grace', 'Hopper', 'grace.hopper@example.com'],
    ['Ada', 'Lovelace', 'ada@example.com'],
  ];
  for (const [index, [first, last, email]] of people.entries()) {
    const response = await fetch(`${base}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.30.0.${index + 1}` },
      body: JSON.stringify({ first_name: first, last_name: last, email, service, message: 'A quote, please.' }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }
  const token = await tokenOf(base, 'admin', ADMIN_PASSWORD);
  const list = await callApi(base, '/api/contacts/admin?search=Hopper', { token });
  const [grace] = (list.json().data as unknown as { contacts: { id: number }[] }).contacts;
  const contacted = await callApi(base, `/api/contacts/${grace!.id}/status`, {
    method: 'PATCH',
    token,
    body: { status: 'contacted' },
  });
  expect(contacted.status, contacted.text).toBe(200);
}

describe('the admin list tables fit their card, Actions included, at every width from a tablet to a wide screen', () => {
  beforeAll(addContacts);

  it.each([...widthsToCheck()])('at %i px', async (width, tabs) => {
    const { context, page, errors } = await newPage(journey.browser, { width, height: 900 });
    await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    for (const tab of tabs) {
      const { row } = LISTS[tab];
      await page.goto(`${journey.site.baseUrl}/admin/${tab}`);
      await hydrated(page);
      await page.locator(row).first().waitFor();
      const fit = await page.evaluate((selector) => {
        const card = document.querySelector(selector)!.closest('table')!.parentElement!;
        const right = card.getBoundingClientRect().right;
        const actions = [...card.querySelectorAll('tbody tr td:last-child')];
        return {
          card: card.clientWidth,
          scroll: card.scrollWidth,
          actionsShown: actions.every((cell) => cell.getBoundingClientRect().right <= right + 0.5),
        };
      }, row);
      if (fit.scroll > fit.card) await page.screenshot({ path: `${SHOTS}/admin-table-${tab}-${width}.png` });
      expect(fit.scroll, `${tab} at ${width} px (card ${fit.card} px)`).toBeLessThanOrEqual(fit.card);
      expect(fit.actionsShown, `${tab} at ${width} px`).toBe(true);
    }
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
