import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawConnection, requestHead, type RawConnection } from '../testing/raw-http';
import { useTestApp } from '../testing/test-app';
import { StorageUnavailableError } from '../lib/errors';
import { InvalidStorageKeyError, LocalDiskStorage, isValidStorageKey } from '../storage';
import { TEMPORARY_FILE_GRACE_MS, UPLOAD_SPOOL_FOLDER, discardRestOfBody } from './uploads';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('serving /uploads', () => {
  const t = useTestApp('sqlite', { env: { DATA_DIR: `/tmp/uploads-test-${process.pid}` } });

  const put = (relative: string, content: Buffer | string) => {
    const file = path.join(t.config.uploadDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };

  it('serves a stored file with long caching and a sandboxing policy', async () => {
    put('files/abc123.png', PNG);
    const res = await t.app.inject({ method: 'GET', url: '/uploads/files/abc123.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves generated sizes under thumbnails/{label}/', async () => {
    put('thumbnails/640w/abc123.webp', 'webp-bytes');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/thumbnails/640w/abc123.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    // Only the size labels the pipeline makes name a folder.
    put('thumbnails/other/abc123.webp', 'webp-bytes');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/thumbnails/other/abc123.webp' })).statusCode).toBe(404);
  });

  it('answers a missing file with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/files/missing.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('never escapes the upload directory', async () => {
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'top secret');
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/files/..%2f..%2fsecret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/files/%2e%2e%2f%2e%2e%2fsecret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('top secret');
    }
  });

  it('does not list directories or serve dotfiles', async () => {
    put('files/.hidden', 'dotfile-content');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/files/' })).statusCode).toBe(404);
    const dot = await t.app.inject({ method: 'GET', url: '/uploads/files/.hidden' });
    expect(dot.statusCode).toBeGreaterThanOrEqual(400);
    expect(dot.body).not.toContain('dotfile-content');
  });
});

describe('LocalDiskStorage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
  const storage = new LocalDiskStorage(path.join(root, 'uploads'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, reads, checks and deletes objects by key, leaving no temporary files', async () => {
    await storage.put('thumbnails/320w/abc123.webp', Buffer.from('hello'));
    expect(await storage.exists('thumbnails/320w/abc123.webp')).toBe(true);
    const object = await storage.get('thumbnails/320w/abc123.webp');
    expect(object?.size).toBe(5);
    expect(await text(object!.stream)).toBe('hello');
    expect(readdirSync(path.join(root, 'uploads', 'thumbnails', '320w'))).toEqual(['abc123.webp']);

    await storage.delete('thumbnails/320w/abc123.webp');
    expect(await storage.exists('thumbnails/320w/abc123.webp')).toBe(false);
    expect(await storage.get('thumbnails/320w/abc123.webp')).toBeNull();
    await expect(storage.delete('thumbnails/320w/abc123.webp')).resolves.toBeUndefined();
  });

  it('refuses every key that could leave its folder or is not a generated name', async () => {
    const bad = [
      '../secret.jpg',
      'files/../../secret.jpg',
      '/etc/passwd',
      'files//a.jpg',
      'files/./a.jpg',
      'files/a.jpg\u0000.png',
      'files\\..\\a.jpg',
      'FILES/A.JPG',
      'files/.hidden.jpg',
      'files/a',
      '',
      'a/b/c/d/e.jpg',
    ];
    for (const key of bad) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(readdirSync(root)).toEqual(['uploads']);
    expect(isValidStorageKey('files/0123abcd.jpg')).toBe(true);
  });
});

describe('starting with temporary files left by an interrupted upload', () => {
  // Left as a stopped process leaves them: half-written objects and request bodies still being read.
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'upload-sweep-'));
  const leftovers = [
    'files/0123abcd.jpg.a1b2c3.tmp',
    `${UPLOAD_SPOOL_FOLDER}/9f8e7d.tmp`,
    'thumbnails/og/ab12.webp.00ff.tmp',
  ];
  // Being written now by another instance sharing the folder: touched a moment ago.
  const young = [`${UPLOAD_SPOOL_FOLDER}/4c4c4c.tmp`, 'files/4567cdef.png.d4e5f6.tmp'];
  const kept = ['files/0123abcd.jpg', 'thumbnails/og/ab12.webp'];
  const untouched = new Date(Date.now() - TEMPORARY_FILE_GRACE_MS - 60_000);
  for (const file of [...leftovers, ...young, ...kept]) {
    mkdirSync(path.dirname(path.join(uploadDir, file)), { recursive: true });
    writeFileSync(path.join(uploadDir, file), 'bytes');
  }
  for (const file of [...leftovers, ...kept]) utimesSync(path.join(uploadDir, file), untouched, untouched);
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
  const t = useTestApp('sqlite', { seed: false, env: { UPLOAD_DIR: uploadDir } });

  it('removes those untouched for longer than the grace period and keeps the rest', async () => {
    expect(t.app.fileStorage).toBeDefined();
    for (const file of leftovers) expect(existsSync(path.join(uploadDir, file)), file).toBe(false);
    for (const file of [...young, ...kept])
      expect(readFileSync(path.join(uploadDir, file), 'utf8'), file).toBe('bytes');
  });
});

describe('LocalDiskStorage on a folder that cannot be written', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'storage-broken-'));
  writeFileSync(path.join(root, 'file'), 'a regular file');
  // Below a regular file: nothing can be created there, whoever runs the tests (root included).
  const storage = new LocalDiskStorage(path.join(root, 'file', 'uploads'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('says the storage is unavailable rather than failing with a file-system error', async () => {
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.put('files/abc.png', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
    const source = path.join(root, 'source.pdf');
    writeFileSync(source, '%PDF-1.4');
    await expect(storage.putFile('files/abc.pdf', source)).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.get('files/abc.png')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('discardRestOfBody: the rest of a refused body', () => {
  const MiB = 1024 * 1024;
  const limits = { bytes: MiB, ms: 500 };
  const cutOff = vi.fn();
  const log = { info: cutOff } as unknown as FastifyBaseLogger;
  // Refuses every POST at once, before its body is read; answers a GET.
  const server = createServer((request, response) => {
    if (request.method === 'GET') return void response.end('next');
    discardRestOfBody(request, log, limits);
    response.writeHead(413, { 'content-length': 7 }).end('refused');
  });
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => cutOff.mockClear());

  /** A connection whose client announces a body of `length` bytes. */
  function post(length: number) {
    const client = rawConnection(port);
    client.send(requestHead('POST', '/upload', { 'content-length': length })).catch(() => undefined);
    return client;
  }
  /** `bytes` bytes of body; a connection cut off under a client still sending may fail the write. */
  const send = (client: RawConnection, bytes: number) => client.send(Buffer.alloc(bytes, 'x')).catch(() => undefined);
  const openConnections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  it('reads it and throws it away while the answer goes out, then serves the next request on the connection', async () => {
    const client = post(limits.bytes);
    await vi.waitFor(() => expect(client.statuses()).toEqual([413]));
    // The answer leaves the connection open: the client may send the whole body and go on.
    expect(client.received()).not.toMatch(/^connection: close/im);
    for (let sent = 0; sent < limits.bytes; sent += limits.bytes / 4) await send(client, limits.bytes / 4);
    await client.send(requestHead('GET', '/next'));
    await vi.waitFor(() => expect(client.statuses()).toEqual([413, 200]));
    expect(client.received()).toMatch(/next$/);
    expect(client.closed()).toBe(false);
    expect(cutOff).not.toHaveBeenCalled();
    client.socket.destroy();
  });

  it('closes the connection once more than its bound in bytes arrives', async () => {
    const client = post(4 * limits.bytes);
    await vi.waitFor(() => expect(client.statuses()).toEqual([413]));
    await send(client, 4 * limits.bytes);
    await vi.waitFor(() => expect(client.closed()).toBe(true));
    expect(cutOff).toHaveBeenCalledOnce();
    const { discarded } = cutOff.mock.calls[0]![0] as { discarded: number };
    expect(discarded).toBeGreaterThan(limits.bytes);
    expect(discarded).toBeLessThan(2 * limits.bytes);
  });

  it('closes the connection of a client still sending when its time is up', async () => {
    const started = Date.now();
    const client = post(1000);
    await vi.waitFor(() => expect(client.statuses()).toEqual([413]));
    await send(client, 10);
    await vi.waitFor(() => expect(client.closed()).toBe(true), { timeout: 5_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.ms - 5);
    expect(cutOff).toHaveBeenCalledOnce();
  });

  it('stops with a client that hangs up', async () => {
    // Its time limit on a clock of the test's: once the server has seen the connection close, the limit's
    // timer is gone, and the limit's time passing later cuts nothing off.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const client = post(1000);
      await vi.waitFor(() => expect(client.statuses()).toEqual([413]));
      expect(vi.getTimerCount()).toBe(1);
      client.socket.destroy();
      await vi.waitFor(async () => expect(await openConnections()).toBe(0));
      expect(vi.getTimerCount()).toBe(0);
      vi.advanceTimersByTime(limits.ms + 1);
      expect(cutOff).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
