import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { ADMIN_PASSWORD, hydrated, signIn, unexpectedErrors } from './support/admin';
import { SHOTS, callApi, confirmDialog, tokenOf, useAdminSite } from './support/admin-site';

/*
 * Redirects in the browser (ADR 0039): an editor changes a published post's slug in the editor, and the
 * old address, opened directly or reached by the app's own navigation, lands on the new page; an admin adds
 * and deletes a manual redirect in Settings, looked at on a desktop and a phone.
 */

const journey = useAdminSite({ shots: true });
const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(journey.site.baseUrl, path, init);

describe('redirects', () => {
  it('a published post whose slug changes in the editor keeps its old address working', async () => {
    const base = journey.site.baseUrl;
    const token = await tokenOf(base, 'admin', ADMIN_PASSWORD);
    const categories = (await api('/api/blog/categories')).json().data.categories as Array<{ id: number }>;
    const categoryId = categories[0]?.id;
    const oldSlug = `moving-post-${Date.now()}`;
    const created = await api('/api/blog/posts', {
      method: 'POST',
      token,
      body: {
        title: 'A post that moves',
        slug: oldSlug,
        excerpt: 'It changes its address.',
        content: `<p>${'The words of a post that changes its address. '.repeat(4)}</p>`,
        category_id: categoryId,
        image_url: '/demo/blog-2.svg',
        published: true,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.json().data.post as { id: number }).id;
    const newSlug = `${oldSlug}-renamed`;

    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base, 'admin', ADMIN_PASSWORD);
    await page.goto(`${base}/admin/blog/${id}/edit`);
    const form = page.locator('form[aria-label="Edit blog post"]');
    await form.waitFor();
    const slug = form.locator('input[name="slug"]');
    await expect.poll(() => slug.inputValue()).toBe(oldSlug);
    await slug.fill(newSlug);
    await slug.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/redirects-post-slug-1280.png` });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/blog/posts/${id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Update Post' }).click();
    expect((await saved).status()).toBe(200);

    // The old address, opened as a link from elsewhere: a 301 to the new page.
    const direct = await fetch(`${base}/blog/${oldSlug}?utm_source=mail`, { redirect: 'manual' });
    expect(direct.status).toBe(301);
    expect(direct.headers.get('location')).toBe(`/blog/${newSlug}?utm_source=mail`);
    const visitor = await newPage(journey.browser);
    await visitor.page.goto(`${base}/blog/${oldSlug}`);
    expect(visitor.page.url()).toBe(`${base}/blog/${newSlug}`);
    await visitor.page.getByRole('heading', { name: 'A post that moves' }).waitFor();

    // Reached by the app's own navigation (its data request): the app lands on the new page, no reload.
    await hydrated(visitor.page);
    await visitor.page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await visitor.page.evaluate((path) => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } })
        .__reactRouterDataRouter;
      return router.navigate(path);
    }, `/blog/${oldSlug}`);
    await expect.poll(() => visitor.page.url()).toBe(`${base}/blog/${newSlug}`);
    expect(await visitor.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await visitor.page.getByRole('heading', { name: 'A post that moves' }).waitFor();
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`an admin adds and deletes a manual redirect in Settings at ${width} px`, async () => {
      const base = journey.site.baseUrl;
      const from = `/old-campaign-${width}`;
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 800 });
      await signIn(page, base, 'admin', ADMIN_PASSWORD);
      await page.goto(`${base}/admin/settings`);
      await hydrated(page);
      const section = page.locator('section[aria-labelledby="settings-redirects"]');
      await section.waitFor();
      const form = section.locator('form[aria-label="Add a redirect"]');

      // The form's own checks, then the server's.
      await form.getByRole('button', { name: 'Add Redirect' }).click();
      await form.getByText('Enter the old address, a path such as /old-page.').waitFor();
      await form.getByLabel('Old address').fill('old-campaign');
      await form.getByLabel('Send visitors to').fill('javascript:alert(1)');
      await form.getByRole('button', { name: 'Add Redirect' }).click();
      await form.getByText('The old address must be a path of this site, such as /old-page.').waitFor();
      await form.getByText(/^Send visitors to a path of this site/).waitFor();

      await form.getByLabel('Old address').fill(from);
      await form.getByLabel('Send visitors to').fill('/contact');
      await form.getByRole('button', { name: 'Add Redirect' }).click();
      const row = section.locator(`[data-redirect="${from}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('/contact');
      expect(await row.textContent()).toContain('Manual');

      // The same address again: the server's answer, on its field.
      await form.getByLabel('Old address').fill(from);
      await form.getByLabel('Send visitors to').fill('/blog');
      await form.getByRole('button', { name: 'Add Redirect' }).click();
      await form.getByText('A redirect from this address exists already.').waitFor();

      const answer = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe('/contact');
      await page.reload();
      await hydrated(page);
      await expect.poll(async () => (await row.textContent()) ?? '').toMatch(/1 hit\b/);

      await section.screenshot({ path: `${SHOTS}/redirects-in-use-${width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await row.getByRole('button', { name: `Delete the redirect from ${from}` }).click();
      await confirmDialog(page, from, 'Delete');
      await expect.poll(() => row.count()).toBe(0);
      expect((await fetch(`${base}${from}`, { redirect: 'manual' })).status).not.toBe(301);

      expect(unexpectedErrors(errors, [400, 409])).toEqual([]);
      await context.close();
    });
  }
});
