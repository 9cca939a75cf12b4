import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import { hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { callApi, confirmDialog, editorAndViewer, tokenOf as apiToken, useAdminSite } from './support/admin-site';

const { EDITOR, VIEWER } = editorAndViewer('blog');
const journey = useAdminSite({ staff: [EDITOR, VIEWER] });
const api = (path: string, init?: Parameters<typeof callApi>[2]) => callApi(journey.site.baseUrl, path, init);
const tokenOf = (username: string, password: string) => apiToken(journey.site.baseUrl, username, password);

/** The spec's message inside the tab (the toast says the same outside <main>). */
const inMain = (page: Page, text: string) => page.locator('main').getByText(text, { exact: true });

function rowOf(page: Page, slug: string) {
  // The table on desktop, the cards on phones: only one of them is visible.
  return page.locator(`[data-post="${slug}"]:visible`);
}

describe('admin blog', () => {
  it('an editor writes a post with an uploaded image, previews, publishes, unpublishes and deletes posts', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/blog`);
    await page.locator('[data-pagination-summary]').waitFor();
    expect(await page.locator('[data-pagination-summary]').textContent()).toMatch(
      /^Page 1 of \d+ \(\d+ total posts\)$/,
    );

    // The form: the browser's own checks first.
    await page.getByRole('link', { name: 'New Blog Post' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/blog/new`);
    const form = page.locator('form[aria-label="New blog post"]');
    await form.waitFor();
    expect(await form.locator('input[name="author"]').inputValue()).toBe('SmartStack Technologies');
    expect(await form.locator('input[name="date"]').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await form.locator('input[name="published"]').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Post' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByText('Excerpt is required').waitFor();
    await form.getByText('Category is required').waitFor();
    await form.getByText('Featured image URL is required').waitFor();
    // A field the form requires says so with its * (Category too).
    expect(
      await form
        .locator('label[for]')
        .filter({ hasText: /^Category\*$/ })
        .count(),
    ).toBe(1);

    const title = `Journey post ${Date.now()}`;
    await form.locator('input[name="title"]').fill(title);
    await form.locator('textarea[name="excerpt"]').fill('A post written by the admin journey.');
    await form.locator('select[name="category_id"]').selectOption({ index: 1 });
    const editor = form.locator('[data-rich-text]');
    await editor.click();
    await page.keyboard.type('Too short.');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await form.getByText('Content must be at least 50 characters long.').waitFor();

    // Rich text: a heading, bold text, a link through the link dialog, a list.
    const toolbar = form.getByRole('toolbar', { name: 'Formatting' });
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await toolbar.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('Why journeys matter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Browser journeys prove that the ');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('whole system');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' works, from the form to the ');
    await page.keyboard.press('Control+k');
    const linkDialog = page.getByRole('dialog', { name: 'Insert link' });
    await linkDialog.waitFor();
    await linkDialog.getByLabel('Link address').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Insert Link' }).click();
    await linkDialog.getByText(/^Enter a web address/).waitFor();
    await linkDialog.getByLabel('Link address').fill('example.com/docs');
    await linkDialog.getByRole('button', { name: 'Insert Link' }).click();
    await linkDialog.waitFor({ state: 'hidden' });
    await page.keyboard.type(' and back.');
    expect(await editor.innerHTML()).toContain('<a');
    expect(await editor.innerHTML()).toContain('href="https://example.com/docs"');
    expect(await editor.locator('h2').textContent()).toBe('Why journeys matter');
    expect(await editor.locator('strong').textContent()).toBe('whole system');

    // The featured image is uploaded (a real PNG, with progress).
    const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: 'Upload image' }).click();
    await form.getByText('File uploaded successfully!').waitFor();
    const imageUrl = await form.locator('input[name="image_url"]').inputValue();
    expect(imageUrl).toMatch(/^\/uploads\/files\/[a-z0-9]+\.png$/);
    // An image in the content, by address, through the image dialog.
    await editor.click();
    await page.keyboard.press('Control+End');
    await toolbar.getByRole('button', { name: 'Image' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
    await imageDialog.waitFor();
    await imageDialog.locator('input[name="image-src"]').fill('javascript:alert(1)');
    await imageDialog.getByRole('button', { name: 'Insert Image' }).click();
    await imageDialog.getByText(/^Enter an image address starting with https:/).waitFor();
    await imageDialog.locator('input[name="image-src"]').fill(imageUrl);
    await imageDialog.getByLabel('Alternative text').fill('A blue cover');
    await imageDialog.getByRole('button', { name: 'Insert Image' }).click();
    await imageDialog.waitFor({ state: 'hidden' });
    expect(await editor.locator(`img[src="${imageUrl}"][alt="A blue cover"]`).count()).toBe(1);
    await form.locator('input[name="tags"]').fill('journey, Testing, journey');
    await form.locator('input[name="published"]').uncheck();

    // Preview: the public article components, with the defaults the server will apply.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.locator('[data-post-preview]');
    await preview.waitFor();
    expect(await form.isVisible()).toBe(false);
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await preview.locator('[data-article-content] strong').textContent()).toBe('whole system');
    expect(await preview.getByText('1 min read').count()).toBe(1);
    expect(await preview.getByRole('listitem').allTextContents()).toEqual(['journey', 'Testing']);
    // The hero image and the one in the content.
    expect(await preview.locator(`img[src="${imageUrl}"]`).count()).toBe(2);
    expect(await preview.locator('[data-article-content] img[alt="A blue cover"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await form.waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await confirmDialog(page, 'changes that are not saved', 'Keep Editing');
    expect(page.url()).toBe(`${journey.site.baseUrl}/admin/blog/new`);

    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/blog`);
    await inMain(page, 'Blog post created successfully').waitFor();

    // A draft: the filters live in the URL.
    await page.getByLabel('Status').selectOption('draft');
    await page.waitForURL(/status=draft/);
    await page.getByLabel('Search posts').fill(title);
    await page.waitForURL(/search=Journey/);
    // The filtered list replaces the previous one: wait for the post itself, not whatever row is first.
    const created = page.locator('[data-post]:visible').filter({ hasText: title }).first();
    await created.waitFor();
    const slug = (await created.getAttribute('data-post'))!;
    expect(await rowOf(page, slug).textContent()).toContain('Draft');
    expect((await api(`/api/blog/posts/${slug}`)).status).toBe(404);
    const stored = await api(`/api/blog/posts/${slug}`, { token: await tokenOf(EDITOR.username, EDITOR.password) });
    expect(stored.json().data).toMatchObject({
      title,
      tags: ['journey', 'Testing'],
      read_time: '1 min read',
      seo_title: title,
      seo_description: 'A post written by the admin journey.',
      image_url: imageUrl,
      published: false,
    });

    // Bulk publish: now visitors see it, on the blog, in the sitemap and the feed.
    await rowOf(page, slug).getByRole('checkbox').check();
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Publish', exact: true })
      .click();
    await inMain(page, '1 blog post published successfully').waitFor();
    await page.getByText('No blog posts found').waitFor();
    const visitor = await api(`/api/blog/posts/${slug}`);
    expect(visitor.status).toBe(200);
    expect(visitor.json().data.content).toContain('<strong>whole system</strong>');
    expect(visitor.json().data.content).toContain(`src="${imageUrl}"`);
    expect((await api('/blog')).text).toContain(title);
    // The uploaded image is offered in its generated widths, and the article's social card uses its 1200x630 size.
    const stem = imageUrl
      .split('/')
      .pop()!
      .replace(/\.[a-z]+$/, '');
    const visitorTab = await page.context().newPage();
    await visitorTab.goto(`${journey.site.baseUrl}/blog`);
    const card = visitorTab.locator('[data-blog-card]').filter({ hasText: title });
    await card.scrollIntoViewIfNeeded();
    const cardImage = card.locator('img');
    await cardImage.waitFor();
    expect(await cardImage.getAttribute('srcset')).toContain(`/uploads/thumbnails/640w/${stem}.webp 640w`);
    // AVIF first, for the browsers that decode it; this Chromium does, so it loads an AVIF size.
    expect(await card.locator('picture source[type="image/avif"]').getAttribute('srcset')).toContain(
      `/uploads/thumbnails/640w/${stem}.avif 640w`,
    );
    await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
    await visitorTab.close();
    const articleHtml = (await api(`/blog/${slug}`)).text;
    expect(articleHtml).toMatch(
      new RegExp(`<meta property="og:image" content="[^"]*/uploads/thumbnails/og/${stem}\\.webp"`),
    );
    expect(articleHtml).toContain(`/uploads/thumbnails/320w/${stem}.webp 320w`);
    expect((await api('/sitemap-posts-1.xml')).text).toContain(`/blog/${slug}`);
    expect((await api('/blog/rss.xml')).text).toContain(title);

    // Bulk unpublish: gone for visitors.
    await page.getByLabel('Status').selectOption('published');
    await page.waitForURL(/status=published/);
    await rowOf(page, slug).getByRole('checkbox').check();
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Unpublish', exact: true })
      .click();
    await inMain(page, '1 blog post unpublished successfully').waitFor();
    expect((await api(`/api/blog/posts/${slug}`)).status).toBe(404);
    expect((await api('/sitemap-posts-1.xml')).text).not.toContain(`/blog/${slug}`);

    // Edit: the form loads the stored post; the update comes back to the same filtered list.
    await page.getByLabel('Status').selectOption('');
    await rowOf(page, slug)
      .getByRole('link', { name: `Edit “${title}”` })
      .click();
    await page.waitForURL(/\/admin\/blog\/\d+\/edit\?search=/);
    const editForm = page.locator('form[aria-label="Edit blog post"]');
    await editForm.waitFor();
    expect(await editForm.locator('input[name="title"]').inputValue()).toBe(title);
    expect(await editForm.locator('input[name="tags"]').inputValue()).toBe('journey, Testing');
    await editForm.locator('input[name="read_time"]').fill('0');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await editForm.getByText('Read time must be a number of minutes, at least 1.').waitFor();
    await editForm.locator('input[name="read_time"]').fill('4');
    await editForm.locator('input[name="featured"]').check();
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.waitForURL(/\/admin\/blog\?search=/);
    await inMain(page, 'Blog post updated successfully').waitFor();
    // Said once: in the list's notice, not in a toast besides.
    expect(await page.getByText('Blog post updated successfully').count()).toBe(1);
    await expect.poll(() => rowOf(page, slug).textContent()).toContain('Featured');
    await page.getByLabel('Featured', { exact: true }).selectOption('not-featured');
    await page.getByText('No blog posts found').waitFor();
    await page.getByLabel('Featured', { exact: true }).selectOption('featured');
    await rowOf(page, slug).waitFor();

    // Bulk delete with the confirmation text, then a single delete.
    const token = await tokenOf(EDITOR.username, EDITOR.password);
    const categoryId = stored.json().data.category_id as number;
    for (const n of [1, 2]) {
      const made = await api('/api/blog/posts', {
        method: 'POST',
        token,
        body: {
          title: `Bulk target ${n} ${title}`,
          excerpt: 'To be deleted.',
          content: `<p>${'Deleted in bulk by the journey. '.repeat(3)}</p>`,
          category_id: categoryId,
          image_url: imageUrl,
          published: false,
        },
      });
      expect(made.status).toBe(201);
    }
    await page.getByLabel('Featured', { exact: true }).selectOption('');
    await page.getByLabel('Search posts').fill(`Bulk target`);
    await expect.poll(() => page.locator('[data-post]:visible').count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select all posts on this page' }).check();
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await confirmDialog(page, 'Are you sure you want to delete 2 blog posts?', 'Delete');
    await inMain(page, '2 blog posts deleted successfully').waitFor();
    await page.getByText('No blog posts found').waitFor();

    await page.getByLabel('Search posts').fill(title);
    await rowOf(page, slug).waitFor();
    await rowOf(page, slug)
      .getByRole('button', { name: `Delete “${title}”` })
      .click();
    await confirmDialog(page, 'Are you sure you want to delete this blog post?', 'Delete');
    await inMain(page, 'Blog post deleted successfully').waitFor();
    await page.getByText('No blog posts found').waitFor();
    expect((await api(`/api/blog/posts/${slug}`, { token })).status).toBe(404);

    expect(unexpectedErrors(errors, [404])).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });

  it('an editor manages categories and moderates comments, shown as text', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, journey.site.baseUrl, EDITOR.username, EDITOR.password);

    // A visitor's comment on a published post, with markup that must stay text.
    const list = (await api('/api/blog/posts?limit=1')).json().data.posts as Array<{ slug: string; title: string }>;
    const post = list[0]!;
    const comment = await api(`/api/blog/posts/${post.slug}/comments`, {
      method: 'POST',
      body: { name: 'Visitor Vee', email: 'vee@example.com', message: 'Nice <b>post</b> <img src=x onerror=alert(1)>' },
    });
    expect(comment.status).toBe(201);

    await page.goto(`${journey.site.baseUrl}/admin/blog/comments`);
    await hydrated(page);
    const item = page.locator('[data-comment]').filter({ hasText: 'Visitor Vee' });
    await item.waitFor();
    expect(await item.textContent()).toContain('Nice <b>post</b> <img src=x onerror=alert(1)>');
    expect(await item.textContent()).toContain('vee@example.com');
    expect(await item.textContent()).toContain(post.title);
    expect(await item.locator('b, img').count()).toBe(0);
    await item.getByRole('button', { name: 'Delete the comment by Visitor Vee' }).click();
    await confirmDialog(page, 'Are you sure you want to delete this comment?', 'Delete');
    await inMain(page, 'Comment deleted successfully').waitFor();
    await expect.poll(() => item.count()).toBe(0);

    // Categories: create (validation first), edit, delete.
    await page.getByRole('navigation', { name: 'Blog sections' }).getByRole('link', { name: 'Categories' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/blog/categories`);
    await page.getByRole('button', { name: 'New Category' }).click();
    await page.getByRole('button', { name: 'Create Category' }).click();
    await page.getByText('Category name is required').waitFor();
    await page.locator('input[name="name"]').fill('Journey Topics');
    await page.locator('input[name="color"]').fill('#12ab');
    await page.getByRole('button', { name: 'Create Category' }).click();
    await page.getByText('Colour must be a hex colour such as #3B82F6.').waitFor();
    await page.locator('input[name="color"]').fill('#12AB34');
    await page.locator('textarea[name="description"]').fill('Posts about journeys.');
    await page.getByRole('button', { name: 'Create Category' }).click();
    await inMain(page, 'Category created successfully').waitFor();
    const row = page.locator('[data-category="journey-topics"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Posts about journeys.');
    await row.getByRole('button', { name: 'Edit category Journey Topics' }).click();
    await page.locator('input[name="name"]').fill('Journey Stories');
    await page.getByRole('button', { name: 'Update Category' }).click();
    await inMain(page, 'Category updated successfully').waitFor();
    await expect.poll(() => row.textContent()).toContain('Journey Stories');
    await row.getByRole('button', { name: 'Delete category Journey Stories' }).click();
    await confirmDialog(page, 'Are you sure you want to delete this category?', 'Delete');
    await inMain(page, 'Category deleted successfully').waitFor();
    await expect.poll(() => row.count()).toBe(0);

    expect(unexpectedErrors(errors)).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });

  it('a viewer reads the blog tab on a phone without any write controls', async () => {
    const { context, page, errors } = await newPage(journey.browser, { width: 390, height: 844 });
    const csp = await watchCsp(page);
    await signIn(page, journey.site.baseUrl, VIEWER.username, VIEWER.password);
    await page.goto(`${journey.site.baseUrl}/admin/blog?status=published`);
    await hydrated(page);
    await page.locator('[data-post]:visible').first().waitFor();
    expect(await page.locator('[data-read-only]').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'New Blog Post' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${journey.site.baseUrl}/admin/blog/new`);
    await hydrated(page);
    await page.getByText('You cannot change blog posts').waitFor();
    expect(await page.locator('form[aria-label="New blog post"]').count()).toBe(0);

    await page.goto(`${journey.site.baseUrl}/admin/blog/categories`);
    await hydrated(page);
    await page.locator('[data-category]').first().waitFor();
    expect(await page.getByRole('button', { name: 'New Category' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) category/ }).count()).toBe(0);

    const token = await tokenOf(VIEWER.username, VIEWER.password);
    const refused = await api('/api/blog/bulk', {
      method: 'PATCH',
      token,
      body: { operation: 'publish', postIds: [1] },
    });
    expect(refused.status).toBe(403);

    expect(unexpectedErrors(errors)).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });
});
