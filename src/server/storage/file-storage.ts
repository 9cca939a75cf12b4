import type { Readable } from 'node:stream';
import { StorageUnavailableError } from '../lib/errors';

/**
 * Stored files (uploads, backup archives) live behind this interface (ADR 0030): keys such as
 * `files/{name}`, `thumbnails/{label}/{name}` or `backup-….tar.gz`. One implementation keeps them in a
 * local folder, another in an S3-compatible bucket that every instance shares.
 */
export interface StoredObject {
  stream: Readable;
  size: number;
  modified: Date;
}

/** The type of a stored object, by its name's ending (names are generated, so the ending is ours). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  pdf: 'application/pdf',
  gz: 'application/gzip',
  json: 'application/json',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** One object found by `list`. */
export interface ListedObject {
  key: string;
  size: number;
  modified: Date;
}

export interface PutFileOptions {
  /**
   * Take the file over instead of copying it: once stored, the source path is gone (a local folder renames
   * it when it can). On failure the source is left where it was.
   */
  move?: boolean;
  /** The file's SHA-256 (hex) when the caller knows it already: a store that records it need not read the file twice. */
  sha256?: string;
}

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file (an upload spooled to disk, an archive), streamed: never read into memory. */
  putFile(key: string, sourcePath: string, options?: PutFileOptions): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Resolves when objects can be written now; throws StorageUnavailableError otherwise. */
  check(): Promise<void>;
  /** The stored objects under a folder (`files`, `thumbnails`; '' for all), temporary files excluded. */
  list(folder: string): Promise<ListedObject[]>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Keys are lower-case segments of letters, digits, - and _, the last one ending with an extension (one
 * dot, or `.tar.gz`). Nothing else can name a stored object: no dot segments, separators, encodings or NULs.
 */
const SEGMENT = '[a-z0-9][a-z0-9_-]{0,63}';
const KEY_PATTERN = new RegExp(`^(?:${SEGMENT}/){0,3}[a-z0-9][a-z0-9_-]{0,127}\\.(?:tar\\.gz|[a-z0-9]{1,5})$`);

export function isValidStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** File-system failures that mean "the folder cannot be used", as opposed to a bug of ours. */
const UNAVAILABLE_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'ENOENT', 'EIO']);

/** The error to throw for a failed file-system call on a storage folder. */
export function storageFailure(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code && UNAVAILABLE_CODES.has(code) ? new StorageUnavailableError({ cause: error }) : error;
}
