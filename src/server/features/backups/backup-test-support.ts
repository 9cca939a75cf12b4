import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { BACKED_UP_TABLES } from './backup-tables';
import { readTablePage } from './backups.repository';

/** Tests only: every backed-up table's rows, as sorted JSON lines. Equal digests mean equal rows. */
export async function tableDigests(db: Kysely<DB>): Promise<Record<string, { rows: number; digest: string }>> {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of BACKED_UP_TABLES) {
    const rows = await readTablePage(db, table.name, table.key, null, 1_000_000, table.computed);
    const lines = rows
      .map((row) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))),
      )
      .sort();
    out[table.name] = { rows: rows.length, digest: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return out;
}

/** Tests only: a completed manual backup's row, made `daysAgo` days (less `i` minutes) before `now`. */
export async function insertCompletedBackupRow(
  db: Kysely<DB>,
  filename: string,
  created: { now: number; daysAgo: number; i: number },
): Promise<void> {
  await db
    .insertInto('backups')
    .values({
      filename,
      type: 'manual',
      status: 'completed',
      size: 1,
      version: '0.1.0',
      created_at: new Date(created.now - created.daysAgo * 86_400_000 - created.i * 60_000).toISOString(),
      completed_at: new Date().toISOString(),
    })
    .execute();
}

/** A logger that says nothing. */
export const silent = { info: () => {}, error: () => {} };

/** Every file under the upload folder (dot folders aside) with its SHA-256. */
export async function uploadDigests(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const rel = path.relative(root, path.join(entry.parentPath, entry.name));
    if (rel.split(path.sep).some((s) => s.startsWith('.'))) continue;
    out[rel] = createHash('sha256')
      .update(await readFile(path.join(root, rel)))
      .digest('hex');
  }
  return out;
}

/** Files of every kind in the upload folder, one larger than the body limit. */
export async function addUploads(root: string): Promise<void> {
  await mkdir(path.join(root, 'files'), { recursive: true });
  await mkdir(path.join(root, 'thumbnails', '640w'), { recursive: true });
  await writeFile(path.join(root, 'files', 'a1b2c3.png'), Buffer.alloc(300_000, 7));
  await writeFile(path.join(root, 'files', 'd4e5f6.pdf'), '%PDF-1.4 a document');
  await writeFile(path.join(root, 'files', 'empty.gif'), '');
  await writeFile(path.join(root, 'thumbnails', '640w', 'a1b2c3.webp'), Buffer.from('webp bytes'));
  // Incompressible and larger than BODY_LIMIT: the import must stream, not buffer, the archive.
  await writeFile(path.join(root, 'files', 'f7a8b9.jpg'), randomBytes(1_500_000));
}

/** A fresh data folder of its own for one describe block. */
export const dataDirFor = (name: string) => mkdtempSync(path.join(tmpdir(), `backups-${name}-`));
