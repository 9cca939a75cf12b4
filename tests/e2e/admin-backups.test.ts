import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { callApi, confirmDialog, SHOTS, tokenOf, useAdminSite } from './support/admin-site';

const journey = useAdminSite();

describe('backups', () => {
  it('an admin creates, downloads and restores a backup, and the site is as it was', async () => {
    const base = journey.site.baseUrl;
    const { page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/settings#settings-backups`);
    const section = page.locator('section[aria-labelledby="settings-backups"]');
    await section.getByText('No backups available').waitFor();
    await section.getByText(/last backup Never/).waitFor();

    await section.getByRole('button', { name: 'Create Backup' }).click();
    await section.getByText('Manual backup created successfully!').first().waitFor();
    const row = section.locator('li[data-backup]').first();
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Manual.*rows.*files/s);
    await section.getByText(/1 backup kept · last backup (?!Never)/).waitFor();

    // The browser saves the archive itself from a short signed link (never through the page's memory),
    // as a gzip whose tar holds the manifest.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.tar\.gz$/);
    expect(download.url()).toMatch(/\/api\/backups\/\d+\/file\?token=/);
    const tar = gunzipSync(await readFile((await download.path())!));
    expect(tar.toString('latin1')).toContain('manifest.json');

    // A change after the backup...
    const token = await tokenOf(base, 'admin', ADMIN_PASSWORD);
    const posts = (await callApi(base, '/api/blog/posts?limit=1')).json().data as {
      posts: { id: number; slug: string; title: string }[];
    };
    const [post] = posts.posts;
    expect((await callApi(base, `/api/blog/posts/${post!.slug}`)).status).toBe(200);
    const changed = await callApi(base, `/api/blog/posts/${post!.id}`, { method: 'DELETE', token });
    expect(changed.status).toBe(200);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${SHOTS}/settings-backups-${width}.png` });
    }

    // ...is undone by the restore, which needs RESTORE typed, and ends every session.
    await row.getByRole('button', { name: /Restore/ }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Restore Backup' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type RESTORE to confirm').fill('RESTORE');
    await confirm.click();
    await page.waitForURL(/\/admin\/login/, { timeout: 60_000 });
    // The login screen says the restore worked (and stays until the sign-in).
    await page
      .getByRole('status')
      .filter({ hasText: 'Backup restored successfully. Please sign in again to see the restored data.' })
      .waitFor();
    const after = await callApi(base, `/api/blog/posts/${post!.slug}`);
    expect(after.status).toBe(200);
    expect((after.json().data as { title: string }).title).toBe(post!.title);
    expect((await callApi(base, '/api/auth/me', { token })).status).toBe(401);

    // Signed in again: the backup is still listed, and can be deleted.
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/settings#settings-backups`);
    await section.locator('li[data-backup]').first().waitFor();
    await section
      .locator('li[data-backup]')
      .first()
      .getByRole('button', { name: /Delete/ })
      .click();
    await confirmDialog(page, 'Delete this backup?', 'Delete');
    await section.getByText('No backups available').waitFor();

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors, [401])).toEqual([]);
  });
});
