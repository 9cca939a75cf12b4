import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import {
  PortfolioUploadMessage,
  portfolioGalleryUploadDataSchema,
  portfolioImageDeleteDataSchema,
  portfolioMainUploadDataSchema,
  portfolioUploadStatsDataSchema,
} from '../../../shared/contracts/portfolio-uploads';
import { UploadMessage } from '../../../shared/contracts/uploads.values';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { postMultipart, useUploadDir, type Part } from '../../testing/multipart';
import { testDialects } from '../../testing/test-database';

let colour = 0;
/** A small PNG of its own colour (every upload is a distinct file). */
function png(width = 40, height = 30): Promise<Buffer> {
  colour += 23;
  return sharp({
    create: { width, height, channels: 3, background: { r: colour % 256, g: (colour * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
}

async function images(count: number, field = 'images'): Promise<Part[]> {
  const parts: Part[] = [];
  for (let i = 0; i < count; i += 1) {
    parts.push({ field, data: await png(), filename: `shot-${i + 1}.png`, type: 'image/png' });
  }
  return parts;
}

const PROJECT = {
  title: 'Gallery Test Project',
  short_description: 'A project to hold gallery images.',
  client: 'Acme',
  results: 'It works.',
  technologies: 'React, Node.js',
  published: false,
};

describe.each(testDialects)('portfolio image uploads (/api/portfolio/upload) on %s', (dialect) => {
  const uploadDir = useUploadDir('portfolio-upload-test-');
  const t = useTestApp(dialect, { seed: false, env: { UPLOAD_DIR: uploadDir } });
  const db = () => t.db.database.db;
  let editor: Session;
  let viewer: Session;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, db(), { role: 'editor' });
    viewer = await createSignedIn(t.app, db(), { role: 'viewer' });
  });

  const send = (url: string, parts: Part[], token: string | null = editor.token) =>
    postMultipart(t.app, `/api/portfolio/upload${url}`, parts, token);

  const call = (method: 'GET' | 'DELETE' | 'POST' | 'PUT', url: string, payload?: object, token = editor.token) =>
    t.app.inject({ method, url: `/api${url}`, payload, headers: bearer(token) });

  async function createProject(extra: object = {}): Promise<{ id: number; slug: string }> {
    const res = await call('POST', '/portfolio/projects', { ...PROJECT, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.project;
  }

  async function projectDetail(id: number) {
    const res = await call('GET', `/portfolio/projects/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.project as { image_url: string | null; gallery: Array<{ url: string; title: string }> };
  }

  const onDisk = (url: string) => path.join(uploadDir, url.replace(/^\/uploads\//, ''));

  it('asks anonymous callers to sign in (401) and refuses viewers (403) on every write; viewers read stats', async () => {
    const image = await images(1, 'image');
    expect((await send('/main', image, null)).statusCode).toBe(401);
    expect((await send('/main', image, viewer.token)).statusCode).toBe(403);
    expect((await send('/gallery', await images(1), null)).statusCode).toBe(401);
    expect((await send('/gallery', await images(1), viewer.token)).statusCode).toBe(403);
    expect((await call('DELETE', '/portfolio/upload/1', undefined, viewer.token)).statusCode).toBe(403);
    const anonymousDelete = await t.app.inject({ method: 'DELETE', url: '/api/portfolio/upload/1' });
    expect(anonymousDelete.statusCode).toBe(401);
    const anonymousStats = await t.app.inject({ method: 'GET', url: '/api/portfolio/upload/stats' });
    expect(anonymousStats.statusCode).toBe(401);
    const stats = await call('GET', '/portfolio/upload/stats', undefined, viewer.token);
    expect(stats.statusCode).toBe(200);
    expect(portfolioUploadStatsDataSchema.parse(stats.json().data).gallery_max).toBe(10);
  });

  it('stores a main image in the portfolio category and answers data.url and data.file', async () => {
    const res = await send('/main', [
      { field: 'alt_text', data: 'Dashboard screenshot' },
      { field: 'image', data: await png(900, 600), filename: 'main.png', type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('File uploaded successfully!');
    const data = portfolioMainUploadDataSchema.parse(body.data);
    expect(data.url).toBe(data.file.url);
    expect(data.url).toMatch(/^\/uploads\/files\/[0-9a-f]{32}\.png$/);
    expect(data.file).toMatchObject({ category: 'portfolio', alt_text: 'Dashboard screenshot', width: 900 });
    expect(existsSync(onDisk(data.url))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a main upload that is not an image by content, and more than one file', async () => {
    const fake = await send('/main', [
      { field: 'image', data: '<?php system($_GET["c"]); ?>', filename: 'evil.png', type: 'image/png' },
    ]);
    expect(fake.statusCode).toBe(415);
    const two = await send('/main', await images(2, 'image'));
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(UploadMessage.ONLY_ONE);
    const none = await send('/main', [{ field: 'alt_text', data: 'x' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UploadMessage.NO_FILE);
  });

  it('uploads gallery images without a project (the form saves them later)', async () => {
    const res = await send('/gallery', await images(3));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Successfully uploaded 3 gallery images');
    const data = portfolioGalleryUploadDataSchema.parse(res.json().data);
    expect(data.images).toHaveLength(3);
    expect(data.project_id).toBeNull();
    for (const image of data.images) expect(image.url).toMatch(/^\/uploads\/files\/[0-9a-f]{32}\.png$/);
  });

  it("appends to the project's gallery up to 10 images and refuses the 11th with the capacity message", async () => {
    const project = await createProject({ title: 'Ten Slots' });
    const first = await send('/gallery', [
      { field: 'projectId', data: String(project.id) },
      { field: 'titles', data: JSON.stringify(['Home page', 'Checkout']) },
      ...(await images(4)),
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const firstData = portfolioGalleryUploadDataSchema.parse(first.json().data);
    expect(firstData).toMatchObject({ project_id: project.id, gallery_count: 4, remaining: 6 });
    expect(firstData.images.map((i) => i.title)).toEqual(['Home page', 'Checkout', null, null]);

    // By slug this time; 6 more fill the gallery.
    const second = await send('/gallery', [{ field: 'projectSlug', data: project.slug }, ...(await images(6))]);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data).toMatchObject({ gallery_count: 10, remaining: 0 });

    const uploadsBefore = await db()
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const eleventh = await send('/gallery', [{ field: 'projectId', data: String(project.id) }, ...(await images(1))]);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toBe('Cannot upload 1 image. Only 0 slots remaining in gallery.');
    const uploadsAfter = await db()
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(uploadsAfter.n)).toBe(Number(uploadsBefore.n));

    const detail = await projectDetail(project.id);
    expect(detail.gallery).toHaveLength(10);
    expect(detail.gallery[0]).toMatchObject({ url: firstData.images[0]!.url, title: 'Home page' });
  });

  it('refuses more images than the slots left, before storing any of them', async () => {
    const project = await createProject({ title: 'Eight Slots' });
    expect(
      (await send('/gallery', [{ field: 'projectId', data: String(project.id) }, ...(await images(8))])).statusCode,
    ).toBe(201);
    const tooMany = await send('/gallery', [{ field: 'projectId', data: String(project.id) }, ...(await images(3))]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Cannot upload 3 images. Only 2 slots remaining in gallery.');
    expect((await projectDetail(project.id)).gallery).toHaveLength(8);
  });

  it('answers 404 for an unknown project and refuses more than 10 files in one request', async () => {
    const unknown = await send('/gallery', [{ field: 'projectId', data: '999999' }, ...(await images(1))]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PortfolioMessage.PROJECT_NOT_FOUND);
    const eleven = await send('/gallery', await images(11));
    expect(eleven.statusCode).toBe(400);
    const badId = await send('/gallery', [{ field: 'projectId', data: 'abc' }, ...(await images(1))]);
    expect(badId.statusCode).toBe(400);
  });

  it('deletes an image by file name: the file, its sizes, and its main-image and gallery references', async () => {
    const main = portfolioMainUploadDataSchema.parse((await send('/main', await images(1, 'image'))).json().data).url;
    const project = await createProject({ title: 'Delete Me Images', image_url: main });
    const gallery = portfolioGalleryUploadDataSchema.parse(
      (await send('/gallery', [{ field: 'projectId', data: String(project.id) }, ...(await images(2))])).json().data,
    );
    const [keep, remove] = gallery.images;
    // Another project refers to the same gallery file with a query string: matched by file name.
    const other = await createProject({ title: 'Shares An Image', gallery: [`${remove!.url}?v=2`] });

    const variantUrls = remove!.file.variants.map((v) => v.url);
    expect(variantUrls.length).toBeGreaterThan(0);
    const filename = remove!.url.split('/').pop() as string;
    const res = await call('DELETE', `/portfolio/upload/${filename}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PortfolioUploadMessage.IMAGE_DELETED);
    expect(portfolioImageDeleteDataSchema.parse(res.json().data)).toMatchObject({
      id: remove!.file.id,
      filename,
      gallery_images_removed: 2,
    });
    expect(existsSync(onDisk(remove!.url))).toBe(false);
    for (const url of variantUrls) expect(existsSync(onDisk(url))).toBe(false);
    expect((await projectDetail(project.id)).gallery.map((g) => g.url)).toEqual([keep!.url]);
    expect((await projectDetail(other.id)).gallery).toEqual([]);

    // The main image by upload id.
    const mainRow = await db()
      .selectFrom('uploads')
      .select('id')
      .where('filename', '=', main.split('/').pop() as string)
      .executeTakeFirstOrThrow();
    const byId = await call('DELETE', `/portfolio/upload/${mainRow.id}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data.main_images_cleared).toBe(1);
    expect((await projectDetail(project.id)).image_url).toBeNull();

    const again = await call('DELETE', `/portfolio/upload/${filename}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(UploadMessage.NOT_FOUND);
  });

  it("removes an address that is not an upload only from the named project's references", async () => {
    const a = await createProject({ title: 'Demo A', image_url: '/demo/shared.svg', gallery: ['/demo/one.svg'] });
    const b = await createProject({ title: 'Demo B', image_url: '/demo/shared.svg' });
    expect((await call('DELETE', '/portfolio/upload/shared.svg')).statusCode).toBe(404);
    const res = await call('DELETE', `/portfolio/upload/shared.svg?projectId=${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: null, main_images_cleared: 1, gallery_images_removed: 0 });
    expect((await projectDetail(a.id)).image_url).toBeNull();
    expect((await projectDetail(b.id)).image_url).toBe('/demo/shared.svg');
    const gallery = await call('DELETE', `/portfolio/upload/one.svg?projectSlug=${encodeURIComponent(a.slug)}`);
    expect(gallery.statusCode).toBe(200);
    expect((await projectDetail(a.id)).gallery).toEqual([]);
    const missing = await call('DELETE', `/portfolio/upload/nothing.png?projectId=${a.id}`);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a name that is not a file name', async () => {
    const res = await call('DELETE', '/portfolio/upload/..%5Cetc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PortfolioUploadMessage.INVALID_IMAGE_URL);
  });

  it('counts portfolio images in the stats', async () => {
    const res = await call('GET', '/portfolio/upload/stats');
    expect(res.statusCode).toBe(200);
    const stats = portfolioUploadStatsDataSchema.parse(res.json().data);
    expect(stats.files).toBeGreaterThan(10);
    expect(stats.total_size).toBeGreaterThan(0);
    expect(stats.full_galleries).toBe(1);
    expect(stats.gallery_images).toBeGreaterThanOrEqual(19);
    expect(stats.projects_with_main_image).toBeGreaterThanOrEqual(1);
  });
});
