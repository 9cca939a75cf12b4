import { sql } from 'kysely';
import { TIMESTAMP, withId, type AnyDb } from './helpers';

/*
 * Leads (ADR 0013): each staff member's e-mail preferences, what a notification is about and
 * where it links, and the mail outbox's lease so that with several instances one row is sent by one.
 * Frozen once released. Portability: added columns are nullable or have a default, so every database
 * can add them to a table that already holds rows; nothing added here is indexed, so SQLite can drop
 * them again on the way down.
 */

const NOTIFICATION_KINDS = ['contact', 'comment', 'system'];

function oneOf(column: string, values: readonly string[]) {
  const list = values.map((v) => `'${v}'`).join(', ');
  return sql`${sql.ref(column)} in (${sql.raw(list)})`;
}

function flagCheck(column: string) {
  return sql`${sql.ref(column)} in (0, 1)`;
}

export async function up(db: AnyDb): Promise<void> {
  // A missing row means the defaults: every notification is also mailed.
  await withId(db, db.schema.createTable('user_email_preferences'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('new_contact', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('new_comment', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('user_email_preferences_user_id_key', ['user_id'])
    .addForeignKeyConstraint('user_email_preferences_user_id_fk', ['user_id'], 'users', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .addCheckConstraint('user_email_preferences_new_contact_check', flagCheck('new_contact'))
    .addCheckConstraint('user_email_preferences_new_comment_check', flagCheck('new_comment'))
    .execute();

  await db.schema
    .alterTable('notifications')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('system').check(oneOf('kind', NOTIFICATION_KINDS)))
    .execute();
  // An admin path such as /admin/contacts?contact=12.
  await db.schema.alterTable('notifications').addColumn('link', 'varchar(500)').execute();

  // Who is sending a row ('sending') and until when; past lease_until another instance may take it over.
  await db.schema.alterTable('mail_outbox').addColumn('lease_owner', 'varchar(64)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('lease_until', TIMESTAMP).execute();
  // What the mail is (e.g. contact-staff, contact-visitor, comment-staff, password-reset), for the log and support.
  await db.schema.alterTable('mail_outbox').addColumn('kind', 'varchar(40)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('kind').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('lease_until').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('lease_owner').execute();
  await db.schema.alterTable('notifications').dropColumn('link').execute();
  await db.schema.alterTable('notifications').dropColumn('kind').execute();
  await db.schema.dropTable('user_email_preferences').execute();
}
