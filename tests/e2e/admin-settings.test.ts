import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { useAdminSite } from './support/admin-site';

const journey = useAdminSite();

async function confirm(page: Page, button: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('settings', () => {
  it('changes the password, and an admin manages a user from invitation to deletion', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/settings`);

    // Change password: the form's own checks, then the server's, then success that clears itself.
    const pw = page.locator('form[aria-labelledby="settings-password"]');
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await pw.getByText('Current password is required').waitFor();
    expect(await pw.getByText('New password is required').count()).toBe(1);
    await pw.locator('input[name="currentPassword"]').fill('wrong-password-here');
    await pw.locator('input[name="newPassword"]').fill('short');
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await pw.getByText('New password must be at least 8 characters long').waitFor();
    await pw.locator('input[name="newPassword"]').fill('a-new-admin-passphrase');
    await pw.locator('input[name="confirmPassword"]').fill('a-new-admin-passphrasX');
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await pw.getByText('Passwords do not match').waitFor();
    await pw.locator('input[name="confirmPassword"]').fill('a-new-admin-passphrase');
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await pw.getByText('Current password is incorrect').waitFor();
    await pw.locator('input[name="currentPassword"]').fill(ADMIN_PASSWORD);
    await pw.getByRole('button', { name: 'Change Password' }).click();
    await pw.getByText('Password changed successfully!').waitFor();
    await pw.getByText('Password changed successfully!').waitFor({ state: 'detached', timeout: 6000 });

    // Users: invite an editor.
    const users = page.locator('section[aria-labelledby="settings-users"]');
    await users.getByRole('button', { name: 'Add User' }).click();
    const form = users.locator('form[aria-labelledby="create-user-title"]');
    await form.getByLabel('Username').fill('jane.doe');
    await form.getByLabel('Email').fill('jane@example.com');
    await form.getByLabel('Role').selectOption('editor');
    await form.locator('input[name="new-password"]').fill('initial-pass-123');
    await form.getByRole('button', { name: 'Create User' }).click();
    await users.getByText('User created successfully').waitFor();
    const row = users.locator('[data-user="jane.doe"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('jane@example.com');

    // Filters: search and role.
    await users.getByLabel('Search users').fill('jane');
    await expect.poll(() => users.locator('[data-user]').count()).toBe(1);
    await users.getByLabel('Role', { exact: true }).selectOption('admin');
    await users.getByText('No users match these filters.').waitFor();
    await users.getByLabel('Role', { exact: true }).selectOption('');
    await users.getByLabel('Search users').fill('');
    await expect.poll(() => users.locator('[data-user]').count()).toBe(2);

    // Change its role (Escape first: the dialog closes and nothing changes).
    await row.getByLabel('Role of jane.doe').selectOption('viewer');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await row.getByLabel('Role of jane.doe').inputValue()).toBe('editor');
    await row.getByLabel('Role of jane.doe').selectOption('viewer');
    await confirm(page, 'Change Role');
    await expect.poll(() => row.getByLabel('Role of jane.doe').inputValue()).toBe('viewer');

    // Disable it, then its sign-in is refused.
    await row.getByRole('button', { name: 'Disable jane.doe' }).click();
    await confirm(page, 'Disable User');
    await row.getByText('Disabled').waitFor();
    const refused = await fetch(`${journey.site.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'jane.doe', password: 'initial-pass-123' }),
    });
    expect(refused.status).toBe(403);

    // The admin's own row cannot be changed.
    const self = users.locator('[data-user="admin"]');
    expect(await self.getByRole('button', { name: 'Delete admin' }).isDisabled()).toBe(true);

    // Delete it.
    await row.getByRole('button', { name: 'Delete jane.doe' }).click();
    await confirm(page, 'Delete User');
    await users.getByText('User deleted successfully').waitFor();
    await expect.poll(() => users.locator('[data-user="jane.doe"]').count()).toBe(0);

    // The new password works from a fresh browser.
    const other = await newPage(journey.browser);
    await signIn(other.page, journey.site.baseUrl, 'admin', 'a-new-admin-passphrase');
    await other.context.close();

    expect(unexpectedErrors(errors, [400])).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });

  it('an editor has no Users section', async () => {
    const { context: adminContext, page: adminPage } = await newPage(journey.browser);
    await signIn(adminPage, journey.site.baseUrl, 'admin', 'a-new-admin-passphrase');
    const token = await adminPage.evaluate(() => localStorage.getItem('authToken'));
    const created = await fetch(`${journey.site.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        username: 'editor1',
        email: 'ed@example.com',
        password: 'editor-pass-123',
        role: 'editor',
      }),
    });
    expect(created.status).toBe(201);
    await adminContext.close();

    const { context, page, errors } = await newPage(journey.browser, { width: 390, height: 844 });
    await signIn(page, journey.site.baseUrl, 'editor1', 'editor-pass-123');
    await page.goto(`${journey.site.baseUrl}/admin/settings`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    expect(await page.getByRole('heading', { name: 'User Account' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Users', exact: true }).count()).toBe(0);
    expect(await page.locator('[data-current-user]').textContent()).toBe('editor1');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});
