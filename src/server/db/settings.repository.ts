import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';
import { forUpdate, mentionsAny } from './query-helpers';
import { isUniqueViolation } from './write-conflicts';

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

/** A settings row's value as stored (undefined when there is none). */
export async function readSettingText(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/**
 * Compare-and-swap of a settings row's value: replaced only if it still holds `expected` (`undefined`: only
 * if there is no row yet). False when another writer got there first. Each database re-reads the row it
 * locks before updating, so two instances swapping at once cannot both succeed from the same value.
 */
export async function swapSettingText(
  db: Kysely<DB>,
  key: string,
  expected: string | undefined,
  value: string,
): Promise<boolean> {
  const now = new Date().toISOString();
  if (expected === undefined) {
    try {
      await db.insertInto('settings').values({ key, value, updated_at: now }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
  const updated = await db
    .updateTable('settings')
    .set({ value, updated_at: now })
    .where('key', '=', key)
    .where('value', '=', expected)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The settings row holding `key`, locked until the transaction ends; undefined when there is none. */
export async function lockSettingRow(trx: Transaction<DB>, key: string) {
  return forUpdate(
    trx,
    trx.selectFrom('settings').select(['id', 'updated_at']).where('key', '=', key),
  ).executeTakeFirst();
}

/** The id of the settings row holding `key`; undefined when there is none. */
export async function settingRowId(db: Kysely<DB>, key: string): Promise<number | undefined> {
  const row = await db.selectFrom('settings').select('id').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/**
 * The settings' values, which may name uploads (the media library's "where used", a port of the uploads
 * feature); with `stems`, only those mentioning one of them.
 */
export async function settingUploadReferences(db: Kysely<DB>, stems: readonly string[] | null) {
  let settings = db.selectFrom('settings').select(['key', 'value']);
  if (stems) settings = settings.where(mentionsAny(stems, ['value']));
  return (await settings.execute()).map((s) => ({
    kind: 'setting' as const,
    label: `Setting ${s.key}`,
    admin_path: '/admin/settings',
    texts: [s.value],
  }));
}
