import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/* The settings table: one JSON value per key (SEO settings, system configuration, backup schedule...). */

/** A settings row's JSON value, parsed (undefined when there is none or it is not JSON). */
export async function readSetting(db: Kysely<DB> | Transaction<DB>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores a settings row's JSON value (the row is created the first time). */
export async function writeSetting(trx: Transaction<DB>, key: string, value: unknown): Promise<void> {
  const now = new Date().toISOString();
  const updated = await trx
    .updateTable('settings')
    .set({ value: JSON.stringify(value), updated_at: now })
    .where('key', '=', key)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value), updated_at: now })
      .execute();
  }
}
