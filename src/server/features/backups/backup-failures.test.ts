import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupMessage, type Backup } from '../../../shared/contracts/backups';
import { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../lib/errors';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { createStorage, type FileStorage } from '../../storage';
import { AUTO_BACKUP_JOB } from './backups.routes';
import { createBackup, type BackupContext } from './backups.service';

/*
 * A backup whose folder cannot be written, or whose disk fills up half way, fails cleanly (ADR 0032): no
 * crash (an unhandled stream error would fail this file), an answer in the envelope without library text,
 * the row failed with a human reason, the lock free at once, nothing left on disk, the row deletable.
 */

const silent = { info: () => {}, error: () => {} };

/** A file that takes `limit` bytes and then fails every write as a full disk does (ENOSPC). */
function fullDiskAfter(limit: number) {
  return (file: string): Writable => {
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written > limit) {
          const error = Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
            errno: -28,
            syscall: 'write',
          });
          callback(error);
          return;
        }
        out.write(chunk, callback);
      },
      final(callback) {
        out.end(callback);
      },
      destroy(error, callback) {
        out.destroy();
        callback(error);
      },
    });
  };
}

describe.each(testDialects)('a backup that cannot be written (%s)', (dialect) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `backup-failures-${dialect}-`));
  // The backup folder's parent is a regular file: nothing can be created there, even by root.
  const blocker = path.join(dataDir, 'not-a-folder');
  const t = useTestApp(dialect, { env: { DATA_DIR: dataDir, BACKUP_DIR: path.join(blocker, 'backups') } });
  let admin: Session;

  beforeAll(async () => {
    await writeFile(blocker, 'a file where a folder should be');
    await mkdir(path.join(t.config.uploadDir, 'files'), { recursive: true });
    // Incompressible: the archive outgrows the simulated disk below while an upload streams into it.
    await writeFile(path.join(t.config.uploadDir, 'files', 'a1b2c3.jpg'), randomBytes(2_000_000));
    admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: bearer(admin.token) });
  const rows = () => t.db.database.db.selectFrom('backups').selectAll().orderBy('id').execute();

  it('answers 503 with Retry-After and a human reason, marks the row failed and frees the lock at once', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await post('/api/backups');
      // The second attempt is not refused as busy (409): the first one's lock was released.
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('300');
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: ErrorCode.STORAGE_UNAVAILABLE });
      expect(body.message).toBe('Backup failed: the backup folder does not exist or is not a folder');
      expect(res.body).not.toMatch(/ENOTDIR|mkdir|not-a-folder|\/tmp/);
    }
    const [first] = await rows();
    expect(first).toMatchObject({ status: 'failed', error: 'the backup folder does not exist or is not a folder' });
  });

  it('runs the automatic job the same way: a failed row, no crash, the lock free', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/backups/schedule',
      headers: bearer(admin.token),
      payload: { enabled: true, everyHours: 1 },
    });
    const before = (await rows()).length;
    await t.app.scheduler.runNow(AUTO_BACKUP_JOB);
    const after = await rows();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ type: 'auto', status: 'failed' });
    expect((await post('/api/backups')).statusCode).toBe(503);
  });

  it('deletes a failed backup, and a row left running by a process that stopped', async () => {
    const [failed] = await rows();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/backups/${failed!.id}`,
      headers: bearer(admin.token),
    });
    expect(del.statusCode, del.body).toBe(200);
    await t.db.database.db
      .insertInto('backups')
      .values({
        filename: 'backup-2026-01-01t00-00-00-000z-manual-0123abcd.tar.gz',
        type: 'manual',
        status: 'running',
        size: 0,
        version: '0.1.0',
        created_at: new Date().toISOString(),
      })
      .execute();
    const stuck = (await rows()).find((r) => r.status === 'running');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/backups/${stuck!.id}`,
      headers: bearer(admin.token),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await rows()).some((r) => r.id === stuck!.id)).toBe(false);
  });

  it('fails cleanly when the disk fills up while the archive is written, and leaves no partial file', async () => {
    const backupDir = path.join(dataDir, 'real-backups');
    const config = { backupDir, uploadDir: t.config.uploadDir, backupS3: undefined, storageS3: undefined };
    const ctx: BackupContext = {
      db: t.db.database.db,
      dialect,
      config,
      backups: createStorage(config, 'backups'),
      uploads: createStorage(config, 'uploads'),
      log: silent,
      openArchiveFile: fullDiskAfter(256 * 1024),
    };
    const error = await createBackup(ctx, { type: 'manual', userId: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 503,
      message: 'Backup failed: the disk that holds the backup folder is full',
    });
    expect((await rows()).at(-1)).toMatchObject({
      status: 'failed',
      error: 'the disk that holds the backup folder is full',
    });
    expect(await readdir(backupDir)).toEqual([]);
    // The lock is free and the disk has room again: the next backup completes.
    const done: Backup = await createBackup({ ...ctx, openArchiveFile: undefined }, { type: 'manual', userId: null });
    expect(done).toMatchObject({ status: 'completed', fileCount: 1 });
    expect(BackupMessage.CREATED).toBeTruthy();
  });

  it('fails cleanly (409) when an upload is removed or changes size after the index announced it', async () => {
    const backupDir = path.join(dataDir, 'changing-backups');
    const config = { backupDir, uploadDir: t.config.uploadDir, backupS3: undefined, storageS3: undefined };
    const uploads = createStorage(config, 'uploads');
    const key = 'files/a1b2c3.jpg';
    /** The uploads store, but this upload is gone by the time it is copied, or listed with another size. */
    const changing = (how: 'removed' | 'resized' | 'shortened'): FileStorage =>
      new Proxy(uploads, {
        get(target, prop) {
          if (prop === 'get' && how === 'removed') return async (k: string) => (k === key ? null : target.get(k));
          if (prop === 'get' && how === 'shortened') {
            // The store says the old size, but sends less: it changed while it was being read.
            return async (k: string) => {
              const object = await target.get(k);
              if (!object || k !== key) return object;
              object.stream.destroy();
              return { ...object, stream: Readable.from([Buffer.alloc(1000)]) };
            };
          }
          if (prop === 'list' && how === 'resized') {
            return async (folder: string) =>
              (await target.list(folder)).map((o) => (o.key === key ? { ...o, size: o.size + 1 } : o));
          }
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    const reason = `the uploaded file ${key} was removed or changed while the backup ran; run the backup again`;
    for (const how of ['removed', 'resized', 'shortened'] as const) {
      const ctx: BackupContext = {
        db: t.db.database.db,
        dialect,
        config,
        backups: createStorage(config, 'backups'),
        uploads: changing(how),
        log: silent,
      };
      const error = await createBackup(ctx, { type: 'manual', userId: null }).catch((e: unknown) => e);
      expect(error, how).toBeInstanceOf(AppError);
      expect(error, how).toMatchObject({
        statusCode: 409,
        code: ErrorCode.CONFLICT,
        message: `Backup failed: ${reason}`,
      });
      expect((await rows()).at(-1), how).toMatchObject({ status: 'failed', error: reason });
      // Nothing left: no scratch folder with table parts, no partial archive.
      expect(await readdir(backupDir), how).toEqual([]);
    }
    // The lock is free: with the uploads as they are, the next backup completes.
    const done = await createBackup(
      { db: t.db.database.db, dialect, config, backups: createStorage(config, 'backups'), uploads, log: silent },
      { type: 'manual', userId: null },
    );
    expect(done).toMatchObject({ status: 'completed', fileCount: 1 });
  });

  it('fails cleanly (409) when the site has more files than one archive can list', async () => {
    const backupDir = path.join(dataDir, 'crowded-backups');
    const config = { backupDir, uploadDir: t.config.uploadDir, backupS3: undefined, storageS3: undefined };
    const uploads = createStorage(config, 'uploads');
    // A listing of 160,000 files with long names: an index of more than 32 MiB.
    const crowded = new Proxy(uploads, {
      get(target, prop) {
        if (prop === 'list') {
          return async (folder: string) =>
            Array.from({ length: 160_000 }, (_, i) => ({
              key: `${folder}${String(i).padStart(200, 'x')}.jpg`,
              size: 1,
            }));
        }
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const ctx: BackupContext = {
      db: t.db.database.db,
      dialect,
      config,
      backups: createStorage(config, 'backups'),
      uploads: crowded,
      log: silent,
    };
    const error = await createBackup(ctx, { type: 'manual', userId: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, code: ErrorCode.CONFLICT });
    expect((error as AppError).message).toMatch(
      /^Backup failed: the site holds \d+ files and table parts, more than one archive can list$/,
    );
    expect((await rows()).at(-1)).toMatchObject({ status: 'failed' });
    expect(await readdir(backupDir)).toEqual([]);
  });
});
