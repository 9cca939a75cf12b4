import { TIMESTAMP, withId, type AnyDb } from './helpers';

/*
 * Passkeys (ADR 0043). `webauthn_credentials`: a staff member's passkeys, each its credential id and COSE
 * public key as base64url text, the signature counter, the transports the browser reported (JSON text),
 * the name the staff member gave it, and when it was last used. `webauthn_challenges`: the short-lived,
 * single-use challenges of a registration or a sign-in, stored hashed (never in one instance's memory: the
 * instances share the database). Expand-only: two new tables. Frozen once released.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('webauthn_credentials'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('credential_id', 'varchar(700)', (c) => c.notNull().unique())
    .addColumn('public_key', 'varchar(2048)', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(255)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('last_used_at', TIMESTAMP)
    .addForeignKeyConstraint('webauthn_credentials_user_id_fk', ['user_id'], 'users', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webauthn_credentials_user_id_idx')
    .on('webauthn_credentials')
    .column('user_id')
    .execute();

  await withId(db, db.schema.createTable('webauthn_challenges'))
    .addColumn('challenge_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('used_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint('webauthn_challenges_user_id_fk', ['user_id'], 'users', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires_at_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['webauthn_challenges', 'webauthn_credentials']) {
    await db.schema.dropTable(table).execute();
  }
}
