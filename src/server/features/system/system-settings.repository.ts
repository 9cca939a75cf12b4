import type { Kysely } from 'kysely';
import {
  defaultSystemSettings,
  systemSettingsSchema,
  type SystemSettings,
} from '../../../shared/contracts/system-settings';
import { SYSTEM_SETTINGS_KEY } from '../../../shared/contracts/system-settings.values';
import type { DB } from '../../db/schema';
import { readSetting, writeSetting } from '../../db/settings.repository';
import { writeTransaction } from '../../db/write-conflicts';

/* System Configuration's row of the settings table (ADR 0019): its JSON value and who saved it last. */

/** The stored settings over the defaults: a key missing or unreadable in the row reads as its default. */
export async function readSystemSettings(db: Kysely<DB>): Promise<SystemSettings> {
  const stored = systemSettingsSchema.partial().safeParse(await readSetting(db, SYSTEM_SETTINGS_KEY));
  return { ...defaultSystemSettings, ...(stored.success ? stored.data : {}) };
}

/** Stores the settings and the staff member who saved them, together. */
export async function saveSystemSettings(db: Kysely<DB>, next: SystemSettings, userId: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await writeSetting(trx, SYSTEM_SETTINGS_KEY, next);
    await trx.updateTable('settings').set({ updated_by: userId }).where('key', '=', SYSTEM_SETTINGS_KEY).execute();
  });
}
