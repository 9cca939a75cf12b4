import path from 'node:path';
import { existsSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../../shared/contracts/uploads';
import { UploadMessage } from '../../../shared/contracts/uploads.values';
import type { Session } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { demoCompany } from '../../seed/demo-content';
import { jpeg, png, useUploadCalls } from './uploads-testing';

describe.each(testDialects)('uploads (/api/uploads) on %s', (dialect) => {
  const { uploadDir, t, db, uploadOne, json, onDisk, uploadCount, staff } = useUploadCalls(dialect);
  let viewer: Session;
  beforeAll(() => {
    ({ viewer } = staff);
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

  it('takes a deleted upload out of the landing content, the company profile and project teams', async () => {
    const file = await uploadOne(await jpeg(60, 40), 'everywhere.jpg');
    const stamps = { created_at: new Date().toISOString(), updated_at: new Date().toISOString() };
    const tag = `everywhere-${file.id}`;
    await db()
      .insertInto('services')
      .values({ title: tag, text: 't', icon: null, image_url: file.url, background_url: file.url, ...stamps })
      .execute();
    await db()
      .insertInto('team_members')
      .values({ name: tag, position: 'CTO', image: file.url, ...stamps })
      .execute();
    await db()
      .insertInto('testimonials')
      .values({ name: tag, text: 'Great', image: file.url, ...stamps })
      .execute();
    await db()
      .insertInto('portfolio_projects')
      .values({ slug: tag, title: tag, short_description: 's', client: 'c', ...stamps })
      .execute();
    const project = await db()
      .selectFrom('portfolio_projects')
      .select('id')
      .where('slug', '=', tag)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('project_team_members')
      .values({ project_id: project.id, name: tag, image: file.url })
      .execute();
    await db().deleteFrom('company_profile').execute();
    await db()
      .insertInto('company_profile')
      .values({
        ...demoCompany,
        hero_poster_url: file.url,
        hero_video_url: `${file.url}?v=1`,
        updated_at: stamps.updated_at,
      })
      .execute();

    const res = await json('DELETE', `/${file.id}?force=true`);
    expect(res.statusCode).toBe(200);
    const pictures = await Promise.all([
      db()
        .selectFrom('services')
        .select(['image_url', 'background_url'])
        .where('title', '=', tag)
        .executeTakeFirstOrThrow(),
      db().selectFrom('team_members').select('image').where('name', '=', tag).executeTakeFirstOrThrow(),
      db().selectFrom('testimonials').select('image').where('name', '=', tag).executeTakeFirstOrThrow(),
      db().selectFrom('project_team_members').select('image').where('name', '=', tag).executeTakeFirstOrThrow(),
      db().selectFrom('company_profile').select(['hero_poster_url', 'hero_video_url']).executeTakeFirstOrThrow(),
    ]);
    expect(pictures).toEqual([
      { image_url: null, background_url: null },
      { image: null },
      { image: null },
      { image: null },
      { hero_poster_url: null, hero_video_url: null },
    ]);
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
