import type { Kysely, Updateable } from 'kysely';
import type { DB, UserAppSettingsTable } from '../../db/schema';

export type AppSettingsValues = Required<
  Pick<
    Updateable<UserAppSettingsTable>,
    'theme_mode' | 'font_size' | 'notification_position' | 'time_format' | 'reduced_motion'
  >
>;

export async function findAppSettings(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('user_app_settings')
    .select(['theme_mode', 'font_size', 'notification_position', 'time_format', 'reduced_motion'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Insert or update the user's one row; the unique user_id makes a concurrent first save rerun (writeTransaction). */
export async function saveAppSettings(
  db: Kysely<DB>,
  userId: number,
  values: AppSettingsValues,
  now: string,
): Promise<void> {
  const updated = await db
    .updateTable('user_app_settings')
    .set({ ...values, updated_at: now })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  if (await findAppSettings(db, userId)) return; // MySQL counts only changed rows: the same values were saved again
  await db
    .insertInto('user_app_settings')
    .values({ user_id: userId, ...values, updated_at: now })
    .execute();
}
