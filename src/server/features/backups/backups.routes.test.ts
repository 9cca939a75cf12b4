import path from 'node:path';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUPS_KEEP, BackupMessage, type Backup } from '../../../shared/contracts/backups';
import type { Role } from '../../../shared/contracts/auth';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { postMultipart } from '../../testing/multipart';
import { useTestApp, type TestContext } from '../../testing/test-app';
import { createTestDatabase, testDialects } from '../../testing/test-database';
import { BACKED_UP_TABLES, EMPTIED_ON_RESTORE, KEPT_ON_RESTORE, SEARCH_INDEX_TABLES } from './backup-tables';
import { deleteAllRows } from './backups.repository';
import { uploadDigests, addUploads, dataDirFor, insertCompletedBackupRow, tableDigests } from './backup-test-support';

/** A gzip'd tar of the given entries, written to `file`. */
async function writeTarGz(file: string, entries: Array<{ name: string; data: string | Buffer }>): Promise<void> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name }, e.data);
  pack.finalize();
  await pipeline(pack as unknown as Readable, createGzip(), createWriteStream(file));
}

describe('the table lists', () => {
  it('name every table of the database exactly once', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const tables = (await t.database.db.introspection.getTables()).map((x) => x.name).sort();
      const named = [
        ...BACKED_UP_TABLES.map((x) => x.name),
        ...EMPTIED_ON_RESTORE,
        ...KEPT_ON_RESTORE,
        ...SEARCH_INDEX_TABLES,
      ].sort();
      expect(named).toEqual(tables);
    } finally {
      await t.drop();
    }
  });
});

describe.each(testDialects)('backups (%s)', (dialect) => {
  const dataDir = dataDirFor(dialect);
  const t: TestContext = useTestApp(dialect, { env: { DATA_DIR: dataDir } });
  const sessions = {} as Record<Role, Session>;
  const uploadDir = () => t.config.uploadDir;
  const backupDir = () => t.config.backupDir;

  beforeAll(async () => {
    await addUploads(uploadDir());
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      sessions[role] = await createSignedIn(t.app, t.db.database.db, { role });
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const inject = (method: string, url: string, role: Role, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: bearer(sessions[role].token), payload: payload as object });

  async function signInAgain() {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      sessions[role] = await createSignedIn(t.app, t.db.database.db, { role });
    }
  }

  it('refuses editors and viewers every backup call (403), and anonymous callers (401)', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/backups'],
      ['POST', '/api/backups'],
      ['GET', '/api/backups/schedule'],
      ['PUT', '/api/backups/schedule', { enabled: true, everyHours: 1 }],
      ['GET', '/api/backups/1/download'],
      ['POST', '/api/backups/1/download-link'],
      ['POST', '/api/backups/1/restore', { confirm: 'RESTORE' }],
      ['DELETE', '/api/backups/1'],
      ['POST', '/api/backups/import'],
    ];
    for (const role of ['editor', 'viewer'] as const) {
      for (const [method, url, body] of calls) {
        const res = await inject(method, url, role, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/backups' });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.database.db.selectFrom('backups').selectAll().execute()).toEqual([]);
  });

  it('backs up, and a restore after wiping gives back every row and file', async () => {
    const db = t.db.database.db;
    const rowsBefore = await tableDigests(db);
    const filesBefore = await uploadDigests(uploadDir());
    expect(Object.keys(filesBefore)).toHaveLength(5);
    expect(rowsBefore.blog_posts!.rows).toBeGreaterThan(0);

    const created = await inject('POST', '/api/backups', 'admin');
    expect(created.statusCode).toBe(201);
    const backup = created.json().data as Backup;
    expect(created.json().message).toBe(BackupMessage.CREATED);
    expect(backup).toMatchObject({ type: 'manual', status: 'completed', fileCount: 5, error: null });
    expect(backup.size).toBeGreaterThan(t.config.bodyLimit);
    expect(backup.rowCount).toBe(Object.values(rowsBefore).reduce((n, x) => n + x.rows, 0));
    const onDisk = await stat(path.join(backupDir(), backup.filename));
    expect(backup.size).toBe(onDisk.size);
    expect(backup.sha256).toBe(
      createHash('sha256')
        .update(await readFile(path.join(backupDir(), backup.filename)))
        .digest('hex'),
    );

    const list = await inject('GET', '/api/backups', 'admin');
    expect(list.json().data.backups.map((b: Backup) => b.id)).toEqual([backup.id]);
    expect(list.json().data.schedule).toMatchObject({ enabled: false, backupCount: 1, lastBackupAt: backup.createdAt });

    // Wipe: every content table (the users stay, so that the admin can still sign in), files changed.
    for (const table of [...BACKED_UP_TABLES].reverse()) {
      if (table.name !== 'users') await deleteAllRows(db, table.name);
    }
    await rm(path.join(uploadDir(), 'files', 'a1b2c3.png'));
    await writeFile(path.join(uploadDir(), 'files', 'd4e5f6.pdf'), 'changed');
    await writeFile(path.join(uploadDir(), 'files', 'later.png'), 'added after the backup');
    expect((await tableDigests(db)).blog_posts!.rows).toBe(0);

    const restored = await inject('POST', `/api/backups/${backup.id}/restore`, 'admin', { confirm: 'RESTORE' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      success: true,
      message: BackupMessage.RESTORED,
      data: { rowCount: backup.rowCount, fileCount: 5, sourceDialect: dialect },
    });
    expect(await tableDigests(db)).toEqual(rowsBefore);
    expect(await uploadDigests(uploadDir())).toEqual(filesBefore);
    // The full-text index follows the rows the restore deleted and inserted (ADR 0021).
    const post = await db
      .selectFrom('blog_posts')
      .select(['slug', 'title'])
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const word = post.title.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 4) as string;
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/blog/posts?search=${encodeURIComponent(word)}&limit=50`,
    });
    expect(found.json().data.posts.map((p: { slug: string }) => p.slug)).toContain(post.slug);
    // Sessions are not restored: everybody signs in again.
    expect((await inject('GET', '/api/backups', 'admin')).statusCode).toBe(401);
    await signInAgain();
    // New rows get fresh ids after the restored ones (PostgreSQL's sequences were moved on).
    const stillListed = await inject('GET', '/api/backups', 'admin');
    expect(stillListed.json().data.backups.map((b: Backup) => b.id)).toEqual([backup.id]);
    const next = await inject('POST', '/api/backups', 'admin');
    expect(next.statusCode).toBe(201);
  });

  it('downloads a backup, and imports it as type imported', async () => {
    const [latest] = (await inject('GET', '/api/backups', 'admin')).json().data.backups as Backup[];
    const download = await inject('GET', `/api/backups/${latest!.id}/download`, 'admin');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${latest!.filename}"`);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(latest!.sha256);

    const imported = await postMultipart(
      t.app,
      '/api/backups/import',
      [{ field: 'file', data: download.rawPayload, filename: 'site.tar.gz', type: 'application/gzip' }],
      sessions.admin.token,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data).toMatchObject({
      type: 'imported',
      status: 'completed',
      rowCount: latest!.rowCount,
      fileCount: latest!.fileCount,
      sha256: latest!.sha256,
    });
    expect((await inject('GET', '/api/backups/999999/download', 'admin')).json().message).toBe(BackupMessage.NOT_FOUND);
  });

  it('gives the browser a short link of its own to save the archive; the link is for that backup, that admin and that session only', async () => {
    const [latest] = (await inject('GET', '/api/backups', 'admin')).json().data.backups as Backup[];
    const linked = await inject('POST', `/api/backups/${latest!.id}/download-link`, 'admin');
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.headers['cache-control']).toBe('private, no-store');
    const { url, expiresIn } = linked.json().data as { url: string; expiresIn: number };
    expect(expiresIn).toBe(60);
    expect(url).toMatch(new RegExp(`^/api/backups/${latest!.id}/file\\?token=`));
    // No bearer token: the browser fetches the link as a plain download.
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${latest!.filename}"`);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(latest!.sha256);

    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const refused = async (address: string) => {
      const res = await t.app.inject({ method: 'GET', url: address });
      expect(res.statusCode, address).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: BackupMessage.LINK_EXPIRED });
    };
    // Another backup's address, a damaged token, an access token instead of a link, none at all.
    await refused(`/api/backups/${latest!.id + 1}/file?token=${token}`);
    await refused(`/api/backups/${latest!.id}/file?token=${token.slice(0, -2)}xx`);
    await refused(`/api/backups/${latest!.id}/file?token=${sessions.admin.token}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/backups/${latest!.id}/file` })).statusCode).toBe(400);
    // Editors and viewers get no link; an admin demoted since cannot use the one they had.
    for (const role of ['editor', 'viewer'] as const) {
      expect((await inject('POST', `/api/backups/${latest!.id}/download-link`, role)).statusCode).toBe(403);
    }
    const other = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/backups/${latest!.id}/download-link`,
      headers: bearer(other.token),
    });
    await t.db.database.db.updateTable('users').set({ role: 'editor' }).where('id', '=', other.user.id).execute();
    await refused(theirs.json().data.url);
    // Signing out ends the links of that session.
    const mine = (await inject('POST', `/api/backups/${latest!.id}/download-link`, 'admin')).json().data.url as string;
    await t.db.database.db
      .updateTable('auth_sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', sessions.admin.user.id)
      .execute();
    await refused(mine);
    await signInAgain();
    expect((await inject('POST', '/api/backups/999999/download-link', 'admin')).statusCode).toBe(404);
  });

  it('refuses a corrupted, truncated or foreign archive and changes nothing', async () => {
    const db = t.db.database.db;
    const [latest] = (await inject('GET', '/api/backups', 'admin')).json().data.backups as Backup[];
    const stored = path.join(backupDir(), latest!.filename);
    const good = await readFile(stored);
    const rowsBefore = await tableDigests(db);
    const filesBefore = await uploadDigests(uploadDir());

    const work = mkdtempSync(path.join(tmpdir(), 'backup-bad-'));
    const foreign = path.join(work, 'foreign.tar.gz');
    await writeTarGz(foreign, [{ name: 'hello.txt', data: 'not a backup' }]);
    const otherFormat = path.join(work, 'other.tar.gz');
    await writeTarGz(otherFormat, [{ name: 'manifest.json', data: JSON.stringify({ format: 'someone-else' }) }]);
    const futureVersion = path.join(work, 'future.tar.gz');
    await writeTarGz(futureVersion, [
      { name: 'manifest.json', data: JSON.stringify({ format: 'studio-site-backup', formatVersion: 99 }) },
    ]);
    const flipped = Buffer.from(good);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] as number) ^ 0xff;
    const cases: Array<[string, Buffer, RegExp]> = [
      ['truncated', good.subarray(0, Math.floor(good.length * 0.6)), /damaged or incomplete|no manifest/],
      ['corrupted', flipped, /damaged|checksum|not valid|incomplete|unexpected/],
      ['not gzip', Buffer.from('{"data": {}, "timestamp": 1}'), /not a backup archive/],
      ['foreign', await readFile(foreign), /unexpected entry hello\.txt/],
      ['another program', await readFile(otherFormat), /not a backup of this website software/],
      ['a later format', await readFile(futureVersion), /unknown backup format version 99/],
    ];
    for (const [label, bytes, reason] of cases) {
      await writeFile(stored, bytes);
      const res = await inject('POST', `/api/backups/${latest!.id}/restore`, 'admin', { confirm: 'RESTORE' });
      expect(res.statusCode, label).toBe(400);
      const message = res.json().message as string;
      expect(message.startsWith('Restore failed: Invalid backup file format: '), `${label}: ${message}`).toBe(true);
      expect(message, label).toMatch(reason);

      const imported = await postMultipart(
        t.app,
        '/api/backups/import',
        [{ field: 'file', data: bytes, filename: 'x.tar.gz' }],
        sessions.admin.token,
      );
      expect(imported.statusCode, label).toBe(400);
      expect(imported.json().message).toMatch(/^Import failed: Invalid backup file format: /);
    }
    await writeFile(stored, good);
    expect(await tableDigests(db)).toEqual(rowsBefore);
    expect(await uploadDigests(uploadDir())).toEqual(filesBefore);
    // Nothing staged is left behind.
    expect((await readdir(uploadDir())).filter((n) => n.startsWith('.restore') || n.startsWith('.replaced'))).toEqual(
      [],
    );
    expect((await readdir(backupDir())).filter((n) => n.startsWith('.'))).toEqual([]);
    await rm(work, { recursive: true, force: true });
  });

  it(`keeps the ${BACKUPS_KEEP} newest and drops those over 30 days`, async () => {
    const db = t.db.database.db;
    await db.deleteFrom('backups').execute();
    const now = Date.now();
    const fake = async (i: number, daysAgo: number) => {
      const filename = `backup-2026-01-${String(i).padStart(2, '0')}t00-00-00-000z-manual-0000000${i % 10}.tar.gz`;
      await writeFile(path.join(backupDir(), filename), 'x');
      await insertCompletedBackupRow(db, filename, { now, daysAgo, i });
      return filename;
    };
    const recent: string[] = [];
    for (let i = 1; i <= 10; i += 1) recent.push(await fake(i, 1));
    const old = await fake(11, 31);

    const created = await inject('POST', '/api/backups', 'admin');
    expect(created.statusCode).toBe(201);
    const list = (await inject('GET', '/api/backups', 'admin')).json().data.backups as Backup[];
    expect(list).toHaveLength(BACKUPS_KEEP);
    expect(list[0]!.id).toBe(created.json().data.id);
    // The oldest of the recent ones went (one too many), and the one over 30 days.
    expect(list.map((b) => b.filename)).toEqual([created.json().data.filename, ...recent.slice(0, 9)]);
    const files = await readdir(backupDir());
    expect(files).not.toContain(old);
    expect(files).not.toContain(recent[9]);
  });

  it('runs automatic backups on the schedule set, off by default', async () => {
    const db = t.db.database.db;
    await db.deleteFrom('backups').execute();
    const initial = await inject('GET', '/api/backups/schedule', 'admin');
    expect(initial.json().data).toEqual({
      enabled: false,
      everyHours: 24,
      backupCount: 0,
      lastBackupAt: null,
      offsiteCopy: false,
    });
    await t.app.scheduler.runNow('backup-auto');
    expect(await db.selectFrom('backups').selectAll().execute()).toEqual([]);

    const bad = await inject('PUT', '/api/backups/schedule', 'admin', { enabled: true, everyHours: 0 });
    expect(bad.statusCode).toBe(400);
    const saved = await inject('PUT', '/api/backups/schedule', 'admin', { enabled: true, everyHours: 6 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: true, everyHours: 6 });

    const start = new Date();
    await t.app.scheduler.runNow('backup-auto', start);
    await t.app.scheduler.runNow('backup-auto', new Date(start.getTime() + 60 * 60_000));
    let rows = await db.selectFrom('backups').select(['type', 'status']).execute();
    expect(rows).toEqual([{ type: 'auto', status: 'completed' }]);
    await t.app.scheduler.runNow('backup-auto', new Date(start.getTime() + 6 * 3_600_000 + 1000));
    rows = await db.selectFrom('backups').select(['type', 'status']).execute();
    expect(rows).toHaveLength(2);
    const view = (await inject('GET', '/api/backups/schedule', 'admin')).json().data;
    expect(view).toMatchObject({ enabled: true, everyHours: 6, backupCount: 2 });
    expect(view.lastBackupAt).not.toBeNull();
  });

  it('refuses a second backup or restore while another instance runs one (409), and goes on after it', async () => {
    const db = t.db.database.db;
    const until = new Date(Date.now() + 60_000).toISOString();
    await db.deleteFrom('job_leases').where('name', '=', 'backups-exclusive').execute();
    await db
      .insertInto('job_leases')
      .values({ name: 'backups-exclusive', owner: 'other-instance', lease_until: until })
      .execute();
    const [latest] = (await inject('GET', '/api/backups', 'admin')).json().data.backups as Backup[];
    const refused = await inject('POST', '/api/backups', 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BackupMessage.BUSY);
    const restore = await inject('POST', `/api/backups/${latest!.id}/restore`, 'admin', { confirm: 'RESTORE' });
    expect(restore.statusCode).toBe(409);
    // The other instance died: its lease expires and the next backup goes ahead.
    await db
      .updateTable('job_leases')
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await inject('POST', '/api/backups', 'admin')).statusCode).toBe(201);
    const lease = await db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', 'backups-exclusive')
      .executeTakeFirst();
    expect(lease).toMatchObject({ owner: null, lease_until: null });
  });

  it('deletes a backup and its file', async () => {
    const [latest] = (await inject('GET', '/api/backups', 'admin')).json().data.backups as Backup[];
    const res = await inject('DELETE', `/api/backups/${latest!.id}`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(await readdir(backupDir())).not.toContain(latest!.filename);
    expect((await inject('DELETE', `/api/backups/${latest!.id}`, 'admin')).statusCode).toBe(404);
  });
});
