import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ADMIN_ENV, ADMIN_PASSWORD } from './admin';
import { launchBrowser, startSite, type RunningSite } from './harness';

/** Where the screenshot journeys put their pictures for a person to look at. */
export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

/** A staff user a journey creates besides the first admin. */
export interface StaffUser {
  username: string;
  password: string;
  role: 'editor' | 'viewer';
}

/** An editor and a viewer named after the journey ("blog" → blog.editor, blog.viewer). */
export function editorAndViewer(prefix: string): { EDITOR: StaffUser; VIEWER: StaffUser } {
  return {
    EDITOR: { username: `${prefix}.editor`, password: 'editor-pass-1234', role: 'editor' },
    VIEWER: { username: `${prefix}.viewer`, password: 'viewer-pass-1234', role: 'viewer' },
  };
}

export interface ApiAnswer {
  status: number;
  text: string;
  json: () => { data: Record<string, unknown> };
}

/** A JSON call to the running site, as a given token (or none). */
export async function callApi(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as { data: Record<string, unknown> } };
}

/** Signs in through the API and returns the access token. */
export async function tokenOf(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await callApi(baseUrl, '/api/auth/login', { method: 'POST', body: { username, password } });
  expect(res.status).toBe(200);
  return res.json().data.token as string;
}

/** The site and browser of a journey file, there from its beforeAll on. */
export interface AdminJourney {
  site: RunningSite;
  browser: Browser;
}

/**
 * Starts a fresh site with its first admin (ADMIN_ENV) and a browser before the file's tests, creates
 * `staff` as that admin, and stops both afterwards. `shots` makes sure the screenshot folder exists;
 * `env` adds to the server's environment (TRUST_PROXY, for instance); `localhost` serves the site at
 * http://localhost:<port> (passkeys need a host name).
 */
export function useAdminSite(
  options: {
    staff?: StaffUser[];
    shots?: boolean;
    timeout?: number;
    env?: Record<string, string>;
    localhost?: boolean;
  } = {},
): AdminJourney {
  const journey = {} as AdminJourney;
  beforeAll(async () => {
    if (options.shots) mkdirSync(SHOTS, { recursive: true });
    journey.site = await startSite({ ...ADMIN_ENV, ...options.env }, { localhost: options.localhost });
    journey.browser = await launchBrowser();
    const staff = options.staff ?? [];
    if (staff.length === 0) return;
    const baseUrl = journey.site.baseUrl;
    const admin = await tokenOf(baseUrl, 'admin', ADMIN_PASSWORD);
    for (const user of staff) {
      const created = await callApi(baseUrl, '/api/auth/register', {
        method: 'POST',
        token: admin,
        body: {
          username: user.username,
          email: `${user.username}@example.com`,
          password: user.password,
          role: user.role,
        },
      });
      expect(created.status).toBe(201);
    }
  }, options.timeout);

  afterAll(async () => {
    await journey.browser?.close();
    await journey.site?.stop();
  });
  return journey;
}

/** Answers the open confirmation dialog with `button`, after checking it says `text`. */
export async function confirmDialog(page: Page, text: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(text);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}
