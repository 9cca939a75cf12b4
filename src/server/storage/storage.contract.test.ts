import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../lib/errors';
import { InvalidStorageKeyError, type FileStorage } from './file-storage';
import { createStorage } from './index';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3-storage';
import { closedPort, useTestBucket } from './test-bucket';

/** The same promises, kept by every FileStorage: a local folder and an S3-compatible bucket. */
function contract(name: string, make: () => FileStorage) {
  describe(`${name}: the FileStorage contract`, () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'storage-contract-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it('puts, reads, lists and deletes objects by key', async () => {
      const storage = make();
      await storage.check();
      await storage.put('files/abc123.png', Buffer.from('png-bytes'));
      await storage.put('thumbnails/320w/abc123.webp', Buffer.from('webp'));
      expect(await storage.exists('files/abc123.png')).toBe(true);
      const object = await storage.get('files/abc123.png');
      expect(object?.size).toBe(9);
      expect(object?.modified).toBeInstanceOf(Date);
      expect(await text(object!.stream)).toBe('png-bytes');

      expect((await storage.list('files')).map((o) => [o.key, o.size])).toEqual([['files/abc123.png', 9]]);
      expect((await storage.list('thumbnails')).map((o) => o.key)).toEqual(['thumbnails/320w/abc123.webp']);
      expect(await storage.list('nothing-here')).toEqual([]);

      await storage.delete('files/abc123.png');
      await storage.delete('thumbnails/320w/abc123.webp');
      expect(await storage.exists('files/abc123.png')).toBe(false);
      expect(await storage.get('files/abc123.png')).toBeNull();
      await expect(storage.delete('files/abc123.png')).resolves.toBeUndefined();
      expect(await storage.list('files')).toEqual([]);
    });

    it('stores a local file streamed, copying it or taking it over', async () => {
      const storage = make();
      // Larger than one 8 MiB part of a multipart upload.
      const large = Buffer.alloc(9 * 1024 * 1024 + 7, 'x');
      large.write('start', 0);
      const source = path.join(scratch, 'archive.tar.gz');
      writeFileSync(source, large);
      const key = 'backup-2026-11-28t09-00-00-000z-manual-0a1b2c3d.tar.gz';
      await storage.putFile(key, source);
      expect(readFileSync(source).equals(large)).toBe(true);
      const stored = await storage.get(key);
      expect(stored?.size).toBe(large.length);
      expect((await buffer(stored!.stream)).equals(large)).toBe(true);

      const moved = path.join(scratch, 'document.pdf');
      writeFileSync(moved, '%PDF-1.4 moved');
      await storage.putFile('files/0123abcd.pdf', moved, { move: true });
      expect(existsSync(moved)).toBe(false);
      expect(await text((await storage.get('files/0123abcd.pdf'))!.stream)).toBe('%PDF-1.4 moved');
      expect((await storage.list('')).map((o) => o.key).sort()).toEqual([key, 'files/0123abcd.pdf']);
      await storage.delete(key);
      await storage.delete('files/0123abcd.pdf');
    });

    it('refuses every key that is not a generated name, storing nothing', async () => {
      const storage = make();
      for (const key of ['../secret.jpg', 'files/../a.jpg', '/etc/passwd', 'files/.hidden.jpg', 'FILES/A.JPG', '']) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      expect(await storage.list('')).toEqual([]);
    });
  });
}

const root = mkdtempSync(path.join(tmpdir(), 'storage-local-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
contract('LocalDiskStorage', () => new LocalDiskStorage(root));

const bucket = useTestBucket('contract-files');
contract('S3Storage', () => new S3Storage(bucket.s3('site/'), 'site/'));

describe('S3Storage when the store cannot be used', () => {
  it('says the storage is unavailable when nothing answers, rather than failing otherwise', async () => {
    const port = await closedPort();
    const storage = new S3Storage({ ...bucket.s3(), endpoint: `http://127.0.0.1:${port}` }, '');
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.put('files/abc.png', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.get('files/abc.png')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.exists('files/abc.png')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.list('files')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('gives up on a store that takes connections but never answers, within the readiness bound', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const storage = new S3Storage({ ...bucket.s3(), endpoint: `http://127.0.0.1:${port}` }, '');
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('says the storage is unavailable when the bucket does not exist', async () => {
    const storage = new S3Storage({ ...bucket.s3(), bucket: 'no-such-bucket' }, '');
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.get('files/abc.png')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('the local stores of each area', () => {
  it('keeps uploads readable by everyone and backup archives by the server alone, however they were stored', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'storage-modes-'));
    try {
      const uploadDir = path.join(root, 'uploads');
      const backupDir = path.join(root, 'backups');
      const uploads = createStorage({ storageS3: undefined, uploadDir, backupDir }, 'uploads');
      const backups = createStorage({ storageS3: undefined, uploadDir, backupDir }, 'backups');
      const source = path.join(root, 'archive.partial');
      writeFileSync(source, 'rows and files', { mode: 0o644 });
      await backups.putFile('backup-2026-11-28t09-00-00-000z-manual-0a1b2c3d.tar.gz', source, { move: true });
      writeFileSync(source, 'rows and files', { mode: 0o644 });
      await backups.putFile('backup-2026-11-28t10-00-00-000z-manual-0a1b2c3e.tar.gz', source);
      await backups.put('backup-2026-11-28t11-00-00-000z-manual-0a1b2c3f.tar.gz', Buffer.from('rows'));
      for (const name of readdirSync(backupDir)) {
        expect(statSync(path.join(backupDir, name)).mode & 0o777, name).toBe(0o600);
      }
      await uploads.put('files/abc123.png', Buffer.from('png'));
      expect(statSync(path.join(uploadDir, 'files/abc123.png')).mode & 0o777).toBe(0o644);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
