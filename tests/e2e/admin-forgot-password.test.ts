import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSmtpSink } from '../../src/server/testing/smtp-sink';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';
import { ADMIN_EMAIL, ADMIN_ENV, hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';

let site: RunningSite;
let browser: Browser;
// SMTP_URL is filled in once the mail server listens (its beforeAll runs before the site's).
const env: Record<string, string> = {};
const { received: inbox } = useSmtpSink(env);

beforeAll(async () => {
  site = await startSite({ ...ADMIN_ENV, ...env });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The reset link of the mail's text part (quoted-printable soft breaks undone). */
function resetLink(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/[^\s"<>]+\/admin\/reset-password\?token=[A-Za-z0-9_\-.%]+)/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return match[1]!;
}

describe('forgot password', () => {
  it('sends a reset link by e-mail that sets a new password to sign in with', async () => {
    const { context, page, errors } = await newPage(browser);
    const csp = await watchCsp(page);
    await page.goto(`${site.baseUrl}/admin/login`);
    await hydrated(page);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const email = page.getByLabel('Email address');
    await email.waitFor();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter your email address').waitFor();

    await email.fill(ADMIN_EMAIL);
    await email.press('Enter');
    await page.getByText('Password reset link has been sent to your email.').waitFor();

    await expect.poll(() => inbox.length, { timeout: 15_000 }).toBe(1);
    expect(inbox[0]!.to).toEqual([ADMIN_EMAIL]);
    const link = resetLink(inbox[0]!.raw);
    expect(link.startsWith(`${site.baseUrl}/admin/reset-password?token=`)).toBe(true);

    await page.goto(link);
    await hydrated(page);
    expect(await page.title()).toBe('Reset password | Admin');
    await page.locator('input[name="newPassword"]').fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('New password must be at least 8 characters long').waitFor();
    await page.locator('input[name="newPassword"]').fill('a-brand-new-passphrase');
    await page.locator('input[name="confirmPassword"]').fill('a-different-one');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.locator('input[name="confirmPassword"]').fill('a-brand-new-passphrase');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been reset. You can now sign in.').waitFor();

    // The link works once.
    await page.goto(link);
    await hydrated(page);
    await page.locator('input[name="newPassword"]').fill('yet-another-passphrase');
    await page.locator('input[name="confirmPassword"]').fill('yet-another-passphrase');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('This password reset link is invalid or has expired.').waitFor();

    await signIn(page, site.baseUrl, 'admin', 'a-brand-new-passphrase');
    expect(page.url()).toBe(`${site.baseUrl}/admin/dashboard`);

    expect(unexpectedErrors(errors, [400])).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });
});
