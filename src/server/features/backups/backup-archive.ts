import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BACKUP_FORMAT_VERSION, backupTypes } from '../../../shared/contracts/backups';
import { z } from '../../../shared/zod';
import { StorageUnavailableError } from '../../lib/errors';
import type { FileStorage, ListedObject } from '../../storage';
import { dumpTables, type TableSource } from './backup-table-parts';

/*
 * The archive (ADR 0018, format 2: ADR 0037): a gzip-compressed tar holding, in this order,
 *   index.json                every entry that follows, in order, with its exact size (format 2 only)
 *   db/<table>/<part>.jsonl   one JSON object per line, the table's rows in primary-key order, parts of ~4 MiB
 *   uploads/<key>             every uploaded file, by its key in the uploads store (files/…, thumbnails/…)
 *   manifest.json             last, once every checksum is known
 * Format 1 is the same without index.json; it is still read, never written. The table parts are dumped to
 * scratch files first (backup-table-parts.ts) so that the index can give their sizes; uploads' sizes come
 * from the store's listing. Written and read as streams: memory holds neither a table nor a file. Writing is
 * here; reading, with its bounds on what an archive expands to (ADR 0032, 0037), is backup-archive-read.ts.
 */

export const BACKUP_FORMAT = 'studio-site-backup';
export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
/** The first entry of a format 2 archive. */
export const INDEX_NAME = 'index.json';
/** As many entries as the manifest's bound holds (an index entry is about half as long as a manifest's). */
export const INDEX_MAX_BYTES = 32 * 1024 * 1024;
/**
 * The most one entry may expand to: a table part is ~4 MiB (one row more at most), an upload at most
 * UPLOAD_MAX_FILE_SIZE; the margin leaves room for what older versions stored.
 */
export const ENTRY_MAX_BYTES = 256 * 1024 * 1024;
/** The most a whole archive may expand to, whatever room the disk has. */
export const EXPANDED_MAX_BYTES = 200 * 1024 ** 3;

const entrySchema = z.object({
  path: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof entrySchema>;

/** The format versions this build reads; it writes BACKUP_FORMAT_VERSION only. */
export const READABLE_FORMAT_VERSIONS: readonly number[] = [1, BACKUP_FORMAT_VERSION];

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.union([z.literal(1), z.literal(BACKUP_FORMAT_VERSION)]),
  appVersion: z.string(),
  /** The newest migration of the database the rows came from. */
  schemaVersion: z.string(),
  createdAt: z.string(),
  type: z.enum(backupTypes),
  dialect: z.enum(['sqlite', 'postgres', 'mysql']),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0), parts: z.array(entrySchema) })),
  files: z.array(entrySchema),
  rowCount: z.number().int().min(0),
  fileCount: z.number().int().min(0),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Format 2's first entry: what follows, in order, up to the manifest. */
export const indexSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  entries: z.array(z.object({ path: z.string(), size: z.number().int().min(0) })),
});
export type BackupIndex = z.infer<typeof indexSchema>;

/** An archive that is not one of ours, of another version, damaged or incomplete. Nothing was changed. */
export class BackupFormatError extends Error {
  constructor(public readonly reason: string) {
    super(reason);
    this.name = 'BackupFormatError';
  }
}

/**
 * An uploaded file was removed, or changed size, between the listing the index was made from and its
 * copy into the archive: the backup fails and can simply run again (ADR 0037).
 */
export class UploadChangedError extends Error {
  constructor(public readonly key: string) {
    super(`the uploaded file ${key} was removed or changed while the backup ran`);
    this.name = 'UploadChangedError';
  }
}

/** The site holds more files and table parts than one archive's index may list (INDEX_MAX_BYTES). */
export class ArchiveTooLargeError extends Error {
  constructor(public readonly entries: number) {
    super(`the site holds ${entries} files and table parts, more than one archive can list`);
    this.name = 'ArchiveTooLargeError';
  }
}

export interface ArchiveResult {
  manifest: BackupManifest;
  /** Size and SHA-256 of the archive file. */
  size: number;
  sha256: string;
}

const sha256 = () => createHash('sha256');

/** The folders of the uploads store that hold the site's files (ADR 0030): originals and their variants. */
export const UPLOAD_FOLDERS = ['files', 'thumbnails'] as const;

/** Every stored upload with its size, sorted by key; from the store, so the same on local disk and in a bucket. */
export async function listStoredUploadObjects(uploads: FileStorage): Promise<ListedObject[]> {
  const objects: ListedObject[] = [];
  // One by one: spreading a listing of a few hundred thousand objects into push() overflows the stack.
  for (const folder of UPLOAD_FOLDERS) for (const object of await uploads.list(folder)) objects.push(object);
  return objects.filter((o) => isSafeRelativePath(o.key)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The keys of every stored upload, sorted. */
export async function listStoredUploads(uploads: FileStorage): Promise<string[]> {
  return (await listStoredUploadObjects(uploads)).map((o) => o.key);
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;
/** No absolute paths, dot segments or hidden names: an entry can only land inside its folder. */
export function isSafeRelativePath(rel: string): boolean {
  const segments = rel.split('/');
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s));
}

const TABLE_PART = /^db\/([a-z_]{1,64})\/(\d{6})\.jsonl$/;
const UPLOADS_PREFIX = 'uploads/';

/** What an entry other than the index and the manifest may be, by its name; null: nothing of ours. */
export function entryKind(
  name: string,
): { kind: 'part'; table: string; part: string } | { kind: 'upload'; rel: string } | null {
  const part = TABLE_PART.exec(name);
  if (part) return { kind: 'part', table: part[1] as string, part: part[2] as string };
  const rel = name.startsWith(UPLOADS_PREFIX) ? name.slice(UPLOADS_PREFIX.length) : '';
  return rel && isSafeRelativePath(rel) ? { kind: 'upload', rel } : null;
}

/**
 * Writes one archive to `target` (which must not exist). The table parts are dumped under `scratch` first
 * (the caller removes it); each is deleted once it is in the archive.
 */
export async function writeArchive(
  target: string,
  source: {
    header: Omit<BackupManifest, 'tables' | 'files' | 'rowCount' | 'fileCount' | 'format' | 'formatVersion'>;
    tables: TableSource[];
    /** The uploads store: every object under UPLOAD_FOLDERS goes into the archive. */
    uploads: FileStorage;
    /** A private, empty folder for the table parts. */
    scratch: string;
    /** Opens the archive file for writing; a test passes one that fails like a full disk. */
    openFile?: (target: string) => Writable;
  },
): Promise<ArchiveResult> {
  const dumped = await dumpTables(source.tables, source.scratch, (cause) => new ArchiveWriteError(cause));
  const listed = await listStoredUploadObjects(source.uploads);
  const index: BackupIndex = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    entries: [
      ...dumped.flatMap((table) => table.parts.map((part) => ({ path: part.path, size: part.size }))),
      ...listed.map((object) => ({ path: `${UPLOADS_PREFIX}${object.key}`, size: object.size })),
    ],
  };
  const indexData = Buffer.from(JSON.stringify(index));
  if (indexData.length > INDEX_MAX_BYTES) {
    // What a reader would refuse is not written.
    throw new ArchiveTooLargeError(index.entries.length);
  }

  const pack = tar.pack();
  const gzip = createGzip({ level: 6 });
  const archiveHash = sha256();
  let archiveSize = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      archiveHash.update(chunk);
      archiveSize += chunk.length;
      callback(null, chunk);
    },
  });
  // The first error of any stream that writes the archive (the folder is not writable, the disk is full):
  // every wait below gives up on it, so that a failed write never leaves the backup waiting for a drain.
  let writeError: Error | null = null;
  // The waits going on now. Not Promise.race against one never-settled promise: every race would leave a
  // reaction on it holding the value it resolved with (a chunk of a file), so that memory grew with the
  // archive (about as much as the uploads: 256 MiB retained for 256 MB of files).
  const waiting = new Set<(error: Error) => void>();
  const fail = (error: Error) => {
    if (writeError) return;
    writeError = error;
    for (const reject of waiting) reject(error);
    waiting.clear();
    pack.destroy(error);
  };
  const guard = <T>(work: Promise<T>): Promise<T> => {
    work.catch(() => {});
    if (writeError) return Promise.reject(writeError);
    return new Promise<T>((resolve, reject) => {
      waiting.add(reject);
      work.then(
        (value) => {
          waiting.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          waiting.delete(reject);
          reject(error as Error);
        },
      );
    });
  };
  pack.on('error', fail);
  pack.pipe(gzip);
  const open = source.openFile ?? ((file: string) => createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  const written = pipeline(gzip, counter, open(target));
  written.catch(fail);
  const writer = { pack, guard, error: () => writeError };

  const addBuffer = (name: string, data: Buffer) =>
    guard(
      new Promise<void>((resolve, reject) => {
        pack.entry({ name, size: data.length, mtime: new Date(0) }, data, (error) =>
          error ? reject(error) : resolve(),
        );
      }),
    );

  try {
    await addBuffer(INDEX_NAME, indexData);
    const tables: BackupManifest['tables'] = [];
    let rowCount = 0;
    for (const table of dumped) {
      const parts: ManifestEntry[] = [];
      for (const part of table.parts) {
        const object = { size: part.size, modified: new Date(0), stream: createReadStream(part.file) };
        parts.push(
          await addEntry(writer, part.path, object, {
            readFailed: (cause) => new ArchiveWriteError(cause as Error),
            changed: () => new Error(`${part.path} changed in the scratch folder`),
          }),
        );
        await rm(part.file, { force: true });
      }
      tables.push({ name: table.name, rows: table.rows, parts });
      rowCount += table.rows;
    }

    const files: ManifestEntry[] = [];
    for (const { key, size } of listed) {
      const object = await source.uploads.get(key);
      // Removed or replaced since the listing: the index announced it as it was, so the backup cannot
      // hold it as it is now; it fails and runs again (ADR 0037).
      if (!object) throw new UploadChangedError(key);
      if (object.size !== size) {
        object.stream.destroy();
        throw new UploadChangedError(key);
      }
      files.push(
        await addEntry(writer, `${UPLOADS_PREFIX}${key}`, object, {
          // The store failed while it sent the object (a dropped connection, a disk error).
          readFailed: (cause) => new StorageUnavailableError({ cause }),
          changed: () => new UploadChangedError(key),
        }),
      );
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      ...source.header,
      tables,
      files,
      rowCount,
      fileCount: files.length,
    };
    await addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 1)));
    pack.finalize();
    await guard(written);
    return { manifest, size: archiveSize, sha256: archiveHash.digest('hex') };
  } catch (error) {
    // The writing side's error is the cause whatever wait noticed it first (a destroyed entry, a drain);
    // taken before the packer is destroyed, whose own error event then only repeats the cause.
    const writing = writeError as Error | null;
    pack.destroy(writing ?? (error as Error));
    await written.catch(() => {});
    throw writing ? new ArchiveWriteError(writing) : error;
  }
}

/** The archive could not be written to local disk (not writable, full, gone): its cause's `code` says why. */
export class ArchiveWriteError extends Error {
  readonly code: string | undefined;
  constructor(cause: Error) {
    super(cause.message, { cause });
    this.name = 'ArchiveWriteError';
    this.code = (cause as NodeJS.ErrnoException).code;
  }
}

/**
 * One entry into the archive, streamed, of exactly the size announced. A failure to read the source comes
 * out as `readFailed(cause)`, a source longer or shorter than announced as `changed()`.
 */
async function addEntry(
  writer: { pack: tar.Pack; guard: <T>(work: Promise<T>) => Promise<T>; error: () => Error | null },
  name: string,
  object: { size: number; modified: Date; stream: Readable },
  errors: { readFailed: (cause: unknown) => Error; changed: () => Error },
): Promise<ManifestEntry> {
  const { guard } = writer;
  const hash = sha256();
  const sink = writer.pack.entry({ name, size: object.size, mtime: object.modified });
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('close', resolve);
    sink.on('error', reject);
  });
  finished.catch(() => {});
  let size = 0;
  try {
    const chunks = object.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await guard(chunks.next());
      } catch (error) {
        if (writer.error()) throw error;
        throw errors.readFailed(error);
      }
      if (next.done) break;
      size += next.value.length;
      if (size > object.size) break;
      hash.update(next.value);
      if (!sink.write(next.value)) await guard(once(sink as unknown as NodeJS.EventEmitter, 'drain'));
    }
  } finally {
    object.stream.destroy();
  }
  if (size !== object.size) throw errors.changed();
  (sink as unknown as NodeJS.WritableStream).end();
  await guard(finished);
  return { path: name, size, sha256: hash.digest('hex') };
}
