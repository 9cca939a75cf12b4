import { SignJWT, decodeJwt } from 'jose';
import type { Page } from 'playwright-core';

/** The first admin of a fresh site in the admin journeys (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = 'owner@example.com';
export const ADMIN_PASSWORD = 'correct-horse-battery-1';
/** Known signing key, so a journey can make a genuinely expired copy of a real access token. */
export const JWT_SECRET = 'journey-signing-key-0123456789-abcdefghij';
export const ADMIN_ENV = { ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET };

/** The same access token (same user, session, issuer, audience), expired a minute ago. */
export async function expiredCopyOf(token: string): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(JWT_SECRET));
}

/** Waits until React Router has taken over the page and the network is quiet. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  await page.waitForLoadState('networkidle');
}

/**
 * Brings a part of the page whose code loads near the viewport (hydrateWhenVisible, ADR 0023) into view
 * and waits until React runs it: until then its server HTML is shown as it is, and a form in it is a plain
 * HTML form. React marks the elements it has hydrated with its own properties.
 */
export async function partHydrated(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
}

/**
 * Console errors other than the "Failed to load resource" lines Chromium prints for answers the
 * journey provokes on purpose (401 for a wrong password or an expired token, 400/409 refusals).
 */
export function unexpectedErrors(errors: string[], allowedStatuses: number[] = []): string[] {
  return errors.filter((line) => {
    const match = /Failed to load resource: the server responded with a status of (\d+)/.exec(line);
    return !(match && allowedStatuses.includes(Number(match[1])));
  });
}

/** Collects CSP violations reported in the page. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (event) =>
      list.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/login`);
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(/\/admin\/(dashboard|overview|settings|[a-z]+)$/);
  await page.locator('[data-current-user]').waitFor();
}
