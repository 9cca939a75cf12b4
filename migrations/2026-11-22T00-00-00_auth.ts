import { sql } from 'kysely';
import { TIMESTAMP, dialectOf, longText, withId, type AnyDb } from './helpers';

/*
 * Authentication (ADR 0006): without SMTP_URL a mail is written to the log and kept in the outbox with
 * status 'logged', so the status check gains that value. SQLite cannot alter a CHECK constraint: the
 * table is rebuilt there with the same columns, constraints and index.
 */

const BEFORE = ['pending', 'sending', 'sent', 'failed'];
const AFTER = [...BEFORE, 'logged'];

function statusCheck(values: readonly string[]) {
  const list = values.map((v) => `'${v}'`).join(', ');
  return sql`${sql.ref('status')} in (${sql.raw(list)})`;
}

async function rebuildSqliteOutbox(db: AnyDb, values: readonly string[]): Promise<void> {
  await withId(db, db.schema.createTable('mail_outbox_rebuild'))
    .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('text_body', longText(db), (c) => c.notNull())
    .addColumn('html_body', longText(db))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', longText(db))
    .addColumn('next_attempt_at', TIMESTAMP)
    .addColumn('contact_id', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('sent_at', TIMESTAMP)
    .addForeignKeyConstraint('mail_outbox_contact_id_fk', ['contact_id'], 'contacts', ['id'], (c) =>
      c.onDelete('set null'),
    )
    .addCheckConstraint('mail_outbox_status_check', statusCheck(values))
    .execute();
  await sql`insert into mail_outbox_rebuild select * from mail_outbox`.execute(db);
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.alterTable('mail_outbox_rebuild').renameTo('mail_outbox').execute();
  await db.schema
    .createIndex('mail_outbox_status_next_attempt_at_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

async function setStatusCheck(db: AnyDb, values: readonly string[]): Promise<void> {
  if (dialectOf(db) === 'sqlite') return rebuildSqliteOutbox(db, values);
  // PostgreSQL, MariaDB 10.2+ and MySQL 8.0.19+ all accept DROP CONSTRAINT for a named CHECK.
  await sql`alter table mail_outbox drop constraint mail_outbox_status_check`.execute(db);
  await db.schema
    .alterTable('mail_outbox')
    .addCheckConstraint('mail_outbox_status_check', statusCheck(values))
    .execute();
}

export async function up(db: AnyDb): Promise<void> {
  await setStatusCheck(db, AFTER);
}

export async function down(db: AnyDb): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent' }).where('status', '=', 'logged').execute();
  await setStatusCheck(db, BEFORE);
}
