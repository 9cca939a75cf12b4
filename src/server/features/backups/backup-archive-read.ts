import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { StorageUnavailableError } from '../../lib/errors';
import {
  BACKUP_FORMAT,
  BackupFormatError,
  ENTRY_MAX_BYTES,
  entryKind,
  EXPANDED_MAX_BYTES,
  INDEX_MAX_BYTES,
  INDEX_NAME,
  MANIFEST_MAX_BYTES,
  MANIFEST_NAME,
  manifestSchema,
  READABLE_FORMAT_VERSIONS,
  type BackupManifest,
  type ManifestEntry,
} from './backup-archive';
import { ArchiveIndex, shown } from './backup-archive-index';

/*
 * Reading an archive (ADR 0018, 0032, 0037): checked entry by entry as it streams, each entry refused by its
 * tar header before its body is inflated when its name, its size or the running total is wrong, optionally
 * staged to local disk for a restore. A format 2 archive starts with an index of every entry and its size:
 * then each header must also be the next one announced (backup-archive-index.ts), and the total is checked
 * against the room there is before any entry's body. A format 1 archive (no index) is read under the bounds.
 */

const sha256 = () => createHash('sha256');

export interface StagingTarget {
  /** Table parts are written here as <table>/<part>.jsonl. */
  dbDir: string;
  /** Uploaded files are written here under their paths. */
  uploadsDir: string;
}

export interface VerifiedArchive {
  manifest: BackupManifest;
  size: number;
  sha256: string;
}

/**
 * Reads a whole archive (a local file, or a stream such as an object of the backups store) and checks it
 * against its manifest: the format and version, every part's and file's size and SHA-256, every table's row
 * count, and that nothing is missing or extra. With `stage`, every entry is also written there for a
 * restore. Throws BackupFormatError for anything wrong with the archive, and StorageUnavailableError when
 * the stream itself fails (the store went away while sending it).
 */
export async function verifyArchive(
  source: string | Readable,
  options: {
    stage?: StagingTarget;
    expectedTables?: readonly string[];
    schemaVersion?: string;
    /** The most all entries together may expand to (default EXPANDED_MAX_BYTES), e.g. the staging disk's room. */
    maxExpandedBytes?: number;
    /** Filled in while reading: the bytes read from the source and the bytes gunzip gave out. */
    progress?: { compressedBytes: number; inflatedBytes: number };
  } = {},
): Promise<VerifiedArchive> {
  const maxTotal = Math.min(options.maxExpandedBytes ?? EXPANDED_MAX_BYTES, EXPANDED_MAX_BYTES);
  let expanded = 0;
  const seen = new Map<string, { size: number; sha256: string; lines: number }>();
  let manifestText: string | null = null;
  // Format 2: the index, read from the first entry; null for format 1 (or before the first entry).
  let index: ArchiveIndex | null = null;
  let first = true;
  const archiveHash = sha256();
  let archiveSize = 0;

  const input: Readable = typeof source === 'string' ? createReadStream(source) : source;
  const gunzip = createGunzip();
  const extract = tar.extract();
  let inputError: Error | null = null;
  // The local staging folder failed (full, not writable): the server's problem, not the archive's.
  let stagingError: Error | null = null;
  const staging = (error: Error): never => {
    stagingError = error;
    throw error;
  };
  const progress = options.progress;
  input.on('data', (chunk: string | Buffer) => {
    archiveHash.update(chunk);
    archiveSize += chunk.length;
    if (progress) progress.compressedBytes += chunk.length;
  });
  input.on('error', (error: Error) => {
    inputError = error;
    extract.destroy(error);
  });
  gunzip.on('error', (error) => extract.destroy(error));
  input.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  if (progress) gunzip.on('data', (chunk: Buffer) => (progress.inflatedBytes += chunk.length));

  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file') throw new BackupFormatError(`unexpected entry ${shown(name)}`);
      // Bounded by the tar header, before one byte of the entry's body is inflated; tar-stream ends every
      // body at the header's size, and the count below holds it to that while it streams.
      const declared = entry.header.size ?? 0;
      const isFirst = first;
      first = false;
      if (isFirst && name === INDEX_NAME) {
        if (declared > INDEX_MAX_BYTES) {
          throw new BackupFormatError(`the index is ${declared} bytes long, more than ${INDEX_MAX_BYTES}`);
        }
        index = ArchiveIndex.parse(await readSmall(entry as AsyncIterable<Buffer>, declared));
        // Everything the archive announces, before one of its bodies is read.
        if (declared + index.total > maxTotal) throw tooLarge(maxTotal);
        expanded = declared + index.total;
        continue;
      }
      // Format 2: the next announced entry, of its announced size (already counted), or the manifest.
      if (index && name !== MANIFEST_NAME) index.admit(name, declared);
      if (index && name === MANIFEST_NAME) index.admitManifest();
      const limit = name === MANIFEST_NAME ? MANIFEST_MAX_BYTES : ENTRY_MAX_BYTES;
      if (declared > limit) {
        throw new BackupFormatError(`${shown(name)} expands to ${declared} bytes, more than ${limit}`);
      }
      if (!index || name === MANIFEST_NAME) {
        if (expanded + declared > maxTotal) throw tooLarge(maxTotal);
        expanded += declared;
      }
      if (seen.has(name) || (name === MANIFEST_NAME && manifestText !== null)) {
        throw new BackupFormatError(`${shown(name)} appears twice`);
      }
      if (name === MANIFEST_NAME) {
        manifestText = await readSmall(entry as AsyncIterable<Buffer>, declared);
        continue;
      }
      const kind = entryKind(name);
      if (!kind) throw new BackupFormatError(`unexpected entry ${shown(name)}`);
      let destination: string | null = null;
      if (options.stage) {
        destination =
          kind.kind === 'part'
            ? path.join(options.stage.dbDir, kind.table, `${kind.part}.jsonl`)
            : path.join(options.stage.uploadsDir, ...kind.rel.split('/'));
      }
      const hash = sha256();
      let size = 0;
      let lines = 0;
      const out = destination ? await openStaged(destination).catch(staging) : null;
      out?.on('error', (error) => void (stagingError = error));
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > declared) throw new BackupFormatError(`${shown(name)} is longer than its header says`);
        hash.update(chunk);
        if (kind.kind === 'part') for (const byte of chunk) if (byte === 10) lines += 1;
        if (out && !out.write(chunk)) await once(out, 'drain');
      }
      if (out) {
        out.end();
        await once(out, 'finish');
      }
      seen.set(name, { size, sha256: hash.digest('hex'), lines });
    }
  } catch (error) {
    if (inputError) throw new StorageUnavailableError({ cause: inputError });
    if (stagingError) throw stagingError;
    if (error instanceof BackupFormatError) throw error;
    if (manifestText === null && seen.size === 0 && !index) {
      throw new BackupFormatError('not a backup archive (.tar.gz)');
    }
    throw new BackupFormatError(`the archive is damaged or incomplete (${(error as Error).message})`);
  } finally {
    // Refused half way: stop reading (and free the file or the store's connection).
    input.destroy();
  }

  if (manifestText === null) {
    throw new BackupFormatError(
      seen.size === 0 && !index ? 'not a backup archive (.tar.gz)' : 'the archive has no manifest: it is incomplete',
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw new BackupFormatError('the manifest is not valid JSON');
  }
  const head = raw as { format?: unknown; formatVersion?: unknown } | null;
  if (!head || head.format !== BACKUP_FORMAT) throw new BackupFormatError('not a backup of this website software');
  if (typeof head.formatVersion !== 'number' || !READABLE_FORMAT_VERSIONS.includes(head.formatVersion)) {
    throw new BackupFormatError(`unknown backup format version ${shown(String(head.formatVersion))}`);
  }
  // An index first is format 2, none format 1: the manifest must say the same.
  const layout = index ? 2 : 1;
  if (head.formatVersion !== layout) {
    throw new BackupFormatError(
      `its manifest says format version ${head.formatVersion}, its entries are version ${layout}`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupFormatError('the manifest is incomplete');
  const manifest = parsed.data;
  if (options.schemaVersion && manifest.schemaVersion !== options.schemaVersion) {
    throw new BackupFormatError(
      `it was made with database schema ${manifest.schemaVersion}, this site has ${options.schemaVersion}`,
    );
  }
  if (options.expectedTables) {
    const names = manifest.tables.map((t) => t.name);
    if (names.join(',') !== options.expectedTables.join(',')) {
      throw new BackupFormatError('its tables are not the ones this version of the site has');
    }
  }

  index?.matches(manifest);

  const listed = new Set<string>();
  const check = (entry: ManifestEntry, rows?: number) => {
    const found = seen.get(entry.path);
    if (!found) throw new BackupFormatError(`${entry.path} is missing`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new BackupFormatError(`the checksum of ${entry.path} does not match`);
    }
    listed.add(entry.path);
    return found.lines + (rows ?? 0);
  };
  let rowCount = 0;
  for (const table of manifest.tables) {
    let lines = 0;
    for (const part of table.parts) {
      if (!part.path.startsWith(`db/${table.name}/`)) throw new BackupFormatError(`${part.path} is misplaced`);
      lines += check(part);
    }
    if (lines !== table.rows) throw new BackupFormatError(`table ${table.name} does not hold ${table.rows} rows`);
    rowCount += lines;
  }
  for (const entry of manifest.files) {
    if (!entry.path.startsWith('uploads/')) throw new BackupFormatError(`${entry.path} is misplaced`);
    check(entry);
  }
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new BackupFormatError(`${name} is not in the manifest`);
  }
  if (rowCount !== manifest.rowCount || manifest.files.length !== manifest.fileCount) {
    throw new BackupFormatError('the manifest totals do not match its contents');
  }
  return { manifest, size: archiveSize, sha256: archiveHash.digest('hex') };
}

const tooLarge = (maxTotal: number) =>
  new BackupFormatError(`its contents expand to more than ${maxTotal} bytes, more than there is room for`);

/** A small entry's whole body (the index, the manifest: their headers were bounded already), as text. */
async function readSmall(entry: AsyncIterable<Buffer>, declared: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > declared) throw new BackupFormatError('an entry is longer than its header says');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function openStaged(destination: string) {
  await mkdir(path.dirname(destination), { recursive: true });
  const out = createWriteStream(destination, { flags: 'wx', mode: 0o644 });
  await once(out, 'open');
  return out;
}

/** A staged table part's rows, one at a time. */
export async function* readStagedRows(file: string): AsyncGenerator<Record<string, unknown>> {
  let rest = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
    const text = rest + chunk;
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline >= 0) {
      if (newline > start) yield JSON.parse(text.slice(start, newline)) as Record<string, unknown>;
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    rest = text.slice(start);
  }
  if (rest.trim()) yield JSON.parse(rest) as Record<string, unknown>;
}
