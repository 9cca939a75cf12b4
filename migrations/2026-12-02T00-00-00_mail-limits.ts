import { TIMESTAMP, withId, type AnyDb } from './helpers';

/*
 * Mail that cannot be used as a relay (ADR 0033). `mail_limits`: one counter per limited thing (the
 * normalised recipient of visitor confirmations, the client address that asks for them, the whole site,
 * an account's password-reset mails, the staff's single contact mails) over a fixed window, taken by one
 * conditional UPDATE. `staff_digest_items`: contacts whose staff mail waits for the next digest. Both are
 * bookkeeping, emptied by a restore. Expand-only: two new tables. Frozen once released.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('mail_limits')
    .addColumn('scope', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(64)', (c) => c.notNull())
    .addColumn('window_start', TIMESTAMP, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_limits_pkey', ['scope', 'subject'])
    .execute();
  await db.schema.createIndex('mail_limits_window_start_idx').on('mail_limits').column('window_start').execute();

  await withId(db, db.schema.createTable('staff_digest_items'))
    .addColumn('contact_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint('staff_digest_items_contact_id_fk', ['contact_id'], 'contacts', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('staff_digest_items_contact_id_idx')
    .on('staff_digest_items')
    .column('contact_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('staff_digest_items').execute();
  await db.schema.dropTable('mail_limits').execute();
}
