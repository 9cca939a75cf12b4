import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';

const journey = useAdminSite();

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const PHP = Buffer.from('<?php system($_GET["cmd"]); ?>');

describe('the image upload component (blog featured image)', () => {
  it('is keyboard operable, refuses what the server would, shows its answers, and uploads a dropped image', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, journey.site.baseUrl, 'admin', ADMIN_PASSWORD);
    await page.goto(`${journey.site.baseUrl}/admin/blog/new`);
    const field = page.getByRole('group', { name: 'Featured image' });
    const zone = field.getByRole('button', { name: /Drop an image here or click to choose one/ });
    await zone.waitFor();
    // The form settles (categories and company defaults load) before keys are pressed on it.
    await page.waitForLoadState('networkidle');

    // Enter on the drop zone opens the file picker; an SVG is refused before anything is sent.
    const [svgChooser] = await Promise.all([page.waitForEvent('filechooser'), zone.press('Enter')]);
    await svgChooser.setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
    await field.getByText(/^SVG files are not accepted because they can contain scripts/).waitFor();

    // Space works too. A script named .png passes the browser's check; the server reads its content.
    const [phpChooser] = await Promise.all([page.waitForEvent('filechooser'), zone.press(' ')]);
    await phpChooser.setFiles({ name: 'shell.png', mimeType: 'image/png', buffer: PHP });
    await field.getByText('shell.png').waitFor();
    await field.getByRole('button', { name: 'Upload image' }).click();
    await field
      .getByText(
        'Image upload failed: Unsupported file type. Please use supported image formats. Only JPEG, PNG, GIF and WebP files are supported.',
      )
      .waitFor();
    await field.getByRole('button', { name: 'Remove', exact: true }).click();
    await field.getByText('Preview removed. The file was not uploaded yet.').waitFor();

    // A photo dropped on the zone: preview with name and size in MB, then upload.
    const photo = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const dataTransfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'team photo.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, photo.toString('base64'));
    await zone.dispatchEvent('drop', { dataTransfer });
    await field.getByText(`(${(photo.length / 1024 / 1024).toFixed(2)} MB)`).waitFor();
    await field.getByRole('button', { name: 'Upload image' }).click();
    await field.getByText('File uploaded successfully!').waitFor();
    const url = await field.locator('input[name="image_url"]').inputValue();
    expect(url).toMatch(/^\/uploads\/files\/[0-9a-f]{32}\.jpg$/);

    // The stored image is shown from /uploads under the page's CSP; the upload area waits until it is removed.
    const current = field.locator(`img[src="${url}"]`);
    await current.waitFor();
    await page.waitForFunction((src) => {
      const img = document.querySelector<HTMLImageElement>(`img[src="${src}"]`);
      return img !== null && img.complete && img.naturalWidth === 800;
    }, url);
    expect(await zone.count()).toBe(0);
    await field.getByRole('button', { name: 'Remove image' }).click();
    expect(await field.locator('input[name="image_url"]').inputValue()).toBe('');
    await zone.waitFor();

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors, [415])).toEqual([]);
    await context.close();
  });
});
