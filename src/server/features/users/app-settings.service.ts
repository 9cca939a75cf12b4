import type { Kysely } from 'kysely';
import { DEFAULT_APP_SETTINGS, type AppSettings } from '../../../shared/contracts/app-settings.values';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { findAppSettings, saveAppSettings } from './app-settings.repository';

/* Each staff member reads and changes their own App settings only; no row yet means the defaults. */

export async function getMyAppSettings(db: Kysely<DB>, userId: number): Promise<AppSettings> {
  const row = await findAppSettings(db, userId);
  if (!row) return DEFAULT_APP_SETTINGS;
  return {
    theme: { mode: row.theme_mode, fontSize: row.font_size },
    notifications: { position: row.notification_position },
    localization: { timeFormat: row.time_format },
    accessibility: { reducedMotion: Number(row.reduced_motion) === 1 },
  };
}

export async function saveMyAppSettings(db: Kysely<DB>, userId: number, settings: AppSettings): Promise<AppSettings> {
  const values = {
    theme_mode: settings.theme.mode,
    font_size: settings.theme.fontSize,
    notification_position: settings.notifications.position,
    time_format: settings.localization.timeFormat,
    reduced_motion: settings.accessibility.reducedMotion ? 1 : 0,
  };
  await writeTransaction(db, (trx) => saveAppSettings(trx, userId, values, new Date().toISOString()));
  return getMyAppSettings(db, userId);
}
