import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { UploadRow } from './uploads.repository';

/* The uploads table as the portfolio upload endpoints read it: an upload named by file name, and the portfolio category's totals. */

export function findUploadByFilename(db: Kysely<DB>, filename: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('filename', '=', filename).executeTakeFirst();
}

/** An upload whose stored name has this stem (a resized copy's name, e.g. {stem}.webp, names its original). */
export function findUploadByStem(db: Kysely<DB>, stem: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('filename', 'like', `${stem}.%`).orderBy('id').executeTakeFirst();
}

/** How many files the category holds, and their bytes. */
export async function categoryTotals(db: Kysely<DB>, category: string): Promise<{ files: number; totalSize: number }> {
  const row = await db
    .selectFrom('uploads')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('size').as('bytes')])
    .where('category', '=', category)
    .executeTakeFirstOrThrow();
  return { files: Number(row.n), totalSize: Number(row.bytes ?? 0) };
}
