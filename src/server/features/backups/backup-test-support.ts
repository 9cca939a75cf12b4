import { createHash } from 'node:crypto';
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
