import { sql } from 'kysely';
import { TIMESTAMP, withId, type AnyDb } from './helpers';

/*
 * Each staff member's App settings: theme, font size, where notifications appear, 12- or
 * 24-hour time and reduced motion. One row per user, removed with the user; no row means the defaults.
 * Frozen once released.
 */

function oneOf(column: string, values: readonly string[]) {
  const list = values.map((v) => `'${v}'`).join(', ');
  return sql`${sql.ref(column)} in (${sql.raw(list)})`;
}

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('user_app_settings'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('theme_mode', 'varchar(10)', (c) => c.notNull().defaultTo('light'))
    .addColumn('font_size', 'varchar(10)', (c) => c.notNull().defaultTo('medium'))
    .addColumn('notification_position', 'varchar(20)', (c) => c.notNull().defaultTo('top-right'))
    .addColumn('time_format', 'varchar(5)', (c) => c.notNull().defaultTo('12h'))
    .addColumn('reduced_motion', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('user_app_settings_user_id_key', ['user_id'])
    .addForeignKeyConstraint('user_app_settings_user_id_fk', ['user_id'], 'users', ['id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('user_app_settings_theme_mode_check', oneOf('theme_mode', ['light', 'dark', 'auto']))
    .addCheckConstraint('user_app_settings_font_size_check', oneOf('font_size', ['small', 'medium', 'large']))
    .addCheckConstraint(
      'user_app_settings_notification_position_check',
      oneOf('notification_position', ['top-left', 'top-right', 'bottom-left', 'bottom-right']),
    )
    .addCheckConstraint('user_app_settings_time_format_check', oneOf('time_format', ['12h', '24h']))
    .addCheckConstraint('user_app_settings_reduced_motion_check', sql`${sql.ref('reduced_motion')} in (0, 1)`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_app_settings').execute();
}
