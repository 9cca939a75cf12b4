import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOAD_MAX_FILES, uploadBodyLimit } from '../../shared/contracts/uploads.values';
import { contentTypeOf, createStorage, type FileStorage } from '../storage';
import { TEMPORARY_SUFFIX, assertWritable, sweepTemporaryFiles } from '../storage/local-disk';
import { DEFAULT_IMAGE_QUEUE, ImageQueue, type ImageQueueOptions } from '../jobs/image-queue';

/**
 * Where request bodies are written while they arrive, before they are checked and stored: a folder of
 * UPLOAD_DIR (local disk whatever the storage adapter), whose dot keeps it out of every storage key.
 */
export const UPLOAD_SPOOL_FOLDER = '.incoming';

/** A fresh path for one incoming file in the spool folder. */
export const spoolPath = (spoolDir: string) =>
  path.join(spoolDir, `${randomBytes(16).toString('hex')}${TEMPORARY_SUFFIX}`);

/**
 * Temporary files untouched for this long are left by a process that stopped: a file being written is
 * touched as its data arrives, so one that another instance sharing the folder is writing is never taken.
 */
export const TEMPORARY_FILE_GRACE_MS = 15 * 60_000;

/** How much of a refused body is read and thrown away at most, and for how long (discardRestOfBody). */
export interface DiscardLimits {
  bytes: number;
  ms: number;
}

/**
 * What the rest of a refused upload may cost: the largest body an upload route takes (102 MiB), within
 * 30 s. A client sending more, or slower, is cut off.
 */
export const REFUSED_BODY_DISCARD: DiscardLimits = { bytes: uploadBodyLimit(UPLOAD_MAX_FILES), ms: 30_000 };

/**
 * Reads the rest of a request body that was refused before it all arrived, and throws it away: no byte
 * is kept. The refusal is answered meanwhile. Closing the connection instead would reset it under a
 * client still sending, which then loses the answer; nginx streaming the body (proxy_request_buffering
 * off) reports that as 502 Bad Gateway instead of the app's 413 or 503.
 *
 * The answer carries no `Connection: close`, so Node keeps the connection: a body that ends within
 * `limits` leaves it ready for the client's next request (keep-alive; nginx never reuses a connection on
 * which it could not send the whole body). Past `limits.bytes` more bytes or `limits.ms`, the connection
 * is destroyed. A client that hangs up ends the reading with its connection.
 */
export function discardRestOfBody(
  request: IncomingMessage,
  log: FastifyBaseLogger,
  limits: DiscardLimits = REFUSED_BODY_DISCARD,
): void {
  const socket = request.socket;
  if (request.readableEnded || request.destroyed || socket.destroyed) return;
  // The multipart parser stops here: its file streams are gone, and its back-pressure would stop the body.
  request.unpipe();
  let discarded = 0;
  const done = () => {
    clearTimeout(timer);
    request.off('data', count);
    request.off('end', done);
    socket.off('close', done);
  };
  const cutOff = () => {
    done();
    log.info({ discarded, limits }, 'refused request body still arriving: connection closed');
    socket.destroy();
  };
  const count = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.bytes) cutOff();
  };
  const timer = setTimeout(cutOff, limits.ms);
  timer.unref();
  request.on('data', count);
  request.once('end', done);
  // Once answered, the request is no longer Node's current one: only its connection says the client left.
  socket.once('close', done);
  request.resume();
}

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
    /** Local folder for incoming upload bodies (UPLOAD_DIR/.incoming). */
    uploadSpoolDir: string;
    /** The one image-decoding queue of the process (every upload route uses it). */
    imageQueue: ImageQueue;
    /** Resolves when uploads can be written (spool folder and storage); throws StorageUnavailableError. */
    checkUploadStorage(): Promise<void>;
  }
}

const NAME = /^[a-z0-9]{1,64}\.(jpg|png|gif|webp|avif|pdf)$/;
const VARIANT_LABEL = /^(?:\d{2,5}w|og)$/;

export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Served files can never act as a page (an HTML or SVG payload would run in an opaque sandbox). */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Serves uploads from the storage adapter under /uploads/ (files/{name}, thumbnails/{label}/{name}).
 * Stored names are generated, so a file never changes under its name: it is cached for a year.
 * Anything else under /uploads/ is a 404, whatever its encoding.
 */
export interface UploadsPluginOptions {
  storage?: FileStorage;
  imageQueue?: ImageQueueOptions;
}

export const uploadsPlugin = fp(async (app: FastifyInstance, options: UploadsPluginOptions = {}) => {
  const storage = options.storage ?? createStorage(app.config, 'uploads');
  const spoolDir = path.join(app.config.uploadDir, UPLOAD_SPOOL_FOLDER);
  app.decorate('fileStorage', storage);
  app.decorate('uploadSpoolDir', spoolDir);
  app.decorate('imageQueue', new ImageQueue(options.imageQueue ?? DEFAULT_IMAGE_QUEUE));
  app.decorate('checkUploadStorage', async () => {
    await assertWritable(spoolDir);
    await storage.check();
  });

  // A store that cannot be written does not stop the site: uploads answer 503 STORAGE_UNAVAILABLE and
  // /api/ready reports it until the store is fixed.
  try {
    const swept = await sweepTemporaryFiles(app.config.uploadDir, new Date(Date.now() - TEMPORARY_FILE_GRACE_MS));
    if (swept > 0) app.log.info({ files: swept }, 'temporary upload files of an interrupted run removed');
    await app.checkUploadStorage();
  } catch (error) {
    app.log.error({ err: error, uploadDir: app.config.uploadDir }, 'the upload storage cannot be written');
  }

  const publicUrl = app.config.storagePublicUrl;

  async function serve(request: FastifyRequest, reply: FastifyReply, key: string, name: string) {
    // Stored content keeps the app's /uploads/ addresses; the public URL (a CDN, the bucket) serves the
    // bytes, so that it can change without rewriting content (ADR 0030). The store is not contacted.
    if (publicUrl) {
      return reply.header('cache-control', UPLOAD_CACHE_CONTROL).redirect(`${publicUrl}/${key}`, 301);
    }
    const extension = name.slice(name.lastIndexOf('.') + 1);
    const object = await storage.get(key);
    if (!object) return reply.callNotFound();
    const etag = `"${object.size.toString(36)}-${object.modified.getTime().toString(36)}"`;
    reply.headers({
      'cache-control': UPLOAD_CACHE_CONTROL,
      'content-security-policy': UPLOAD_CSP,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-site',
      etag,
      'last-modified': object.modified.toUTCString(),
    });
    // Documents are downloaded rather than opened on this origin.
    if (extension === 'pdf') reply.header('content-disposition', 'attachment');
    if (request.headers['if-none-match'] === etag) {
      object.stream.destroy();
      return reply.status(304).send();
    }
    reply.type(contentTypeOf(key)).header('content-length', object.size);
    return reply.send(object.stream);
  }

  app.get<{ Params: { name: string } }>('/uploads/files/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!NAME.test(name) || name.endsWith('.avif')) return reply.callNotFound();
    return serve(request, reply, `files/${name}`, name);
  });

  app.get<{ Params: { label: string; name: string } }>(
    '/uploads/thumbnails/:label/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const { label, name } = request.params;
      if (!VARIANT_LABEL.test(label) || !NAME.test(name)) return reply.callNotFound();
      return serve(request, reply, `thumbnails/${label}/${name}`, name);
    },
  );

  // Everything else under /uploads is not a page either.
  app.all('/uploads/*', { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
});
