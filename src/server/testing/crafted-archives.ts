import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import tar from 'tar-stream';

/*
 * Tests and the fault bench only: archives made hostile on purpose from a real backup (rows edited, entries
 * added, with a manifest that matches them) and an expansion bomb.
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

/** Writes the entries back with a manifest whose sizes, checksums and counts match them. */
export async function writeEntries(file: string, entries: Entries): Promise<void> {
  const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8'));
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
  const pack = tar.pack();
  for (const [name, data] of entries) if (name !== 'manifest.json') pack.entry({ name }, data);
  pack.entry({ name: 'manifest.json' }, Buffer.from(JSON.stringify(manifest)));
  pack.finalize();
  await pipeline(pack as unknown as Readable, createGzip(), createWriteStream(file));
}

/** Replaces the users' rows by what `edit` makes of them. */
export function editUsers(
  entries: Entries,
  edit: (rows: Record<string, unknown>[]) => Record<string, unknown>[],
): Entries {
  const copy = new Map(entries);
  const name = [...copy.keys()].find((k) => k.startsWith('db/users/')) as string;
  const rows = (copy.get(name) as Buffer)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  copy.set(
    name,
    Buffer.from(
      edit(rows)
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(''),
    ),
  );
  return copy;
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
