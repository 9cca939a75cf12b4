import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { StorageUnavailableError } from './errors';
import { DEFAULT_IMAGE_QUEUE, ImageQueue, type ImageQueueOptions } from './image-queue';

/**
 * Uploaded files live behind a storage adapter (design.md): keys such as `files/{name}` and
 * `thumbnails/{label}/{name}`. The default keeps them on local disk under UPLOAD_DIR, outside the web
 * root; another adapter (object storage) can replace it without touching the features.
 */
export interface StoredObject {
  stream: Readable;
  size: number;
  modified: Date;
}

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a copy of a local file (an upload spooled to disk), without reading it into memory. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Resolves when objects can be written now; throws StorageUnavailableError otherwise. */
  check(): Promise<void>;
  /** The stored objects under a folder (`files`, `thumbnails`), for the orphan sweep; optional for adapters. */
  list?(folder: string): Promise<{ key: string; modified: Date }[]>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Keys are lower-case segments of letters, digits, - and _ (one dot, before the extension, in the last
 * one). Nothing else can name a stored object: no dot segments, separators, encodings or NULs.
 */
const SEGMENT = '[a-z0-9][a-z0-9_-]{0,63}';
const KEY_PATTERN = new RegExp(`^(?:${SEGMENT}/){0,3}[a-z0-9][a-z0-9_-]{0,127}\\.[a-z0-9]{1,5}$`);

export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** File-system failures that mean "the folder cannot be used", as opposed to a bug of ours. */
const UNAVAILABLE_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'ENOENT', 'EIO']);

/** The error to throw for a failed file-system call on the upload folder. */
export function storageFailure(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code && UNAVAILABLE_CODES.has(code) ? new StorageUnavailableError({ cause: error }) : error;
}

/** Temporary files end with this; whatever carries it at start was left by an interrupted write. */
const TEMPORARY_SUFFIX = '.tmp';
const temporaryName = (base: string) => `${base}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;

/** Writes and removes a probe file: the only sure test of writability (root ignores permission bits). */
export async function assertWritable(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    const probe = path.join(dir, temporaryName('.probe'));
    await writeFile(probe, '', { flag: 'wx' });
    await unlink(probe);
  } catch (error) {
    throw storageFailure(error);
  }
}

export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, refusing anything that would leave the root. */
  private pathOf(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  /** Writes an object aside and renames it into place: a reader never sees half a file. */
  private async write(key: string, fill: (temporary: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    const temporary = temporaryName(target);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await fill(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      throw storageFailure(error);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.write(key, (temporary) => writeFile(temporary, data, { flag: 'wx', mode: 0o644 }));
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    await this.write(key, async (temporary) => {
      await copyFile(sourcePath, temporary, constants.COPYFILE_EXCL);
      // The copy keeps the source's mode; stored objects are readable like those put() writes.
      await chmod(temporary, 0o644);
    });
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return { stream: createReadStream(target), size: info.size, modified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storageFailure(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw storageFailure(error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw storageFailure(error);
    }
  }

  async check(): Promise<void> {
    await assertWritable(this.root);
  }

  async list(folder: string): Promise<{ key: string; modified: Date }[]> {
    const base = path.join(this.root, folder);
    let entries;
    try {
      entries = await readdir(base, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw storageFailure(error);
    }
    const found: { key: string; modified: Date }[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(TEMPORARY_SUFFIX)) continue;
      const full = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      if (!isValidStorageKey(key)) continue;
      try {
        found.push({ key, modified: (await stat(full)).mtime });
      } catch {
        // Removed meanwhile.
      }
    }
    return found;
  }
}

/**
 * Where request bodies are written while they arrive, before they are checked and stored: a folder of
 * UPLOAD_DIR (local disk whatever the storage adapter), whose dot keeps it out of every storage key.
 */
export const UPLOAD_SPOOL_FOLDER = '.incoming';

/** A fresh path for one incoming file in the spool folder. */
export const spoolPath = (spoolDir: string) =>
  path.join(spoolDir, `${randomBytes(16).toString('hex')}${TEMPORARY_SUFFIX}`);

/**
 * Removes the temporary files under the upload folder: objects half written and request bodies half
 * read when the process stopped. Run at start, before anything writes; with `olderThan`, while running
 * (only files untouched since then). Returns how many went.
 */
export async function sweepTemporaryFiles(root: string, olderThan?: Date): Promise<number> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw storageFailure(error);
  }
  let temporary = entries.filter((e) => e.isFile() && e.name.endsWith(TEMPORARY_SUFFIX));
  if (olderThan) {
    // While the server runs, only files no write can still be busy with (an upload in progress).
    const old = await Promise.all(
      temporary.map(async (e) => {
        const info = await stat(path.join(e.parentPath, e.name)).catch(() => null);
        return info !== null && info.mtime < olderThan;
      }),
    );
    temporary = temporary.filter((_, i) => old[i]);
  }
  await Promise.all(temporary.map((e) => rm(path.join(e.parentPath, e.name), { force: true })));
  return temporary.length;
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

/** Only these types are ever served; the type comes from the generated name's extension. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
};

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
  const storage = options.storage ?? new LocalDiskStorage(app.config.uploadDir);
  const spoolDir = path.join(app.config.uploadDir, UPLOAD_SPOOL_FOLDER);
  app.decorate('fileStorage', storage);
  app.decorate('uploadSpoolDir', spoolDir);
  app.decorate('imageQueue', new ImageQueue(options.imageQueue ?? DEFAULT_IMAGE_QUEUE));
  app.decorate('checkUploadStorage', async () => {
    await assertWritable(spoolDir);
    await storage.check();
  });

  // A folder that cannot be written does not stop the site: uploads answer 503 STORAGE_UNAVAILABLE and
  // /api/ready reports it until the folder is fixed.
  try {
    const swept = await sweepTemporaryFiles(app.config.uploadDir);
    if (swept > 0) app.log.info({ files: swept }, 'temporary upload files of an interrupted run removed');
    await app.checkUploadStorage();
  } catch (error) {
    app.log.error({ err: error, uploadDir: app.config.uploadDir }, 'the upload folder cannot be written');
  }

  async function serve(request: FastifyRequest, reply: FastifyReply, key: string, name: string) {
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
    reply.type(CONTENT_TYPES[extension] as string).header('content-length', object.size);
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
