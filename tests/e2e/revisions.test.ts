import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { callApi, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';

/*
 * Revisions and autosave in the browser (ADR 0041): an editor compares a post's revision with the current
 * version and restores it; a draft typed and autosaved survives a reload; a save made on a stale copy
 * opens the conflict dialog; a viewer reads revisions without Restore.
 */

const { EDITOR, VIEWER } = editorAndViewer('revisions');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true });
const base = () => journey.site.baseUrl;

async function token(username: string, password: string) {
  return tokenOf(base(), username, password);
}

let sequence = 0;
/** A published post made through the API, then changed once: two revisions. */
async function postWithTwoRevisions(): Promise<{ id: number; first: string; second: string }> {
  sequence += 1;
  const editor = await token(EDITOR.username, EDITOR.password);
  const categories = await callApi(base(), '/api/blog/categories', { token: editor });
  const categoryId = (categories.json().data.categories as Array<{ id: number }>)[0]!.id;
  const first = `Revision journey ${sequence} ${Date.now()}`;
  const created = await callApi(base(), '/api/blog/posts', {
    method: 'POST',
    token: editor,
    body: {
      title: first,
      excerpt: 'The first excerpt of the journey post.',
      content: '<p>The original paragraph says the river was calm and the boats were still.</p>',
      category_id: categoryId,
      image_url: '/demo/blog-1.svg',
      tags: 'journey',
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = (created.json().data.post as { id: number }).id;
  const second = `${first} (rewritten)`;
  const changed = await callApi(base(), `/api/blog/posts/${id}`, {
    method: 'PUT',
    token: editor,
    body: {
      title: second,
      content: '<p>The rewritten paragraph says the river was wild and the boats were gone.</p>',
      version: 1,
    },
  });
  expect(changed.status, changed.text).toBe(200);
  return { id, first, second };
}

async function openEditor(page: Page, id: number) {
  await page.goto(`${base()}/admin/blog/${id}/edit`);
  await hydrated(page);
  await page.locator('form[aria-label="Edit blog post"]').waitFor();
}

const titleInput = (page: Page) => page.locator('form[aria-label="Edit blog post"] input[name="title"]');

describe('revisions and autosave', () => {
  it('an editor compares a revision of a post with the current version and restores it', async () => {
    const post = await postWithTwoRevisions();
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await openEditor(page, post.id);
    expect(await titleInput(page).inputValue()).toBe(post.second);

    await page.getByRole('button', { name: 'Revisions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    await dialog.waitFor();
    const entries = dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toContain(`Saved by ${EDITOR.username}`);
    expect(await entries.nth(0).textContent()).toContain('Changed: Title, Content');
    expect(await entries.nth(1).textContent()).toContain('Created');

    // The older one, compared word by word with the current version (as text, never as HTML).
    await entries.nth(1).getByRole('button').click();
    const content = dialog.locator('[data-field-diff="Content"]');
    await content.waitFor();
    expect(await content.locator('del').allTextContents()).toEqual(expect.arrayContaining(['calm', 'still']));
    expect(await content.locator('ins').allTextContents()).toEqual(expect.arrayContaining(['wild', 'gone']));
    expect(await content.locator('p').count()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/revisions-dialog-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/revisions-dialog-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole('button', { name: 'Restore this revision' }).click();
    await dialog.getByText('Restore this revision?').waitFor();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => titleInput(page).inputValue()).toBe(post.first);
    expect(await page.locator('[data-rich-text]').textContent()).toContain('the river was calm');

    const editor = await token(EDITOR.username, EDITOR.password);
    const revisions = await callApi(base(), `/api/blog/posts/${post.id}/revisions`, { token: editor });
    const list = revisions.json().data.revisions as Array<{ kind: string }>;
    expect(list.map((r) => r.kind)).toEqual(['restored', 'saved', 'created']);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a viewer reads the revisions of a post from the list, without Restore', async () => {
    const post = await postWithTwoRevisions();
    const { context, page } = await newPage(journey.browser);
    await signIn(page, base(), VIEWER.username, VIEWER.password);
    await page.goto(`${base()}/admin/blog?search=${encodeURIComponent(post.second)}`);
    await hydrated(page);
    await page
      .getByRole('button', { name: `Revisions of “${post.second}”` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    await dialog.waitFor();
    await dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem').nth(1).getByRole('button').click();
    await dialog.locator('[data-field-diff="Title"]').waitFor();
    expect(await dialog.getByRole('button', { name: 'Restore this revision' }).count()).toBe(0);
    await context.close();
  });

  it('a draft typed in the editor is autosaved and offered back after a reload', async () => {
    const post = await postWithTwoRevisions();
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await openEditor(page, post.id);
    await titleInput(page).fill(`${post.second} with a draft`);
    await page.locator('[data-autosave="saved"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-autosave]').textContent()).toMatch(/^Draft saved at \d/);

    await page.reload();
    await hydrated(page);
    const offer = page.getByText(/^You have unsaved changes from /);
    await offer.waitFor();
    await page.screenshot({ path: `${SHOTS}/autosave-offer-1280.png` });
    expect(await titleInput(page).inputValue()).toBe(post.second);
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect.poll(() => titleInput(page).inputValue()).toBe(`${post.second} with a draft`);
    await offer.waitFor({ state: 'hidden' });

    // The post itself was never changed by the draft.
    const editor = await token(EDITOR.username, EDITOR.password);
    const stored = await callApi(base(), `/api/blog/posts/${post.id}`, { token: editor });
    expect(stored.json().data.title).toBe(post.second);

    // An explicit save drops the draft.
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.waitForURL(`${base()}/admin/blog`);
    const draft = await callApi(base(), `/api/autosaves/post/${post.id}`, { token: editor });
    expect(draft.json().data.autosave).toBeNull();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a save made on a stale copy opens the conflict dialog: reload theirs, or overwrite with mine', async () => {
    const post = await postWithTwoRevisions();
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await openEditor(page, post.id);
    const admin = await token('admin', ADMIN_PASSWORD);
    const theirs = `${post.second} (saved by the admin)`;
    const saved = await callApi(base(), `/api/blog/posts/${post.id}`, {
      method: 'PUT',
      token: admin,
      body: { title: theirs },
    });
    expect(saved.status, saved.text).toBe(200);

    await titleInput(page).fill(`${post.second} (mine)`);
    await page.getByRole('button', { name: 'Update Post' }).click();
    const conflict = page.getByRole('dialog', { name: 'Someone else saved this post' });
    await conflict.waitFor();
    await page.screenshot({ path: `${SHOTS}/version-conflict-1280.png` });
    await conflict.getByRole('button', { name: 'Reload their version' }).click();
    await conflict.waitFor({ state: 'hidden' });
    await expect.poll(() => titleInput(page).inputValue()).toBe(theirs);

    // Again, stale once more; this time mine is saved over theirs.
    const again = await callApi(base(), `/api/blog/posts/${post.id}`, {
      method: 'PUT',
      token: admin,
      body: { title: `${theirs} twice` },
    });
    expect(again.status, again.text).toBe(200);
    await titleInput(page).fill(`${post.second} (mine at last)`);
    await page.getByRole('button', { name: 'Update Post' }).click();
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
    await page.waitForURL(`${base()}/admin/blog`);
    const stored = await callApi(base(), `/api/blog/posts/${post.id}`, { token: admin });
    expect(stored.json().data.title).toBe(`${post.second} (mine at last)`);
    expect(unexpectedErrors(errors, [409])).toEqual([]);
    await context.close();
  });
});

describe('revisions of the landing content', () => {
  it('an editor restores an earlier state of a team member from the Content tab', async () => {
    const editor = await token(EDITOR.username, EDITOR.password);
    const name = `Journey Member ${Date.now()}`;
    const created = await callApi(base(), '/api/team', {
      method: 'POST',
      token: editor,
      body: { name, position: 'QA Engineer', bio: 'Tests everything twice.', skills: ['Vitest'] },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json().data.id as number;
    const changed = await callApi(base(), `/api/team/${id}`, {
      method: 'PUT',
      token: editor,
      body: { name, position: 'Lead QA Engineer', bio: 'Tests everything three times.', skills: ['k6'], version: 1 },
    });
    expect(changed.status, changed.text).toBe(200);

    const { context, page, errors } = await newPage(journey.browser, { width: 390, height: 844 });
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.goto(`${base()}/admin/content/team`);
    await hydrated(page);
    await page.getByRole('button', { name: `Revisions of “${name}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    await dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem').nth(1).getByRole('button').click();
    await dialog.locator('[data-field-diff="Position"]').waitFor();
    await page.screenshot({ path: `${SHOTS}/content-revisions-390.png` });
    await dialog.getByRole('button', { name: 'Restore this revision' }).click();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const item = page.locator(`[data-content-item="${name}"]`);
    await expect.poll(() => item.textContent()).toContain('QA Engineer');
    const items = await callApi(base(), '/api/team/admin', { token: editor });
    const member = (items.json().data as unknown as Array<Record<string, unknown>>).find((m) => m.id === id)!;
    expect(member).toMatchObject({ position: 'QA Engineer', bio: 'Tests everything twice.', skills: ['Vitest'] });
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('revisions of the company information and the SEO settings', () => {
  it('an editor compares the company information with an earlier state and restores it', async () => {
    const editor = await token(EDITOR.username, EDITOR.password);
    const loaded = (await callApi(base(), '/api/company/admin', { token: editor })).json().data as Record<
      string,
      unknown
    > & { version: number; tagline: string; socialLinks: Array<{ platform: string; url: string }> };
    const { version, socialLinks, ...profile } = loaded;
    const original = loaded.tagline;
    const changed = await callApi(base(), '/api/company', {
      method: 'PUT',
      token: editor,
      body: {
        ...profile,
        socialLinks: socialLinks.map(({ platform, url }) => ({ platform, url })),
        tagline: 'Rewritten tagline for the revisions journey',
        version,
      },
    });
    expect(changed.status, changed.text).toBe(200);

    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.goto(`${base()}/admin/content`);
    await hydrated(page);
    const form = page.locator('form[aria-label="Company information"]');
    const tagline = form.locator('input[name="tagline"]');
    await expect.poll(() => tagline.inputValue()).toBe('Rewritten tagline for the revisions journey');

    await form.getByRole('button', { name: 'Revisions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revisions' });
    const entries = dialog.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(2);
    expect(await entries.nth(0).textContent()).toContain('Changed: Tagline');
    await entries.nth(1).getByRole('button').click();
    const diff = dialog.locator('[data-field-diff="Tagline"]');
    await diff.waitFor();
    expect((await diff.locator('ins').allTextContents()).join(' ')).toContain('Rewritten');
    await page.screenshot({ path: `${SHOTS}/company-revisions-1280.png` });
    await dialog.getByRole('button', { name: 'Restore this revision' }).click();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => tagline.inputValue()).toBe(original);
    const stored = await callApi(base(), '/api/company/admin', { token: editor });
    expect(stored.json().data).toMatchObject({ tagline: original, version: version + 2 });
    // The landing page shows the restored tagline.
    await page.goto(base());
    expect(await page.locator('body').textContent()).toContain(original);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a save of the SEO settings made on a stale copy opens the conflict dialog', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.goto(`${base()}/admin/content/seo`);
    await hydrated(page);
    const form = page.locator('form[aria-label="SEO settings"]');
    const title = form.locator('input[name="siteTitle"]');
    await title.waitFor();

    const admin = await token('admin', ADMIN_PASSWORD);
    const current = (await callApi(base(), '/api/company/seo/admin', { token: admin })).json().data as Record<
      string,
      unknown
    >;
    const { version: _version, ...seo } = current;
    const theirs = `Their site title ${Date.now()}`;
    const saved = await callApi(base(), '/api/company/seo', {
      method: 'PUT',
      token: admin,
      body: { ...seo, siteTitle: theirs },
    });
    expect(saved.status, saved.text).toBe(200);

    await title.fill('My site title');
    await form.getByRole('button', { name: 'Save SEO settings' }).click();
    const conflict = page.getByRole('dialog', { name: 'Someone else saved this SEO configuration' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Reload their version' }).click();
    await conflict.waitFor({ state: 'hidden' });
    await expect.poll(() => title.inputValue()).toBe(theirs);

    await title.fill('My site title at last');
    await form.getByRole('button', { name: 'Save SEO settings' }).click();
    await page.getByText('SEO settings saved').first().waitFor();
    const stored = await callApi(base(), '/api/company/seo', {});
    expect(stored.json().data.siteTitle).toBe('My site title at last');
    // The form now names the version it saved: the revisions list it.
    await form.getByRole('button', { name: 'Revisions' }).click();
    const entries = page.getByRole('dialog', { name: 'Revisions' }).getByRole('list', { name: 'Revisions' });
    await expect.poll(() => entries.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    expect(unexpectedErrors(errors, [409])).toEqual([]);
    await context.close();
  });
});
