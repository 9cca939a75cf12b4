import path from 'node:path';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import S3rver from 's3rver';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '../../../shared/contracts/backups';
import { bearer, createSignedIn } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { addUploads, dataDirFor } from './backup-test-support';

describe('the off-site copy', () => {
  const dataDir = dataDirFor('s3');
  const bucketDir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  let server: S3rver;
  let port = 0;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'site-backups' }],
    });
    port = (await server.run()).port;
    Object.assign(env, {
      DATA_DIR: dataDir,
      BACKUP_S3_BUCKET: 'site-backups',
      BACKUP_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
      BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
      BACKUP_S3_PREFIX: 'nightly/',
    });
  });
  afterAll(async () => {
    await server?.close().catch(() => {});
    await rm(bucketDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const t = useTestApp('sqlite', { env });

  it('copies every new backup to the bucket, streamed, byte for byte', async () => {
    await addUploads(t.config.uploadDir);
    const admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    const created = await t.app.inject({ method: 'POST', url: '/api/backups', headers: bearer(admin.token) });
    expect(created.statusCode).toBe(201);
    const backup = created.json().data as Backup;
    expect(backup.copiedAt).not.toBeNull();
    expect(backup.error).toBeNull();

    const client = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const object = await client.send(
      new GetObjectCommand({ Bucket: 'site-backups', Key: `nightly/${backup.filename}` }),
    );
    const body = Buffer.from(await object.Body!.transformToByteArray());
    client.destroy();
    expect(body.length).toBe(backup.size);
    expect(createHash('sha256').update(body).digest('hex')).toBe(backup.sha256);
    const schedule = await t.app.inject({ method: 'GET', url: '/api/backups/schedule', headers: bearer(admin.token) });
    expect(schedule.json().data.offsiteCopy).toBe(true);
  });

  it('keeps the backup and says why when the bucket cannot be reached', async () => {
    const admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    await server.close();
    const created = await t.app.inject({ method: 'POST', url: '/api/backups', headers: bearer(admin.token) });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ status: 'completed', copiedAt: null });
    expect(created.json().data.error).toMatch(/^Off-site copy failed: /);
  });
});
