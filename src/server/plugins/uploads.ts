import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
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

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return { stream: createReadStream(target), size: info.size, modified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    fileStorage: FileStorage;
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
export const uploadsPlugin = fp(async (app: FastifyInstance, options: { storage?: FileStorage } = {}) => {
  const storage = options.storage ?? new LocalDiskStorage(app.config.uploadDir);
  await mkdir(app.config.uploadDir, { recursive: true });
  app.decorate('fileStorage', storage);

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
