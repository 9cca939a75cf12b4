import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_MAX_FILES,
  UploadMessage,
  responsiveSourcesFromUrl,
  uploadedFileSchema,
  type UploadedFile,
} from '../../../shared/contracts/uploads';
import { formatMessage } from '../../../shared/errors';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { postMultipart, useUploadDir, type Part } from '../../testing/multipart';
import { countRows, testDialects } from '../../testing/test-database';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .jpeg()
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
const PHP = Buffer.from('<?php system($_GET["cmd"]); ?>\n');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe.each(testDialects)('uploads (/api/uploads) on %s', (dialect) => {
  const uploadDir = useUploadDir('uploads-test-');
  const t = useTestApp(dialect, { seed: false, env: { UPLOAD_DIR: uploadDir } });
  const db = () => t.db.database.db;
  let editor: Session;
  let admin: Session;
  let viewer: Session;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, db(), { role: 'editor' });
    admin = await createSignedIn(t.app, db(), { role: 'admin' });
    viewer = await createSignedIn(t.app, db(), { role: 'viewer' });
  });

  const send = (url: string, parts: Part[], token: string | null = editor.token) =>
    postMultipart(t.app, `/api/uploads${url}`, parts, token);

  async function uploadOne(data: Buffer, filename: string, extra: Part[] = []): Promise<UploadedFile> {
    const res = await send('/single', [...extra, { field: 'file', data, filename, type: 'image/jpeg' }]);
    expect(res.statusCode, res.body).toBe(201);
    return uploadedFileSchema.parse(res.json().data.file);
  }

  const json = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object, token = editor.token) =>
    t.app.inject({ method, url: `/api/uploads${url}`, payload, headers: bearer(token) });
  const onDisk = (url: string) => path.join(uploadDir, url.replace(/^\/uploads\//, ''));
  const uploadCount = () => countRows(db(), 'uploads');

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

  it('lists, filters, searches, counts, reads and edits uploads', async () => {
    const tag = `zebra${Date.now()}`;
    const a = await uploadOne(await png(10, 10), `${tag}-one.png`, [{ field: 'category', data: 'portfolio' }]);
    const b = await uploadOne(await jpeg(10, 10), `${tag}-two.jpg`, [{ field: 'category', data: 'team' }]);

    const list = await json(
      'GET',
      `/?search=${tag}&sortBy=original_name&sortOrder=asc&limit=1`,
      undefined,
      viewer.token,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ total: 2, page: 1, pages: 2 });
    expect(list.json().data.files[0].id).toBe(a.id);
    const byMime = await json('GET', `/?search=${tag}&mimeType=image/jpeg`);
    expect(byMime.json().data.files.map((f: UploadedFile) => f.id)).toEqual([b.id]);
    const family = await json('GET', `/mime/image?search=${tag}`);
    expect(family.json().data.total).toBe(2);
    const exact = await json('GET', `/mime/image/png?search=${tag}`);
    expect(exact.json().data.files.map((f: UploadedFile) => f.id)).toEqual([a.id]);
    const encoded = await json('GET', `/mime/image%2Fpng?search=${tag}`);
    expect(encoded.json().data.files.map((f: UploadedFile) => f.id)).toEqual([a.id]);
    const category = await json('GET', `/category/team?search=${tag}`);
    expect(category.json().data.files.map((f: UploadedFile) => f.id)).toEqual([b.id]);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await json('GET', `/?search=${tag}&dateFrom=${today}&dateTo=${today}`);
    expect(dated.json().data.total).toBe(2);
    const past = await json('GET', `/?search=${tag}&dateTo=2000-01-01`);
    expect(past.json().data.total).toBe(0);
    // A day that does not exist is refused, not turned into a bound (it answered 500: the battery found it).
    for (const bad of ['dateTo=0000-00-00', 'dateFrom=2026-02-30', 'dateTo=2026-13-01T00:00:00Z']) {
      const refused = await json('GET', `/?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.body).toContain('must be a date (YYYY-MM-DD)');
    }
    const search = await json('POST', '/search', { query: `${tag}-TWO` });
    expect(search.json().data.files.map((f: UploadedFile) => f.id)).toEqual([b.id]);
    expect((await json('POST', '/search', { query: '' })).statusCode).toBe(400);

    const categories = await json('GET', '/meta/categories');
    expect(categories.json().data.categories).toEqual(
      expect.arrayContaining([expect.objectContaining({ category: 'team' })]),
    );
    const stats = (await json('GET', '/meta/stats')).json().data;
    expect(stats.total_files).toBe(await uploadCount());
    expect(stats.images + stats.documents).toBe(stats.total_files);
    expect(stats.by_mime_type.find((m: { mime_type: string }) => m.mime_type === 'image/png').size).toBeGreaterThan(0);

    const one = await json('GET', `/${a.id}`, undefined, viewer.token);
    expect(one.json().data.file).toMatchObject({ id: a.id, variants: expect.any(Array) });
    expect((await json('GET', '/999999')).statusCode).toBe(404);

    const edited = await json('PUT', `/${a.id}`, { alt_text: 'Logo', description: 'The logo', category: 'brand' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.file).toMatchObject({ alt_text: 'Logo', description: 'The logo', category: 'brand' });
    const cleared = await json('PUT', `/${a.id}`, { alt_text: '' });
    expect(cleared.json().data.file).toMatchObject({ alt_text: null, description: 'The logo' });
    expect((await json('PUT', `/${a.id}`, { category: '../x' })).statusCode).toBe(400);
    expect((await json('PUT', `/${a.id}`, {})).statusCode).toBe(400);
    expect((await json('PUT', `/${a.id}`, { alt_text: 'x' }, viewer.token)).statusCode).toBe(403);
  });

  it('deletes an upload with all its sizes and every reference to it', async () => {
    const file = await uploadOne(await jpeg(700, 400), 'cover.jpg');
    const other = await uploadOne(await jpeg(50, 50), 'other.jpg');
    const now = new Date().toISOString();
    await db()
      .insertInto('blog_posts')
      .values([
        {
          slug: `p1-${file.id}`,
          title: 'P',
          excerpt: 'e',
          content: `<p>See <img src="${file.url}" alt="cover" /> and <a href="${file.url}" rel="noopener noreferrer">the file</a>.</p><p><img src="${other.url}" alt="other" /></p>`,
          author: 'a',
          date: '2026-01-01',
          image_url: file.url,
          created_at: now,
          updated_at: now,
        },
        {
          slug: `p2-${file.id}`,
          title: 'P',
          excerpt: 'e',
          content: `<p><img src="${t.config.publicUrl}${file.url}" alt="absolute" /></p>`,
          author: 'a',
          date: '2026-01-01',
          image_url: `${t.config.publicUrl}${file.url}`,
          created_at: now,
          updated_at: now,
        },
        {
          slug: `p3-${file.id}`,
          title: 'P',
          excerpt: 'e',
          content: `<p><img src="${other.url}" alt="other" /></p>`,
          author: 'a',
          date: '2026-01-01',
          image_url: other.url,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await db()
      .insertInto('portfolio_projects')
      .values({
        slug: `proj-${file.id}`,
        title: 'P',
        short_description: 's',
        client: 'c',
        image_url: file.url,
        share_image_url: file.url,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const project = await db()
      .selectFrom('portfolio_projects')
      .select('id')
      .where('slug', '=', `proj-${file.id}`)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('project_gallery_images')
      .values([
        { project_id: project.id, url: file.url, position: 0 },
        { project_id: project.id, url: other.url, position: 1 },
      ])
      .execute();

    const paths = [file.url, ...file.variants.map((v) => v.url)].map(onDisk);
    expect(paths.every((p) => existsSync(p))).toBe(true);
    // Still used: refused with the places listed, nothing removed; ?force=true deletes it and its references.
    const refused = await json('DELETE', `/${file.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(refused.json().message).toContain('Project “P” (gallery)');
    expect(paths.every((p) => existsSync(p))).toBe(true);
    const res = await json('DELETE', `/${file.id}?force=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: UploadMessage.DELETED });
    expect(paths.some((p) => existsSync(p))).toBe(false);
    expect(await db().selectFrom('upload_variants').selectAll().where('upload_id', '=', file.id).execute()).toEqual([]);
    const posts = await db()
      .selectFrom('blog_posts')
      .select(['slug', 'image_url', 'content'])
      .where('slug', 'like', `p_-${file.id}`)
      .orderBy('slug')
      .execute();
    expect(posts.map((p) => p.image_url)).toEqual([null, null, other.url]);
    // In the text: its images are gone, a link to it keeps only its words, other files stay.
    expect(posts.map((p) => p.content)).toEqual([
      `<p>See  and <span>the file</span>.</p><p><img src="${other.url}" alt="other" /></p>`,
      '<p></p>',
      `<p><img src="${other.url}" alt="other" /></p>`,
    ]);
    const projectRow = await db()
      .selectFrom('portfolio_projects')
      .select(['image_url', 'share_image_url'])
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(projectRow).toEqual({ image_url: null, share_image_url: null });
    const gallery = await db()
      .selectFrom('project_gallery_images')
      .select('url')
      .where('project_id', '=', project.id)
      .execute();
    expect(gallery.map((g) => g.url)).toEqual([other.url]);
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await json('DELETE', `/${file.id}`)).statusCode).toBe(404);

    const x = await uploadOne(await png(8, 8), 'x.png');
    const y = await uploadOne(await png(8, 8), 'y.png');
    const bulk = await json('DELETE', '/bulk', { fileIds: [x.id], ids: [y.id, 999_999] });
    expect(bulk.json()).toMatchObject({ success: true, data: { deleted: 2 } });
    expect(existsSync(onDisk(x.url)) || existsSync(onDisk(y.url))).toBe(false);
    expect((await json('DELETE', '/bulk', { ids: [] })).statusCode).toBe(400);
    expect((await json('GET', `/${other.id}`)).statusCode).toBe(200);
  });

  it('never serves anything outside the upload folder, however the path is spelled', async () => {
    writeFileSync(path.join(uploadDir, 'secret.jpg'), 'not public');
    writeFileSync(path.join(path.dirname(uploadDir), `outside-${path.basename(uploadDir)}.jpg`), 'not public');
    const attempts = [
      '/uploads/secret.jpg',
      '/uploads/files/..%2fsecret.jpg',
      '/uploads/files/%2e%2e%2fsecret.jpg',
      '/uploads/files/..%252fsecret.jpg',
      '/uploads/files/..%5csecret.jpg',
      '/uploads/files/../secret.jpg',
      '/uploads/files/%2e%2e/secret.jpg',
      `/uploads/files/..%2f..%2foutside-${path.basename(uploadDir)}.jpg`,
      '/uploads/thumbnails/..%2f..%2f/secret.jpg',
      '/uploads/thumbnails/..%2f/secret.jpg',
      '/uploads/thumbnails/320w/..%2f..%2fsecret.jpg',
      '/uploads/files/secret.jpg%00.png',
      '/uploads/files/.secret.jpg',
      '/uploads/',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('not public');
    }
  });
});
