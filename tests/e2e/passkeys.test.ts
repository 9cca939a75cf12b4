import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PasskeyMessage } from '../../src/shared/contracts/passkeys';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { confirmDialog, editorAndViewer, SHOTS, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';

/*
 * Passkeys (ADR 0043) in Chromium with its virtual authenticator (a platform authenticator that verifies
 * the user): a staff member adds a passkey in Settings, renames it, signs out and signs in with the
 * passkey alone; a deleted passkey no longer signs in; an admin removes a user's passkeys. The site runs
 * at http://localhost:<port>: WebAuthn refuses IP addresses.
 */

const { EDITOR, VIEWER } = editorAndViewer('passkeys');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true, localhost: true });

async function withAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
}

const passkeysOf = (page: Page) => page.locator('section[aria-labelledby="settings-passkeys"]');

async function addPasskey(page: Page, name: string) {
  const section = passkeysOf(page);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await section.getByText(PasskeyMessage.ADDED).waitFor();
  await section.locator('li', { hasText: name }).waitFor();
}

async function passkeySignIn(page: Page) {
  await page.goto(`${journey.site.baseUrl}/admin/login`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
}

describe('passkeys', () => {
  it('a staff member adds a passkey in Settings, then signs in with it alone', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    const authenticator = await withAuthenticator(context, page);
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
    await page.goto(`${journey.site.baseUrl}/admin/settings`);
    const section = passkeysOf(page);
    await section.getByText('No passkeys yet').waitFor();

    await addPasskey(page, 'MacBook Touch ID');
    expect(await authenticator.credentials()).toHaveLength(1);
    await section.getByText('Not used yet').waitFor();
    // Renamed.
    await section.getByRole('button', { name: 'Rename MacBook Touch ID' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Work laptop');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await section.locator('li', { hasText: 'Work laptop' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/passkeys-section-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.screenshot({ path: `${SHOTS}/passkeys-section-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signOut(page);

    // The passkey alone signs in: no username, password or code.
    await page.screenshot({ path: `${SHOTS}/passkeys-login-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/passkeys-login-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await passkeySignIn(page);
    await page.locator('[data-current-user]').waitFor();
    expect(await page.locator('[data-current-user]').textContent()).toContain(EDITOR.username);
    await page.goto(`${journey.site.baseUrl}/admin/settings`);
    await section.getByText(/Last used/).waitFor();

    // Deleted: the authenticator still offers it, the site no longer knows it.
    await section.getByRole('button', { name: 'Delete Work laptop' }).click();
    await confirmDialog(page, 'will no longer sign you in', 'Delete');
    await section.getByText('No passkeys yet').waitFor();
    await signOut(page);
    await passkeySignIn(page);
    await page.getByText(PasskeyMessage.UNKNOWN_PASSKEY).waitFor();

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await context.close();
  });

  it("a viewer adds a passkey, and an admin removes the viewer's passkeys", async () => {
    const viewer = await newPage(journey.browser);
    await withAuthenticator(viewer.context, viewer.page);
    await signIn(viewer.page, journey.site.baseUrl, VIEWER.username, VIEWER.password);
    await viewer.page.goto(`${journey.site.baseUrl}/admin/settings`);
    await addPasskey(viewer.page, 'Phone');

    const admin = await newPage(journey.browser);
    await signIn(admin.page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    await admin.page.goto(`${journey.site.baseUrl}/admin/settings`);
    const security = admin.page.locator('section[aria-labelledby="settings-sign-in"]');
    await security
      .getByLabel('A staff member lost their phone or computer')
      .selectOption({ label: `${VIEWER.username} (${VIEWER.username}@example.com)` });
    await security.screenshot({ path: `${SHOTS}/passkeys-sign-in-security-1280.png` });
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await security.screenshot({ path: `${SHOTS}/passkeys-sign-in-security-390.png` });
    await admin.page.setViewportSize({ width: 1280, height: 800 });
    await security.getByRole('button', { name: 'Remove passkeys' }).click();
    await confirmDialog(admin.page, 'stop signing in', 'Remove passkeys');
    await security.getByText(`One passkey of ${VIEWER.username} no longer signs in.`).waitFor();

    await signOut(viewer.page);
    await passkeySignIn(viewer.page);
    await viewer.page.getByText(PasskeyMessage.UNKNOWN_PASSKEY).waitFor();
    expect(unexpectedErrors(viewer.errors, [401])).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    await viewer.context.close();
    await admin.context.close();
  });
});
