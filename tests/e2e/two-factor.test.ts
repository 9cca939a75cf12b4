import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, unexpectedErrors, watchCsp } from './support/admin';
import { callApi, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';

/*
 * Two-factor sign-in (ADR 0042) as staff use it: turn it on in Settings with a code generated from the key
 * the page shows, sign in with password and code, then with a recovery code; an admin requires it, and an
 * editor without one is taken through the set-up at sign-in.
 */

const { EDITOR, VIEWER } = editorAndViewer('twofactor');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true });

/** The code of the authenticator `steps` 30-second steps from now. */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto(`${journey.site.baseUrl}/admin/login`);
  await hydrated(page);
  await page.getByLabel('Username').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
}

const signedIn = (page: Page) => page.locator('[data-current-user]').waitFor();

describe('two-factor sign-in', () => {
  it('a staff member turns it on, then signs in with a code and with a recovery code', async () => {
    const { page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await passwordStep(page, EDITOR.username, EDITOR.password);
    await signedIn(page);
    await page.goto(`${journey.site.baseUrl}/admin/settings`);
    const section = page.locator('section[aria-labelledby="settings-two-factor"]');
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = ((await section.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await section.getByRole('img', { name: /QR code/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/two-factor-setup-1280.png`, fullPage: false });
    // A wrong code first: said, and nothing turned on.
    await section.getByLabel('Authentication code').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByText(/not right/).waitFor();
    // The current step's code; the sign-in below uses the next step's (a code is accepted up to one step
    // early or late, and never a step at or before the last one used), however the clock turns meanwhile.
    await section.getByLabel('Authentication code').fill(await codeOf(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = (await section.locator('[data-recovery-codes] li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await section.getByRole('button', { name: 'Done' }).click();
    await section.locator('[data-two-factor="on"]').waitFor();
    await signOut(page);

    // Password, then the current code.
    await passwordStep(page, EDITOR.username, EDITOR.password);
    const step = page.getByRole('form', { name: 'Two-factor authentication' });
    await step.getByLabel('Authentication code').waitFor();
    await page.screenshot({ path: `${SHOTS}/two-factor-code-1280.png` });
    await step.getByLabel('Authentication code').fill(await codeOf(secret, 1));
    await step.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await signOut(page);

    // Password, then a recovery code (once).
    await passwordStep(page, EDITOR.username, EDITOR.password);
    await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await step.getByLabel('Recovery code').fill(codes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);
    await page.goto(`${journey.site.baseUrl}/admin/settings`);
    await section.getByText('9 of 10 recovery codes left').waitFor();
    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors, [400])).toEqual([]);
  });

  it('an admin requires it; an editor without one sets it up at sign-in; viewers are not asked', async () => {
    const base = journey.site.baseUrl;
    const admin = await tokenOf(base, 'admin', ADMIN_PASSWORD);
    const other = { username: `twofactor.second.${Date.now()}`, password: 'second-editor-password-1' };
    const created = await callApi(base, '/api/auth/register', {
      method: 'POST',
      token: admin,
      body: { ...other, email: `${other.username}@example.com`, role: 'editor' },
    });
    expect(created.status).toBe(201);

    const { page, errors } = await newPage(journey.browser);
    await passwordStep(page, 'admin', ADMIN_PASSWORD);
    await signedIn(page);
    await page.goto(`${base}/admin/settings`);
    const policy = page.locator('section[aria-labelledby="settings-sign-in"]');
    await policy.getByLabel('Require two-factor authentication for admins and editors').check();
    await policy.getByText('Sign-in policy saved.').waitFor();
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    const phone = await newPage(journey.browser, { width: 390, height: 844 });
    await passwordStep(phone.page, other.username, other.password);
    await phone.page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = ((await phone.page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s/g, '');
    await phone.page.screenshot({ path: `${SHOTS}/two-factor-enrol-390.png`, fullPage: true });
    await phone.page.getByLabel('Authentication code').fill(await codeOf(secret));
    await phone.page.getByRole('button', { name: 'Turn on' }).click();
    await phone.page.locator('[data-recovery-codes]').waitFor();
    await phone.page.getByRole('button', { name: 'Continue to the admin' }).click();
    await signedIn(phone.page);

    const viewer = await newPage(journey.browser);
    await passwordStep(viewer.page, VIEWER.username, VIEWER.password);
    await signedIn(viewer.page);

    // Off again, as an admin would: the admin's own next sign-in would otherwise need a set-up too.
    const saved = await callApi(base, '/api/auth/two-factor/policy', {
      method: 'PUT',
      token: admin,
      body: { requireTwoFactor: false },
    });
    expect(saved.status).toBe(200);
    expect(unexpectedErrors(errors)).toEqual([]);
    expect(unexpectedErrors(phone.errors)).toEqual([]);
  });
});
