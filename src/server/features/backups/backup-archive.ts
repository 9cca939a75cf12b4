import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BACKUP_FORMAT_VERSION, backupTypes } from '../../../shared/contracts/backups';
import { z } from '../../../shared/zod';
import { StorageUnavailableError } from '../../plugins/errors';
import type { FileStorage } from '../../storage';

/*
 * The archive (ADR 0018): a gzip-compressed tar holding, in this order,
 *   db/<table>/<part>.jsonl   one JSON object per line, the table's rows in primary-key order, parts of ~4 MiB
 *   uploads/<key>             every uploaded file, by its key in the uploads store (files/…, thumbnails/…)
 *   manifest.json             last, once every size and checksum is known
 * Written and read as streams: memory holds one part of one table, never a file or the archive. Writing is
 * here; reading, with its bounds on what an archive expands to (ADR 0032), is backup-archive-read.ts.
 */

export const BACKUP_FORMAT = 'studio-site-backup';
const PART_BYTES = 4 * 1024 * 1024;
export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;
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

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
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

/** An archive that is not one of ours, of another version, damaged or incomplete. Nothing was changed. */
export class BackupFormatError extends Error {
  constructor(public readonly reason: string) {
    super(reason);
    this.name = 'BackupFormatError';
  }
}

export interface TableSource {
  name: string;
  /** The table's rows in a stable order, read in pages. */
  rows: () => AsyncIterable<Record<string, unknown>>;
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

/** The keys of every stored upload, sorted; read from the store, so the same on local disk and in a bucket. */
export async function listStoredUploads(uploads: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of UPLOAD_FOLDERS) for (const object of await uploads.list(folder)) keys.push(object.key);
  return keys.filter(isSafeRelativePath).sort();
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;
/** No absolute paths, dot segments or hidden names: an entry can only land inside its folder. */
export function isSafeRelativePath(rel: string): boolean {
  const segments = rel.split('/');
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s));
}

/** Writes one archive to `target` (which must not exist). */
export async function writeArchive(
  target: string,
  source: {
    header: Omit<BackupManifest, 'tables' | 'files' | 'rowCount' | 'fileCount' | 'format' | 'formatVersion'>;
    tables: TableSource[];
    /** The uploads store: every object under UPLOAD_FOLDERS goes into the archive. */
    uploads: FileStorage;
    /** Opens the archive file for writing; a test passes one that fails like a full disk. */
    openFile?: (target: string) => Writable;
  },
): Promise<ArchiveResult> {
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
  let rejectWrite: (error: Error) => void = () => {};
  const writeFailed = new Promise<never>((_resolve, reject) => (rejectWrite = reject));
  writeFailed.catch(() => {});
  const fail = (error: Error) => {
    if (writeError) return;
    writeError = error;
    rejectWrite(error);
    pack.destroy(error);
  };
  const guard = <T>(work: Promise<T>): Promise<T> => {
    work.catch(() => {});
    return Promise.race([work, writeFailed]);
  };
  pack.on('error', fail);
  pack.pipe(gzip);
  const open = source.openFile ?? ((file: string) => createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  const written = pipeline(gzip, counter, open(target));
  written.catch(fail);

  const addBuffer = (name: string, data: Buffer) =>
    guard(
      new Promise<void>((resolve, reject) => {
        pack.entry({ name, size: data.length, mtime: new Date(0) }, data, (error) =>
          error ? reject(error) : resolve(),
        );
      }),
    );

  try {
    const tables: BackupManifest['tables'] = [];
    let rowCount = 0;
    for (const table of source.tables) {
      const parts: ManifestEntry[] = [];
      let rows = 0;
      let chunks: Buffer[] = [];
      let bytes = 0;
      const flush = async () => {
        const data = Buffer.concat(chunks);
        const name = `db/${table.name}/${String(parts.length + 1).padStart(6, '0')}.jsonl`;
        await addBuffer(name, data);
        parts.push({ path: name, size: data.length, sha256: sha256().update(data).digest('hex') });
        chunks = [];
        bytes = 0;
      };
      for await (const row of table.rows()) {
        const line = Buffer.from(`${JSON.stringify(row)}\n`);
        chunks.push(line);
        bytes += line.length;
        rows += 1;
        if (bytes >= PART_BYTES) await flush();
      }
      if (bytes > 0) await flush();
      tables.push({ name: table.name, rows, parts });
      rowCount += rows;
    }

    const files: ManifestEntry[] = [];
    for (const key of await listStoredUploads(source.uploads)) {
      const object = await source.uploads.get(key);
      if (!object) continue; // removed since the listing: it is not part of the site any more
      files.push(await addUpload(pack, `uploads/${key}`, object, { guard, error: () => writeError }));
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
    // The writing side's error is the cause whatever wait noticed it first (a destroyed entry, a drain).
    const cause = writeError ?? (error as Error);
    pack.destroy(cause);
    await written.catch(() => {});
    throw writeError ? new ArchiveWriteError(writeError) : error;
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

/** One upload into the archive, streamed; a failure of the uploads store is a StorageUnavailableError. */
async function addUpload(
  pack: tar.Pack,
  name: string,
  object: { size: number; modified: Date; stream: Readable },
  writer: { guard: <T>(work: Promise<T>) => Promise<T>; error: () => Error | null },
): Promise<ManifestEntry> {
  const { guard } = writer;
  const hash = sha256();
  const sink = pack.entry({ name, size: object.size, mtime: object.modified });
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
        // The store failed while it sent the object (a dropped connection, a disk error).
        throw new StorageUnavailableError({ cause: error });
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
  if (size !== object.size) throw new Error(`${name} changed while it was being backed up`);
  (sink as unknown as NodeJS.WritableStream).end();
  await guard(finished);
  return { path: name, size, sha256: hash.digest('hex') };
}
