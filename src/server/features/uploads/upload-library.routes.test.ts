import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadedFile } from '../../../shared/contracts/uploads';
import { UploadMessage } from '../../../shared/contracts/uploads.values';
import { bearer, createStaff, type Session } from '../../testing/auth-helpers';
import { uploadPng, useUploadDir } from '../../testing/multipart';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { ORPHAN_SWEEP_JOB, UNUSED_SWEEP_JOB } from './upload-library.service';

const png = (seed: number) =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: { r: seed, g: 90, b: 40 } } })
    .png()
    .toBuffer();

describe.each(testDialects)('media library (/api/uploads usage, unused, sweeps) on %s', (dialect) => {
  const uploadDir = useUploadDir('upload-library-test-');
  const t = useTestApp(dialect, { seed: false, env: { UPLOAD_DIR: uploadDir } });
  const db = () => t.db.database.db;
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;

  beforeAll(async () => {
    staff = await createStaff(t.app, db());
  });

  const uploadOne = async (name: string, seed: number): Promise<UploadedFile> =>
    uploadPng(t.app, staff.editor.token, name, await png(seed));

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = staff.editor.token) =>
    t.app.inject({ method, url: `/api/uploads${url}`, payload, headers: bearer(token) });
  const onDisk = (url: string) => path.join(uploadDir, url.replace(/^\/uploads\//, ''));
  const now = () => new Date().toISOString();

  it('lists where a file is used, refuses to delete it (409, the places named) unless forced, and lets unused files go', async () => {
    const cover = await uploadOne('cover.png', 1);
    const inText = await uploadOne('in-text.png', 2);
    const member = await uploadOne('member.png', 3);
    const setting = await uploadOne('setting.png', 4);
    const free = await uploadOne('free.png', 5);
    await db()
      .insertInto('blog_posts')
      .values({
        slug: `usage-${cover.id}`,
        title: 'Usage post',
        excerpt: 'e',
        // A size of the file (not its original address) counts too, as does an absolute address.
        content: `<p><img src="${t.config.publicUrl}${inText.variants[0]!.url}" alt="" /></p>`,
        author: 'a',
        date: '2026-01-01',
        image_url: `${cover.url}?v=2`,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    const post = await db()
      .selectFrom('blog_posts')
      .select('id')
      .where('slug', '=', `usage-${cover.id}`)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('team_members')
      .values({ name: 'Ada', position: 'CTO', image: member.url, created_at: now(), updated_at: now() })
      .execute();
    await db()
      .insertInto('settings')
      .values({ key: `logo-${setting.id}`, value: JSON.stringify({ url: setting.url }), updated_at: now() })
      .execute();

    const usage = async (file: UploadedFile) => (await call('GET', `/${file.id}/usage`)).json().data.usages;
    expect(await usage(cover)).toEqual([
      {
        kind: 'blog_image',
        label: 'Blog post “Usage post” (featured image)',
        admin_path: `/admin/blog/${post.id}/edit`,
      },
    ]);
    expect(await usage(inText)).toEqual([
      { kind: 'blog_content', label: 'Blog post “Usage post” (content)', admin_path: `/admin/blog/${post.id}/edit` },
    ]);
    expect(await usage(member)).toEqual([
      { kind: 'team_member', label: 'Team member Ada', admin_path: '/admin/content/team' },
    ]);
    expect((await usage(setting))[0]).toMatchObject({ kind: 'setting', admin_path: '/admin/settings' });
    expect(await usage(free)).toEqual([]);
    // Viewers may look.
    expect((await call('GET', `/${cover.id}/usage`, undefined, staff.viewer.token)).statusCode).toBe(200);
    expect((await call('GET', '/999999/usage')).statusCode).toBe(404);

    const refused = await call('DELETE', `/${cover.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message:
        'This file is still used in 1 place: Blog post “Usage post” (featured image). Remove it there first, or delete it anyway.',
      errors: [{ field: String(cover.id), message: 'Blog post “Usage post” (featured image)' }],
    });
    expect(existsSync(onDisk(cover.url))).toBe(true);

    // Several at once: nothing goes while one is used.
    const bulk = await call('DELETE', '/bulk', { ids: [free.id, member.id] });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toContain('member.png');
    expect((await call('GET', `/${free.id}`)).statusCode).toBe(200);

    // Unused: only the free file, and viewers may list it.
    const unused = await call('GET', '/meta/unused', undefined, staff.viewer.token);
    expect(unused.statusCode).toBe(200);
    expect(unused.json().data.files.map((f: UploadedFile) => f.id)).toEqual([free.id]);
    expect(unused.json().data.total).toBe(1);

    expect((await call('DELETE', `/${cover.id}?force=true`)).statusCode).toBe(200);
    // Forced: the file goes, and so does every reference, however spelled (a query, a size's address).
    expect((await call('DELETE', `/${inText.id}?force=true`)).statusCode).toBe(200);
    const after = await db()
      .selectFrom('blog_posts')
      .select(['image_url', 'content'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ image_url: null, content: '<p></p>' });
    expect((await call('DELETE', '/bulk', { ids: [member.id, free.id], force: true })).json()).toMatchObject({
      data: { deleted: 2 },
    });
    expect((await call('DELETE', `/${setting.id}?force=1`, undefined, staff.viewer.token)).statusCode).toBe(403);
  });

  it('sweeps unused files by hand (admins only) and on its daily schedule (a month after upload)', async () => {
    const a = await uploadOne('sweep-a.png', 10);
    const b = await uploadOne('sweep-b.png', 11);
    const kept = await uploadOne('sweep-kept.png', 12);
    await db()
      .insertInto('testimonials')
      .values({ name: 'Bo', text: 'Great', image: kept.url, created_at: now(), updated_at: now() })
      .execute();

    // The schedule keeps files younger than 30 days.
    expect(await t.app.scheduler.runNow(UNUSED_SWEEP_JOB)).toBe(true);
    expect((await call('GET', `/${a.id}`)).statusCode).toBe(200);

    expect((await call('POST', '/unused/sweep', {}, staff.editor.token)).statusCode).toBe(403);
    expect((await call('POST', '/unused/sweep', {}, staff.viewer.token)).statusCode).toBe(403);
    expect((await call('POST', '/unused/sweep', { olderThanDays: 1 }, staff.admin.token)).json().data.deleted).toBe(0);

    // 31 days on, the scheduled sweep removes both unused files, rows and stored files, and keeps the used one.
    const later = new Date(Date.now() + 31 * 24 * 60 * 60_000);
    expect(await t.app.scheduler.runNow(UNUSED_SWEEP_JOB, later)).toBe(true);
    for (const gone of [a, b]) {
      expect((await call('GET', `/${gone.id}`)).statusCode).toBe(404);
      expect(existsSync(onDisk(gone.url))).toBe(false);
    }
    expect((await call('GET', `/${kept.id}`)).statusCode).toBe(200);

    const c = await uploadOne('sweep-c.png', 13);
    const swept = await call('POST', '/unused/sweep', {}, staff.admin.token);
    expect(swept.json()).toMatchObject({ success: true, data: { deleted: 1 }, message: '1 unused file deleted' });
    expect((await call('GET', `/${c.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/${kept.id}`)).statusCode).toBe(200);
  });

  it('sweeps what interrupted uploads left: old temporary files, rows without a file, files without a row', async () => {
    const lost = await uploadOne('lost.png', 20);
    const fine = await uploadOne('fine.png', 21);
    // The stored file of `lost` vanished; an object was written by an upload that never recorded its row.
    rmSync(onDisk(lost.url));
    const strayStem = 'ab'.repeat(16);
    const stray = path.join(uploadDir, 'files', `${strayStem}.png`);
    const strayVariant = path.join(uploadDir, 'thumbnails', '320w', `${strayStem}.webp`);
    mkdirSync(path.dirname(strayVariant), { recursive: true });
    writeFileSync(stray, await png(1));
    writeFileSync(strayVariant, 'x');
    const spool = path.join(uploadDir, '.incoming');
    mkdirSync(spool, { recursive: true });
    const oldTemp = path.join(spool, `${'cd'.repeat(16)}.tmp`);
    const freshTemp = path.join(spool, `${'ef'.repeat(16)}.tmp`);
    writeFileSync(oldTemp, 'half');
    writeFileSync(freshTemp, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    for (const file of [stray, strayVariant, oldTemp]) utimesSync(file, twoHoursAgo, twoHoursAgo);

    // Within the hour nothing young is touched: the rows of `lost` and `fine` are only minutes old.
    expect(await t.app.scheduler.runNow(ORPHAN_SWEEP_JOB)).toBe(true);
    expect(existsSync(oldTemp)).toBe(false);
    expect(existsSync(freshTemp)).toBe(true);
    expect(existsSync(stray) || existsSync(strayVariant)).toBe(false);
    expect((await call('GET', `/${lost.id}`)).statusCode).toBe(200);

    // Two hours on: the row without its file goes, with its sizes; the complete upload stays.
    expect(await t.app.scheduler.runNow(ORPHAN_SWEEP_JOB, new Date(Date.now() + 2 * 60 * 60_000))).toBe(true);
    expect((await call('GET', `/${lost.id}`)).json()).toMatchObject({ message: UploadMessage.NOT_FOUND });
    expect(lost.variants.some((v) => existsSync(onDisk(v.url)))).toBe(false);
    expect((await call('GET', `/${fine.id}`)).statusCode).toBe(200);
    expect(existsSync(onDisk(fine.url))).toBe(true);
    expect(existsSync(freshTemp)).toBe(false);
  });
});
