import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import tar from 'tar-stream';

/*
 * Tests and the fault bench only: archives made hostile on purpose from a real backup (rows edited, entries
 * added, with a manifest and an index that match them or not), format 1 archives as earlier versions wrote
 * them, an expansion bomb and entries that the index does not announce (ADR 0032, 0037).
 */

export type Entries = Map<string, Buffer>;

export async function readEntries(file: string): Promise<Entries> {
  const entries: Entries = new Map();
  const extract = tar.extract();
  const done = pipeline(createReadStream(file), createGunzip(), extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  await done;
  return entries;
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface WriteOptions {
  /** 2 (default): index.json first, announcing every entry; 1: the older layout, without it. */
  version?: 1 | 2;
  /** Changes what the index announces (a wrong size, an entry more or less). */
  announce?: (announced: { path: string; size: number }[]) => { path: string; size: number }[];
  /** Changes the entries written between the index and the manifest (one twice, another order). */
  body?: (list: [string, Buffer][]) => [string, Buffer][];
  /** Changes the manifest once its sizes, checksums and counts are set. */
  manifest?: (manifest: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Writes the entries back with a manifest whose sizes, checksums and row counts match the table parts (the
 * files' list is left as it was), and, for format 2, an index announcing every entry but the manifest.
 */
export async function writeEntries(file: string, entries: Entries, options: WriteOptions = {}): Promise<void> {
  const pack = tar.pack();
  const { head, manifest } = frame(entries, options);
  for (const [name, data] of head) pack.entry({ name }, data);
  pack.entry({ name: MANIFEST }, manifest);
  pack.finalize();
  await pipeline(pack as unknown as Readable, createGzip(), createWriteStream(file));
}

const INDEX = 'index.json';
const MANIFEST = 'manifest.json';

/** What goes before the manifest (the index, if any, and the body), and the manifest. */
function frame(entries: Entries, options: WriteOptions): { head: [string, Buffer][]; manifest: Buffer } {
  const version = options.version ?? 2;
  const manifest = JSON.parse((entries.get(MANIFEST) as Buffer).toString('utf8'));
  let rowCount = 0;
  for (const table of manifest.tables) {
    table.rows = 0;
    for (const part of table.parts) {
      const data = entries.get(part.path) as Buffer;
      Object.assign(part, { size: data.length, sha256: sha(data) });
      table.rows += data.toString('utf8').split('\n').filter(Boolean).length;
    }
    rowCount += table.rows;
  }
  manifest.rowCount = rowCount;
  manifest.formatVersion = version;
  const body = [...entries].filter(([name]) => name !== INDEX && name !== MANIFEST);
  const head = options.body ? options.body(body) : body;
  if (version === 2) {
    const listed = body.map(([path, data]) => ({ path, size: data.length }));
    const index = { format: manifest.format, formatVersion: 2, entries: options.announce?.(listed) ?? listed };
    head.unshift([INDEX, Buffer.from(JSON.stringify(index))]);
  }
  return { head, manifest: Buffer.from(JSON.stringify(options.manifest?.(manifest) ?? manifest)) };
}

/** The raw tar bytes of these entries, without the end-of-archive blocks (so that more can follow). */
async function tarBytes(list: [string, Buffer][], end = false): Promise<Buffer> {
  const pack = tar.pack();
  const collected = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of pack as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  })();
  for (const [name, data] of list) pack.entry({ name, mtime: new Date(0) }, data);
  pack.finalize();
  const all = await collected;
  return end ? all : all.subarray(0, all.length - 1024);
}

/** The 512-byte tar header of an entry of this name and size. */
async function tarHeader(name: string, size: number): Promise<Buffer> {
  const header = tar.pack();
  const chunks: Buffer[] = [];
  header.entry({ name, size, mtime: new Date(0) });
  const out = new PassThrough();
  header.pipe(out);
  out.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve) => setImmediate(resolve));
  return Buffer.concat(chunks).subarray(0, 512);
}

const MIB = 1024 * 1024;

/**
 * A format 2 archive of these entries (announced as they are) with `count` entries of `bytes` zeros more just
 * before the manifest, which the index does not announce: plausible names, sizes within the per-entry bound,
 * and gzip's best case (the same member of 1 MiB of zeros again and again), so 1 GiB costs about 1 MB.
 */
export async function unannouncedZeros(
  file: string,
  entries: Entries,
  zeros: { name: (i: number) => string; bytes: number; count: number },
  /** 1: the same in the older layout, where only the manifest (read last) says they do not belong. */
  version: 1 | 2 = 2,
): Promise<void> {
  if (zeros.bytes % MIB !== 0) throw new Error('whole MiB only');
  const { head, manifest } = frame(entries, { version });
  const members = [gzipSync(await tarBytes(head))];
  const mib = gzipSync(Buffer.alloc(MIB), { level: 9 });
  for (let i = 0; i < zeros.count; i += 1) {
    members.push(gzipSync(await tarHeader(zeros.name(i), zeros.bytes)));
    for (let m = 0; m < zeros.bytes / MIB; m += 1) members.push(mib);
  }
  members.push(gzipSync(await tarBytes([[MANIFEST, manifest]], true)));
  await writeFile(file, Buffer.concat(members));
}

type Row = Record<string, unknown>;

/** The name of the first part of `table` among the entries. */
const firstPart = (entries: Entries, table: string) =>
  [...entries.keys()].find((k) => k.startsWith(`db/${table}/`)) as string;

/** The rows of the first part of `table`. */
export function tableRows(entries: Entries, table: string): Row[] {
  return (entries.get(firstPart(entries, table)) as Buffer)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
}

/** The entries with the first part of `table` replaced by what `edit` makes of its rows. */
export function editRows(entries: Entries, table: string, edit: (rows: Row[]) => Row[]): Entries {
  const copy = new Map(entries);
  const rows = edit(tableRows(entries, table));
  copy.set(firstPart(entries, table), Buffer.from(rows.map((r) => `${JSON.stringify(r)}\n`).join('')));
  return copy;
}

/** Replaces the users' rows by what `edit` makes of them. */
export function editUsers(entries: Entries, edit: (rows: Row[]) => Row[]): Entries {
  return editRows(entries, 'users', edit);
}

/**
 * A small archive whose one entry expands to `bytes` zeros: the tar header, then the same gzip member of
 * 1 MiB of zeros again and again (gzip readers join members), so a 2 GiB entry costs about 2 MB on disk.
 */
export async function expansionBomb(file: string, name: string, bytes: number): Promise<void> {
  const header = tar.pack();
  const chunks: Buffer[] = [];
  header.entry({ name, size: bytes });
  const out = new PassThrough();
  header.pipe(out);
  out.on('data', (c: Buffer) => chunks.push(c));
  await new Promise((resolve) => setImmediate(resolve));
  const mib = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  const parts = [gzipSync(Buffer.concat(chunks).subarray(0, 512))];
  for (let i = 0; i < bytes / (1024 * 1024); i += 1) parts.push(mib);
  parts.push(gzipSync(Buffer.alloc(1024)));
  await writeFile(file, Buffer.concat(parts));
}
