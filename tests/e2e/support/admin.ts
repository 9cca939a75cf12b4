import type { Page } from 'playwright-core';

/** The first admin of a fresh site in the admin journeys (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = 'owner@example.com';
export const ADMIN_PASSWORD = 'correct-horse-battery-1';
export const ADMIN_ENV = { ADMIN_EMAIL, ADMIN_PASSWORD };

/** Waits until React Router has taken over the page and the network is quiet. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  await page.waitForLoadState('networkidle');
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
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin\/(dashboard|overview|settings|[a-z]+)$/);
  await page.locator('[data-current-user]').waitFor();
}
