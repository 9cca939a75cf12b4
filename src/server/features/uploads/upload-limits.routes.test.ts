import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  UPLOAD_MAX_FILE_SIZE,
  UPLOAD_MAX_FILES,
  UploadMessage,
  uploadBodyLimit,
} from '../../../shared/contracts/uploads.values';
import { ErrorCode, ErrorMessage, formatMessage } from '../../../shared/errors';
import { UPLOAD_SPOOL_FOLDER } from '../../http/uploads';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { multipart, postMultipart, useUploadDir, type Part } from '../../testing/multipart';
import { rawConnection, requestHead } from '../../testing/raw-http';
import { useTestApp } from '../../testing/test-app';
import { countRows, testDialects } from '../../testing/test-database';

const MiB = 1024 * 1024;
const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    : [];

/** An HTTP/1.1 request written by hand on a socket, so a test decides when the body stops. */
function rawRequest(port: number, head: Record<string, string | number>, url: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.write(requestHead('POST', url, head));
  return socket;
}

/** The status line of the first answer on a socket; null when the socket closes without one. */
function firstStatus(socket: Socket): Promise<number | null> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (match) resolve(Number(match[1]));
    });
    socket.on('close', () => resolve(null));
    socket.on('error', () => resolve(null));
  });
}

describe.each(testDialects)('upload limits, decode queue and disconnects on %s', (dialect) => {
  const uploadDir = useUploadDir('upload-limits-');
  const spoolDir = path.join(uploadDir, UPLOAD_SPOOL_FOLDER);
  const t = useTestApp(dialect, { seed: false, env: { UPLOAD_DIR: uploadDir } });
  const db = () => t.db.database.db;
  let editor: Session;
  let port: number;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, db(), { role: 'editor' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const uploadCount = () => countRows(db(), 'uploads');
  /** Stored objects (originals and sizes) and temporary files of any kind. */
  const stored = () => filesUnder(uploadDir).filter((f) => !f.startsWith(UPLOAD_SPOOL_FOLDER));
  const temporary = () => filesUnder(uploadDir).filter((f) => f.endsWith('.tmp'));
  const send = (url: string, parts: Part[]) => postMultipart(t.app, `/api/uploads${url}`, parts, editor.token);

  it('refuses a file over 10 MB with 413 while it arrives, storing nothing and leaving no temporary file', async () => {
    const before = { rows: await uploadCount(), files: stored() };
    const big = Buffer.alloc(UPLOAD_MAX_FILE_SIZE + 1, 7);
    big.set(await png(8));
    const res = await send('/single', [{ field: 'file', data: big, filename: 'big.png' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: formatMessage(UploadMessage.TOO_LARGE, { names: 'big.png' }),
    });
    expect(await uploadCount()).toBe(before.rows);
    expect(stored()).toEqual(before.files);
    expect(temporary()).toEqual([]);

    // Over a socket: the answer comes once the limit is passed, without the rest of the body.
    const { payload, headers } = await multipart([
      { field: 'file', data: Buffer.alloc(20 * MiB, 1), filename: 'twenty.png', type: 'image/png' },
    ]);
    const socket = rawRequest(
      port,
      { ...headers, 'content-length': payload.length, ...bearer(editor.token) },
      '/api/uploads/single',
    );
    const status = firstStatus(socket);
    socket.write(payload.subarray(0, UPLOAD_MAX_FILE_SIZE + MiB));
    expect(await status).toBe(413);
    socket.destroy();
    await vi.waitFor(() => expect(temporary()).toEqual([]), { timeout: 10_000 });
    expect(await uploadCount()).toBe(before.rows);
  });

  it('refuses a body over the request total with 413, by its announced length or while it streams', async () => {
    const limit = uploadBodyLimit(1);
    const { payload, headers } = await multipart([{ field: 'file', data: await png(8), filename: 'small.png' }]);
    // Bytes before the first boundary are ignored by the parser: they only make the body too long.
    const padded = Buffer.concat([Buffer.alloc(limit, 'x'), Buffer.from('\r\n'), payload]);
    const expected = {
      success: false,
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: formatMessage(UploadMessage.BODY_TOO_LARGE, { max: limit / MiB }),
    };
    const before = await uploadCount();

    const announced = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/single',
      payload: padded,
      headers: { ...headers, ...bearer(editor.token) },
    });
    expect(announced.statusCode).toBe(413);
    expect(announced.json()).toEqual(expected);

    // Announced by Content-Length but never sent: refused at once.
    const socket = rawRequest(
      port,
      { ...headers, 'content-length': padded.length, ...bearer(editor.token) },
      '/api/uploads/single',
    );
    expect(await firstStatus(socket)).toBe(413);
    socket.destroy();

    // Chunked, so no length is announced: counted as it arrives.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/uploads/single',
          headers: { ...headers, ...bearer(editor.token) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Written in pieces, the last ones only if no answer has come yet.
      let offset = 0;
      const next = () => {
        if (req.destroyed || offset >= padded.length) return void req.end();
        const piece = padded.subarray(offset, offset + MiB);
        offset += MiB;
        if (req.write(piece)) setImmediate(next);
        else req.once('drain', next);
      };
      next();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual(expected);
    expect(await uploadCount()).toBe(before);
    await vi.waitFor(() => expect(temporary()).toEqual([]), { timeout: 10_000 });
  });

  it('lets the documented total through: ten files of nearly 10 MB on /multiple', async () => {
    const nearly = Buffer.alloc(UPLOAD_MAX_FILE_SIZE - 4096, 0x20);
    nearly.write('%PDF-1.4\n');
    const parts = Array.from({ length: UPLOAD_MAX_FILES }, (_, i) => ({
      field: 'files',
      data: nearly,
      filename: `document-${i}.pdf`,
    }));
    const res = await send('/multiple', parts);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.files).toHaveLength(UPLOAD_MAX_FILES);
    expect(temporary()).toEqual([]);
  });

  it('answers 503 with Retry-After when the image queue is full, and takes uploads again once it has room', async () => {
    const queue = t.app.imageQueue;
    const places = [];
    while (!queue.full) places.push(queue.enter());
    const before = { rows: await uploadCount(), files: stored() };
    try {
      const image = [{ field: 'image', data: await png(16), filename: 'queued.png' }];
      const busy = await send('/image', image);
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ success: false, code: ErrorCode.SERVER_BUSY, message: ErrorMessage.SERVER_BUSY });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      const gallery = await postMultipart(t.app, '/api/portfolio/upload/gallery', image, editor.token);
      expect(gallery.statusCode).toBe(503);
      expect(await uploadCount()).toBe(before.rows);
      expect(stored()).toEqual(before.files);
      expect(temporary()).toEqual([]);
    } finally {
      for (const place of places) place.leave();
    }
    const res = await send('/image', [{ field: 'image', data: await png(16), filename: 'later.png' }]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reads the rest of a refused body and throws it away, so that its client sends it all and keeps the connection', async () => {
    const connection = rawConnection(port);
    const answered = (statuses: number[]) =>
      vi.waitFor(() => expect(connection.statuses()).toEqual(statuses), { timeout: 10_000 });
    const health = requestHead('GET', '/api/health');
    const before = { rows: await uploadCount(), files: stored() };
    try {
      // Declared over the request total: refused before a byte of the body is read.
      const limit = uploadBodyLimit(1);
      const { headers } = await multipart([{ field: 'file', data: await png(8), filename: 'small.png' }]);
      await connection.send(
        requestHead('POST', '/api/uploads/single', {
          ...headers,
          'content-length': limit + MiB,
          ...bearer(editor.token),
        }),
      );
      await answered([413]);
      await connection.send(Buffer.alloc(limit + MiB, 'x'));
      await connection.send(health);
      await answered([413, 200]);

      // A file over 10 MB: refused once it passes the limit, with the rest of the body still to come.
      const big = await multipart([
        { field: 'file', data: Buffer.alloc(20 * MiB, 1), filename: 'twenty.png', type: 'image/png' },
      ]);
      const head = { ...big.headers, 'content-length': big.payload.length, ...bearer(editor.token) };
      await connection.send(requestHead('POST', '/api/uploads/single', head));
      await connection.send(big.payload.subarray(0, UPLOAD_MAX_FILE_SIZE + MiB));
      await answered([413, 200, 413]);
      await connection.send(big.payload.subarray(UPLOAD_MAX_FILE_SIZE + MiB));
      await connection.send(health);
      await answered([413, 200, 413, 200]);

      // No place in the image queue: refused before the body is read.
      const queue = t.app.imageQueue;
      const places = [];
      while (!queue.full) places.push(queue.enter());
      try {
        const image = await multipart([{ field: 'image', data: await png(16), filename: 'queued.png' }]);
        const imageHead = { ...image.headers, 'content-length': image.payload.length, ...bearer(editor.token) };
        await connection.send(requestHead('POST', '/api/uploads/image', imageHead));
        await answered([413, 200, 413, 200, 503]);
        await connection.send(image.payload);
        await connection.send(health);
        await answered([413, 200, 413, 200, 503, 200]);
      } finally {
        for (const place of places) place.leave();
      }

      expect(connection.received()).not.toMatch(/^connection: close/im);
      expect(connection.closed()).toBe(false);
    } finally {
      connection.socket.destroy();
    }
    expect(await uploadCount()).toBe(before.rows);
    expect(stored()).toEqual(before.files);
    await vi.waitFor(() => expect(temporary()).toEqual([]), { timeout: 10_000 });
  });

  it('stops an upload whose client hangs up halfway, keeping no row, file or temporary file', async () => {
    const before = { rows: await uploadCount(), files: stored() };
    const { payload, headers } = await multipart([
      { field: 'files', data: await png(32), filename: 'first.png', type: 'image/png' },
      { field: 'files', data: Buffer.alloc(4 * MiB, 3), filename: 'second.pdf', type: 'application/pdf' },
    ]);
    const socket = rawRequest(
      port,
      { ...headers, 'content-length': payload.length, ...bearer(editor.token) },
      '/api/uploads/multiple',
    );
    socket.write(payload.subarray(0, payload.length - 2 * MiB));
    // The first file is on disk and the second is arriving when the client goes.
    await vi.waitFor(() => expect(filesUnder(spoolDir).length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    socket.destroy();
    await vi.waitFor(() => expect(temporary()).toEqual([]), { timeout: 10_000 });
    expect(await uploadCount()).toBe(before.rows);
    expect(stored()).toEqual(before.files);
  });

  it('does not process an image whose client left while it waited for its turn', async () => {
    const queue = t.app.imageQueue;
    const before = { rows: await uploadCount(), files: stored() };
    // One place decoding until released: the next image waits behind it.
    const holder = queue.enter();
    let release!: () => void;
    const holding = holder.decode(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const { payload, headers } = await multipart([
        { field: 'image', data: await png(64), filename: 'patient.png', type: 'image/png' },
      ]);
      const socket = rawRequest(
        port,
        { ...headers, 'content-length': payload.length, ...bearer(editor.token) },
        '/api/uploads/image',
      );
      socket.write(payload);
      await vi.waitFor(() => expect(queue.waiting).toBe(1), { timeout: 10_000 });
      socket.destroy();
      // Taken out of the line as soon as the client is gone, before the decoder is free.
      await vi.waitFor(() => expect(queue.waiting).toBe(0), { timeout: 10_000 });
    } finally {
      release();
      await holding;
      holder.leave();
    }
    await vi.waitFor(() => expect(queue.places).toBe(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(temporary()).toEqual([]), { timeout: 10_000 });
    expect(await uploadCount()).toBe(before.rows);
    expect(stored()).toEqual(before.files);
  });
});

describe.each(testDialects)('upload storage that cannot be written on %s', (dialect) => {
  // A folder inside a regular file: every write fails, whoever runs the tests (root included).
  const parent = mkdtempSync(path.join(tmpdir(), 'upload-broken-'));
  const blocker = path.join(parent, 'not-a-folder');
  writeFileSync(blocker, 'a file where the upload folder should be');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));
  const t = useTestApp(dialect, { seed: false, env: { UPLOAD_DIR: path.join(blocker, 'uploads') } });
  let editor: Session;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
  });

  it('starts anyway, and answers uploads with 503 STORAGE_UNAVAILABLE', async () => {
    for (const [url, parts] of [
      ['/api/uploads/single', [{ field: 'file', data: await png(8), filename: 'a.png' }]],
      ['/api/uploads/image', [{ field: 'image', data: await png(8), filename: 'a.png' }]],
      ['/api/portfolio/upload/main', [{ field: 'image', data: await png(8), filename: 'a.png' }]],
    ] as const) {
      const res = await postMultipart(t.app, url, [...parts], editor.token);
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: ErrorCode.STORAGE_UNAVAILABLE,
        message: ErrorMessage.STORAGE_UNAVAILABLE,
      });
    }
    expect(await countRows(t.db.database.db, 'uploads')).toBe(0);
  });

  it('reports not ready on /api/ready while the site keeps answering', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      success: false,
      code: ErrorCode.STORAGE_UNAVAILABLE,
      message: ErrorMessage.STORAGE_UNAVAILABLE,
      data: { database: true, migrations: true, storage: false },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/files/abc123.png' })).statusCode).toBe(503);
  });
});
