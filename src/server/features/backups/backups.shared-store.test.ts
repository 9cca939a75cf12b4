import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUPS_KEEP, BackupMessage, type Backup } from '../../../shared/contracts/backups';
import { ErrorCode } from '../../../shared/errors';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { bearer, createSignedIn } from '../../testing/auth-helpers';
import { postMultipart } from '../../testing/multipart';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { insertCompletedBackupRow, tableDigests } from './backup-test-support';

/*
 * Backups with object storage (ADR 0030): two apps on one database and one bucket stand for two instances.
 * Whatever one of them backs up, the other lists, downloads, restores and deletes; nothing of it is on
 * either instance's disk.
 */

const BUCKET = 'site-files';
const PREFIX = 'site/';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The uploaded files the site starts with (keys of the uploads store). */
const FILES: Record<string, Buffer> = {
  'files/a1b2c3.png': Buffer.alloc(300_000, 7),
  'files/d4e5f6.pdf': Buffer.from('%PDF-1.4 a document'),
  'files/f7a8b9.jpg': randomBytes(200_000),
  'thumbnails/640w/a1b2c3.webp': Buffer.from('webp bytes'),
};

describe.each(testDialects)('backups in object storage shared by two instances (%s)', (dialect) => {
  const dataDirA = mkdtempSync(path.join(tmpdir(), `backups-s3-a-${dialect}-`));
  const dataDirB = mkdtempSync(path.join(tmpdir(), `backups-s3-b-${dialect}-`));
  const bucketDir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  let server: S3rver;
  let client: S3Client;
  const env: Record<string, string> = {};
  let appB: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await server.run();
    Object.assign(env, {
      DATA_DIR: dataDirA,
      // Both instances sign the same tokens, as instances behind one address must.
      JWT_SECRET: 'two-instances-share-this-secret-0123456789',
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      STORAGE_S3_PREFIX: PREFIX,
    });
    client = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    for (const [key, body] of Object.entries(FILES)) {
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${key}`, Body: body }));
    }
  });
  const a = useTestApp(dialect, { env });
  beforeAll(async () => {
    // Instance B: the same database, bucket and secret, a disk of its own.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
      ...env,
      DATA_DIR: dataDirB,
    });
    appB = await buildApp(config, { database: a.db.database, logger: false });
    await appB.ready();
    token = (await createSignedIn(a.app, a.db.database.db, { role: 'admin' })).token;
  });
  afterAll(async () => {
    await appB?.close();
    client?.destroy();
    await server?.close().catch(() => {});
    for (const dir of [dataDirA, dataDirB, bucketDir]) await rm(dir, { recursive: true, force: true });
  });

  const call = (app: FastifyInstance, method: string, url: string, payload?: object) =>
    app.inject({ method: method as 'GET', url, headers: bearer(token), payload });
  const signInAgain = async () => {
    token = (await createSignedIn(a.app, a.db.database.db, { role: 'admin' })).token;
  };

  /** Every object in the bucket under a folder of the prefix, with its SHA-256. */
  async function bucket(folder: string): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}${folder}` }));
    for (const object of listed.Contents ?? []) {
      const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: object.Key }));
      out[object.Key!.slice(PREFIX.length)] = sha256(Buffer.from(await got.Body!.transformToByteArray()));
    }
    return out;
  }
  const uploadsInBucket = async () => ({ ...(await bucket('files/')), ...(await bucket('thumbnails/')) });
  /** Files on an instance's own disk, dot folders (scratch space) included. */
  const onDisk = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

  it('a backup made through one instance is listed, downloaded, restored and deleted through the other', async () => {
    const db = a.db.database.db;
    const rowsBefore = await tableDigests(db);
    const filesBefore = await uploadsInBucket();
    expect(Object.keys(filesBefore).sort()).toEqual(Object.keys(FILES).sort());

    const created = await call(a.app, 'POST', '/api/backups');
    expect(created.statusCode, created.body).toBe(201);
    const backup = created.json().data as Backup;
    expect(backup).toMatchObject({ status: 'completed', fileCount: Object.keys(FILES).length, error: null });
    // The archive is in the bucket, under backups/ of the prefix, and on neither instance's disk.
    expect(await bucket('backups/')).toEqual({ [`backups/${backup.filename}`]: backup.sha256 });
    expect(await onDisk(dataDirA)).toEqual([]);
    expect(await onDisk(dataDirB)).toEqual([]);

    const listed = await call(appB, 'GET', '/api/backups');
    expect(listed.json().data.backups.map((b: Backup) => b.id)).toEqual([backup.id]);
    const download = await call(appB, 'GET', `/api/backups/${backup.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(backup.size));
    expect(download.rawPayload.length).toBe(backup.size);
    expect(sha256(download.rawPayload)).toBe(backup.sha256);
    const link = await call(appB, 'POST', `/api/backups/${backup.id}/download-link`);
    const viaLink = await appB.inject({ method: 'GET', url: link.json().data.url });
    expect(sha256(viaLink.rawPayload)).toBe(backup.sha256);

    // Changes after the backup: rows gone, a file deleted, a file replaced, files added.
    await db.deleteFrom('blog_post_tags').execute();
    await db.deleteFrom('blog_tags').execute();
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}files/d4e5f6.pdf`, Body: 'changed' }));
    await appB.fileStorage.delete('files/a1b2c3.png');
    await appB.fileStorage.put('files/later1.png', Buffer.from('added after the backup'));
    await appB.fileStorage.put('thumbnails/640w/later1.webp', Buffer.from('its variant'));
    expect(await tableDigests(db)).not.toEqual(rowsBefore);

    const restored = await call(appB, 'POST', `/api/backups/${backup.id}/restore`, { confirm: 'RESTORE' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ rowCount: backup.rowCount, fileCount: backup.fileCount });
    expect(await tableDigests(db)).toEqual(rowsBefore);
    expect(await uploadsInBucket()).toEqual(filesBefore);
    expect(await onDisk(dataDirB)).toEqual([]);
    // Instance A serves the restored files from the bucket.
    const served = await a.app.inject({ method: 'GET', url: '/uploads/files/a1b2c3.png' });
    expect(served.statusCode).toBe(200);
    expect(sha256(served.rawPayload)).toBe(sha256(FILES['files/a1b2c3.png']!));

    await signInAgain();
    const deleted = await call(appB, 'DELETE', `/api/backups/${backup.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await bucket('backups/')).toEqual({});
    expect((await call(a.app, 'GET', `/api/backups/${backup.id}/download`)).statusCode).toBe(404);
    // Nothing else was left in the bucket: the uploads, and no archive or scratch object.
    expect(Object.keys(await bucket('')).sort()).toEqual(Object.keys(FILES).sort());
  });

  it('answers "Backup not found" when the archive is missing from the store', async () => {
    const backup = (await call(a.app, 'POST', '/api/backups')).json().data as Backup;
    await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}backups/${backup.filename}` }));
    for (const [method, url, body] of [
      ['GET', `/api/backups/${backup.id}/download`],
      ['POST', `/api/backups/${backup.id}/download-link`],
      ['POST', `/api/backups/${backup.id}/restore`, { confirm: 'RESTORE' }],
    ] as const) {
      const res = await call(appB, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(BackupMessage.NOT_FOUND);
    }
    // A delete removes the row all the same.
    expect((await call(appB, 'DELETE', `/api/backups/${backup.id}`)).statusCode).toBe(200);
    expect((await call(a.app, 'GET', '/api/backups')).json().data.backups).toEqual([]);
  });

  it('imports an archive into the bucket through either instance', async () => {
    const backup = (await call(a.app, 'POST', '/api/backups')).json().data as Backup;
    const archive = (await call(a.app, 'GET', `/api/backups/${backup.id}/download`)).rawPayload;
    const imported = await postMultipart(
      appB,
      '/api/backups/import',
      [{ field: 'file', data: archive, filename: 'site.tar.gz', type: 'application/gzip' }],
      token,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = imported.json().data as Backup;
    expect(copy).toMatchObject({ type: 'imported', status: 'completed', sha256: backup.sha256 });
    expect((await bucket('backups/'))[`backups/${copy.filename}`]).toBe(backup.sha256);
    expect(await onDisk(dataDirB)).toEqual([]);
  });

  it(`keeps the ${BACKUPS_KEEP} newest and removes the others' archives from the bucket`, async () => {
    const db = a.db.database.db;
    for (const b of (await call(a.app, 'GET', '/api/backups')).json().data.backups as Backup[]) {
      expect((await call(a.app, 'DELETE', `/api/backups/${b.id}`)).statusCode).toBe(200);
    }
    const now = Date.now();
    const fake = async (i: number, daysAgo: number) => {
      const filename = `backup-2026-01-${String(i).padStart(2, '0')}t00-00-00-000z-manual-0000000${i % 10}.tar.gz`;
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}backups/${filename}`, Body: 'x' }));
      await insertCompletedBackupRow(db, filename, { now, daysAgo, i });
      return `backups/${filename}`;
    };
    const recent: string[] = [];
    for (let i = 1; i <= 10; i += 1) recent.push(await fake(i, 1));
    const old = await fake(11, 31);

    const created = await call(appB, 'POST', '/api/backups');
    expect(created.statusCode).toBe(201);
    const newest = `backups/${(created.json().data as Backup).filename}`;
    const kept = Object.keys(await bucket('backups/')).sort();
    expect(kept).toEqual([newest, ...recent.slice(0, 9)].sort());
    expect(kept).not.toContain(old);
    expect((await call(a.app, 'GET', '/api/backups')).json().data.backups).toHaveLength(BACKUPS_KEEP);
  });

  it('answers 503 STORAGE_UNAVAILABLE while the bucket cannot be reached, and changes nothing', async () => {
    const db = a.db.database.db;
    const [latest] = (await call(a.app, 'GET', '/api/backups')).json().data.backups as Backup[];
    const rowsBefore = await tableDigests(db);
    await server.close();

    const created = await call(appB, 'POST', '/api/backups');
    expect(created.statusCode, created.body).toBe(503);
    expect(created.json().code).toBe(ErrorCode.STORAGE_UNAVAILABLE);
    expect(created.headers['retry-after']).toBe('300');
    for (const [method, url, body] of [
      ['GET', `/api/backups/${latest!.id}/download`],
      ['POST', `/api/backups/${latest!.id}/restore`, { confirm: 'RESTORE' }],
      ['DELETE', `/api/backups/${latest!.id}`],
    ] as const) {
      const res = await call(appB, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(503);
      expect(res.json().code).toBe(ErrorCode.STORAGE_UNAVAILABLE);
      // A store that is away is a state to wait out: the answer says when to try again.
      expect(res.headers['retry-after'], `${method} ${url}`).toBe('300');
    }
    // The failed backup is listed as failed; the others are all still there, and so is every row.
    const listed = (await call(a.app, 'GET', '/api/backups')).json().data.backups as Backup[];
    expect(listed[0]).toMatchObject({ status: 'failed' });
    expect(listed.map((b) => b.id)).toContain(latest!.id);
    expect(await tableDigests(db)).toEqual(rowsBefore);
  });
});
