import path from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadedFileSchema, type UploadedFile } from '../../../shared/contracts/uploads';
import { responsiveSourcesFromUrl } from '../../../shared/contracts/image-variants';
import { UPLOAD_MAX_FILES, UploadMessage } from '../../../shared/contracts/uploads.values';
import { formatMessage } from '../../../shared/errors';
import type { Session } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { jpeg, png, SVG, PHP, PDF, useUploadCalls } from './uploads-testing';

describe.each(testDialects)('uploads (/api/uploads) on %s', (dialect) => {
  const { uploadDir, t, db, send, uploadOne, json, onDisk, uploadCount, staff } = useUploadCalls(dialect);
  let admin: Session;
  let viewer: Session;
  beforeAll(() => {
    ({ admin, viewer } = staff);
  });

  it('asks anonymous callers to sign in (401), refuses viewers (403) and lets editors upload', async () => {
    const image = await png(20, 20);
    const anonymous = await send('/single', [{ field: 'file', data: image, filename: 'a.png' }], null);
    expect(anonymous.statusCode).toBe(401);
    const asViewer = await send('/single', [{ field: 'file', data: image, filename: 'a.png' }], viewer.token);
    expect(asViewer.statusCode).toBe(403);
    expect((await json('GET', '/', undefined, viewer.token)).statusCode).toBe(200);
    expect((await json('DELETE', '/1', undefined, viewer.token)).statusCode).toBe(403);
    const asAdmin = await send('/single', [{ field: 'file', data: image, filename: 'a.png' }], admin.token);
    expect(asAdmin.statusCode).toBe(201);
  });

  it('stores a JPEG under a generated name, strips its metadata, applies its orientation and makes every size', async () => {
    // 900x600 pixels stored sideways: EXIF orientation 6 means "rotate 90 degrees to display".
    const original = await sharp(await jpeg(900, 600))
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Artist: 'GPS 51.5,-0.12' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const file = await uploadOne(original, 'Holiday photo.jpg', [
      { field: 'category', data: 'blog' },
      { field: 'alt_text', data: 'A red square' },
    ]);
    expect(file).toMatchObject({
      original_name: 'Holiday photo.jpg',
      mime_type: 'image/jpeg',
      width: 600,
      height: 900,
      category: 'blog',
      alt_text: 'A red square',
    });
    expect(file.filename).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(file.url).toBe(`/uploads/files/${file.filename}`);

    const stored = await sharp(onDisk(file.url)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([600, 900]);

    // 320w, 640w (the original is 600 wide: never upscaled), 1280w (also 600) and the og crop, in both formats.
    expect(file.variants).toHaveLength(8);
    const expected: Record<string, [number, number]> = {
      '320w': [320, 480],
      '640w': [600, 900],
      '1280w': [600, 900],
      og: [1200, 630],
    };
    for (const variant of file.variants) {
      const meta = await sharp(onDisk(variant.url)).metadata();
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : 'webp');
      expect([meta.width, meta.height], variant.url).toEqual(expected[variant.label]);
      expect([variant.width, variant.height]).toEqual(expected[variant.label]);
      expect(meta.exif).toBeUndefined();
      expect(variant.url).toBe(
        `/uploads/thumbnails/${variant.label}/${file.filename.replace('.jpg', '')}.${variant.format}`,
      );
    }
    const rows = await db().selectFrom('upload_variants').selectAll().where('upload_id', '=', file.id).execute();
    expect(rows).toHaveLength(8);

    // The URL alone names the sizes (a post's image_url has no variant list).
    const sources = responsiveSourcesFromUrl(file.url);
    for (const candidate of sources!.webp.split(', ')) {
      const res = await t.app.inject({ method: 'GET', url: candidate.split(' ')[0] as string });
      expect(res.statusCode).toBe(200);
    }

    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(readFileSync(onDisk(file.url)))).toBe(true);
    expect(served.rawPayload.length).toBe(file.size);
    const again = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const variant = await t.app.inject({ method: 'GET', url: file.variants.find((v) => v.format === 'avif')!.url });
    expect(variant.headers['content-type']).toBe('image/avif');
  });

  it('goes by the content, not the name: a PNG called .jpg is stored as PNG, a PHP script called .png is refused', async () => {
    const file = await uploadOne(await png(40, 30), 'really-a-png.jpg');
    expect(file.mime_type).toBe('image/png');
    expect(file.filename).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-type']).toBe('image/png');

    const before = await uploadCount();
    const php = await send('/single', [{ field: 'file', data: PHP, filename: 'shell.png', type: 'image/png' }]);
    expect(php.statusCode).toBe(415);
    expect(php.json()).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: formatMessage(UploadMessage.TYPE_NOT_RECOGNISED, {
        name: 'shell.png',
        allowed: 'JPEG, PNG, GIF, WebP, PDF',
      }),
    });
    expect(await uploadCount()).toBe(before);
  });

  it('refuses SVG (scripts) under any name, on every upload call', async () => {
    for (const [url, field] of [
      ['/single', 'file'],
      ['/image', 'image'],
      ['/multiple', 'files'],
    ] as const) {
      for (const filename of ['logo.svg', 'logo.png']) {
        const res = await send(url, [{ field, data: SVG, filename, type: 'image/svg+xml' }]);
        expect(res.statusCode, `${url} ${filename}`).toBe(415);
        expect(res.json().message).toBe(UploadMessage.SVG_REFUSED);
      }
    }
    expect(readdirSync(uploadDir, { recursive: true }).some((f) => String(f).endsWith('.svg'))).toBe(false);
  });

  it('answers 413 for a file over 10 MB and 400 for empty uploads, bad names and oversized images', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    big.set(await png(10, 10));
    const before = await uploadCount();
    const tooBig = await send('/single', [{ field: 'file', data: big, filename: 'huge.png' }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(formatMessage(UploadMessage.TOO_LARGE, { names: 'huge.png' }));

    const none = await send('/single', [{ field: 'category', data: 'blog' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UploadMessage.NO_FILE);
    const empty = await send('/single', [{ field: 'file', data: Buffer.alloc(0), filename: 'empty.png' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(formatMessage(UploadMessage.EMPTY_FILE, { name: 'empty.png' }));
    const notMultipart = await json('POST', '/single', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe(UploadMessage.NOT_MULTIPART);

    const longName = `${'a'.repeat(252)}.png`;
    const long = await send('/single', [{ field: 'file', data: await png(5, 5), filename: longName }]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('File names must be less than 255 characters');
    for (const name of ['../../etc/passwd.png', '..\\..\\boot.png', 'a<b>.png']) {
      const res = await send('/single', [{ field: 'file', data: await png(5, 5), filename: name }]);
      expect(res.statusCode, name).toBe(400);
    }

    const wide = await sharp({ create: { width: 12_001, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const huge = await send('/image', [{ field: 'image', data: wide, filename: 'wide.png' }]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(
      'Image wide.png is 12001x2 pixels; the maximum is 12000 pixels per side and 40 megapixels.',
    );
    const two = await send('/single', [
      { field: 'file', data: await png(5, 5), filename: 'a.png' },
      { field: 'file', data: await png(5, 5), filename: 'b.png' },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(UploadMessage.ONLY_ONE);
    const wrongField = await send('/single', [{ field: 'image', data: await png(5, 5), filename: 'a.png' }]);
    expect(wrongField.statusCode).toBe(400);
    expect(await uploadCount()).toBe(before);
  });

  it(`takes up to ${UPLOAD_MAX_FILES} files on /multiple and refuses an 11th, storing none of them`, async () => {
    const image = await png(50, 50);
    const ten = Array.from({ length: UPLOAD_MAX_FILES }, (_, i) => ({
      field: 'files',
      data: image,
      filename: `gallery-${i}.png`,
    }));
    const ok = await send('/multiple', [...ten, { field: 'projectSlug', data: 'my-project' }]);
    expect(ok.statusCode, ok.body).toBe(201);
    const files = ok.json().data.files as UploadedFile[];
    expect(files).toHaveLength(UPLOAD_MAX_FILES);
    expect(new Set(files.map((f) => f.filename)).size).toBe(UPLOAD_MAX_FILES);
    expect(files.every((f) => f.category === 'portfolio')).toBe(true);

    const before = await uploadCount();
    const filesBefore = readdirSync(path.join(uploadDir, 'files')).length;
    const eleven = await send('/multiple', [...ten, { field: 'files', data: image, filename: 'one-too-many.png' }]);
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe(formatMessage(UploadMessage.TOO_MANY_FILES, { max: UPLOAD_MAX_FILES }));
    // One bad file among good ones: nothing is kept.
    const mixed = await send('/multiple', [
      { field: 'files', data: image, filename: 'good.png' },
      { field: 'files', data: PHP, filename: 'bad.png' },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect(await uploadCount()).toBe(before);
    expect(readdirSync(path.join(uploadDir, 'files'))).toHaveLength(filesBefore);
  });

  it('accepts PDF documents on /single (served as a download) but only images on /image', async () => {
    const doc = await send('/single', [{ field: 'file', data: PDF, filename: 'brochure.pdf' }]);
    expect(doc.statusCode, doc.body).toBe(201);
    const file = uploadedFileSchema.parse(doc.json().data.file);
    expect(file).toMatchObject({ mime_type: 'application/pdf', width: null, variants: [] });
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');

    const onImage = await send('/image', [{ field: 'image', data: PDF, filename: 'brochure.pdf' }]);
    expect(onImage.statusCode).toBe(415);
    expect(onImage.json().message).toBe(
      formatMessage(UploadMessage.TYPE_NOT_ALLOWED, { type: 'application/pdf', allowed: 'JPEG, PNG, GIF, WebP' }),
    );
  });

  it('fits /image uploads inside the requested box and format, and keeps GIFs as they are', async () => {
    const res = await send('/image', [
      { field: 'width', data: '400' },
      { field: 'format', data: 'webp' },
      { field: 'image', data: await jpeg(1000, 500), filename: 'banner.jpg' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const file = uploadedFileSchema.parse(res.json().data.file);
    expect(file).toMatchObject({ mime_type: 'image/webp', width: 400, height: 200 });
    expect(file.filename).toMatch(/\.webp$/);
    const bad = await send('/image', [
      { field: 'quality', data: '500' },
      { field: 'image', data: await jpeg(10, 10), filename: 'x.jpg' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('quality');

    const gif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const kept = await uploadOne(gif, 'anim.gif');
    expect(kept).toMatchObject({ mime_type: 'image/gif', width: 30, height: 20, size: gif.length });
    expect(kept.variants).toHaveLength(8);
  });
});
