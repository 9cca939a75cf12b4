import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../../shared/contracts/uploads';
import { ErrorCode } from '../../../shared/errors';
import { bearer, createStaff, type Session } from '../../testing/auth-helpers';
import { postMultipart, uploadPng, useUploadDir } from '../../testing/multipart';
import { useTestApp } from '../../testing/test-app';
import { S3Storage } from '../../storage';
import { closedPort, useTestBucket } from '../../storage/test-bucket';
import { ORPHAN_SWEEP_JOB } from './upload-library.service';

/** Uploads kept in an S3-compatible bucket shared by every instance (ADR 0030), on a local s3rver. */

const png = (seed: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: seed, g: 90, b: 40 } } })
    .png()
    .toBuffer();

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('uploads in an S3 bucket', () => {
  const uploadDir = useUploadDir('upload-s3-test-');
  const bucket = useTestBucket('site-uploads', 'site/', { UPLOAD_DIR: uploadDir });
  const t = useTestApp('sqlite', { seed: false, env: bucket.env });
  const store = () => new S3Storage(bucket.s3(), 'site/');
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;

  beforeAll(async () => {
    staff = await createStaff(t.app, t.db.database.db);
  });

  const uploadOne = async (name: string, seed: number): Promise<UploadedFile> =>
    uploadPng(t.app, staff.editor.token, name, await png(seed));

  it('is ready with the bucket writable', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ storage: true });
  });

  it('stores an image and its sizes in the bucket, serves them, and deleting it leaves nothing there', async () => {
    const file = await uploadOne('photo.png', 1);
    expect(file.variants.length).toBeGreaterThan(0);
    const keys = [keyOf(file.url), ...file.variants.map((v) => keyOf(v.url))];
    const stored = [...(await store().list('files')), ...(await store().list('thumbnails'))].map((o) => o.key);
    expect(stored.sort()).toEqual([...keys].sort());
    // Nothing but the (empty) spool folder stays on local disk.
    expect(readdirSync(uploadDir, { recursive: true }).filter((f) => !String(f).startsWith('.incoming'))).toEqual([]);

    for (const url of [file.url, ...file.variants.map((v) => v.url)]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toContain('immutable');
      expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
    }
    const original = await t.app.inject({ method: 'GET', url: file.url });
    expect((await sharp(original.rawPayload).metadata()).width).toBe(900);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${file.id}`,
      headers: bearer(staff.editor.token),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect([...(await store().list('files')), ...(await store().list('thumbnails'))]).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
  });

  it('answers hostile addresses with a 4xx, never a 5xx', async () => {
    for (const url of [
      '/uploads/files/missing.png',
      '/uploads/files/..%2f..%2fsecret.txt',
      '/uploads/files/%2e%2e%2fsite%2ffiles%2fa.png',
      '/uploads/thumbnails/320w/..%2fa.webp',
      '/uploads/thumbnails/..%2f/a.webp',
      '/uploads/files/A.PNG',
      `/uploads/files/${'a'.repeat(300)}.png`,
      '/uploads/files/a.png%00.jpg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('the orphan sweep keeps a used upload whose file is missing, and removes unused ones and stray objects', async () => {
    const used = await uploadOne('used.png', 2);
    const unused = await uploadOne('unused.png', 3);
    const now = new Date().toISOString();
    await t.db.database.db
      .insertInto('team_members')
      .values({ name: 'Ada', position: 'CTO', image: used.url, created_at: now, updated_at: now })
      .execute();
    // Both originals vanished from the bucket (an instance with its own folder, a hand-made cleanup…).
    await store().delete(keyOf(used.url));
    await store().delete(keyOf(unused.url));
    await store().put(`files/${'ab'.repeat(16)}.png`, Buffer.from('stray'));

    // Two hours on: past the grace period for rows and objects alike.
    expect(await t.app.scheduler.runNow(ORPHAN_SWEEP_JOB, new Date(Date.now() + 2 * 60 * 60_000))).toBe(true);
    const get = (id: number) =>
      t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: bearer(staff.editor.token) });
    expect((await get(used.id)).statusCode).toBe(200);
    expect((await get(unused.id)).statusCode).toBe(404);
    expect(await store().exists(`files/${'ab'.repeat(16)}.png`)).toBe(false);
    // The used upload's sizes are still there; the unused one's went with its row.
    for (const v of used.variants) expect(await store().exists(keyOf(v.url)), v.url).toBe(true);
    for (const v of unused.variants) expect(await store().exists(keyOf(v.url)), v.url).toBe(false);
  });

  it('the orphan sweep deletes nothing when the store lacks most files (an instance on another bucket or folder)', async () => {
    const old = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    const rows = Array.from({ length: 12 }, (_, i) => ({
      filename: `${i.toString(16).padStart(2, '0')}${'cd'.repeat(15)}.png`,
      original_name: `elsewhere-${i}.png`,
      mime_type: 'image/png',
      size: 10,
      width: 1,
      height: 1,
      created_at: old,
    }));
    await t.db.database.db.insertInto('uploads').values(rows).execute();
    expect(await t.app.scheduler.runNow(ORPHAN_SWEEP_JOB)).toBe(true);
    const left = await t.db.database.db
      .selectFrom('uploads')
      .select('filename')
      .where('original_name', 'like', 'elsewhere-%')
      .execute();
    expect(left).toHaveLength(12);
  });
});

describe('uploads served from a public URL', () => {
  // The bucket's address refuses every connection: an answer that needed the store would be a 503.
  const env: Record<string, string> = {
    STORAGE_S3_BUCKET: 'site-uploads',
    STORAGE_S3_ACCESS_KEY_ID: 'key',
    STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    STORAGE_PUBLIC_URL: 'https://cdn.example.test/site/',
  };
  const uploadDir = useUploadDir('upload-public-url-test-');
  beforeAll(async () => {
    Object.assign(env, { UPLOAD_DIR: uploadDir, STORAGE_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
  });
  const t = useTestApp('sqlite', { seed: false, env });

  it('redirects stored names to it for good, without asking the store', async () => {
    for (const [url, target] of [
      ['/uploads/files/abc123.png', 'https://cdn.example.test/site/files/abc123.png'],
      ['/uploads/files/abc123.pdf', 'https://cdn.example.test/site/files/abc123.pdf'],
      ['/uploads/thumbnails/640w/abc123.webp', 'https://cdn.example.test/site/thumbnails/640w/abc123.webp'],
      ['/uploads/thumbnails/og/abc123.jpg', 'https://cdn.example.test/site/thumbnails/og/abc123.jpg'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(target);
      expect(res.headers['cache-control'], url).toContain('immutable');
    }
  });

  it('checks names first: anything else is a 404, not a redirect', async () => {
    for (const url of [
      '/uploads/files/..%2fsecret.png',
      '/uploads/files/abc123.avif',
      '/uploads/files/abc123.svg',
      '/uploads/thumbnails/other/abc123.webp',
      '/uploads/thumbnails/640w/..%2f..%2fx.png',
      '/uploads/secret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });
});

describe('uploads when the bucket cannot be reached', () => {
  const env: Record<string, string> = {
    STORAGE_S3_BUCKET: 'site-uploads',
    STORAGE_S3_ACCESS_KEY_ID: 'key',
    STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
  };
  const uploadDir = useUploadDir('upload-s3-down-test-');
  beforeAll(async () => {
    Object.assign(env, { UPLOAD_DIR: uploadDir, STORAGE_S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` });
  });
  const t = useTestApp('sqlite', { seed: false, env });
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;
  beforeAll(async () => {
    staff = await createStaff(t.app, t.db.database.db);
  });

  it('reports not ready with STORAGE_UNAVAILABLE while the site keeps answering', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: ErrorCode.STORAGE_UNAVAILABLE, data: { storage: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers uploads and served files with 503 STORAGE_UNAVAILABLE, storing no row', async () => {
    const served = await t.app.inject({ method: 'GET', url: '/uploads/files/abc123.png' });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toMatchObject({ code: ErrorCode.STORAGE_UNAVAILABLE });
    const upload = await postMultipart(
      t.app,
      '/api/uploads/single',
      [{ field: 'file', data: await png(4), filename: 'photo.png', type: 'image/png' }],
      staff.editor.token,
    );
    expect(upload.statusCode, upload.body).toBe(503);
    expect(upload.json()).toMatchObject({ code: ErrorCode.STORAGE_UNAVAILABLE });
    const document = await postMultipart(
      t.app,
      '/api/uploads/single',
      [{ field: 'file', data: '%PDF-1.4\n%%EOF\n', filename: 'doc.pdf', type: 'application/pdf' }],
      staff.editor.token,
    );
    expect(document.statusCode, document.body).toBe(503);
    const list = await t.app.inject({ method: 'GET', url: '/api/uploads', headers: bearer(staff.editor.token) });
    expect(list.json().data.total).toBe(0);
    // The spool folder keeps nothing of the refused uploads.
    expect(readdirSync(path.join(uploadDir, '.incoming'))).toEqual([]);
  });
});

describe('uploads when the bucket is gone', () => {
  const uploadDir = useUploadDir('upload-s3-gone-test-');
  const bucket = useTestBucket('site-uploads', '', { UPLOAD_DIR: uploadDir });
  beforeAll(() => {
    bucket.env.STORAGE_S3_BUCKET = 'no-such-bucket';
  });
  const t = useTestApp('sqlite', { seed: false, env: bucket.env });

  it('reports not ready with STORAGE_UNAVAILABLE and serves no 5xx other than 503', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: ErrorCode.STORAGE_UNAVAILABLE });
    expect((await t.app.inject({ method: 'GET', url: '/uploads/files/abc123.png' })).statusCode).toBe(503);
  });
});
