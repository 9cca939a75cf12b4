import { TIMESTAMP, withId, type AnyDb } from './helpers';

/*
 * Two-factor sign-in (ADR 0042). `user_totp`: one authenticator per user, its secret encrypted with a key
 * derived from the site key, confirmed once a code from it was entered, and the last time step used (a
 * code is never accepted twice). `user_recovery_codes`: single-use codes, stored hashed.
 * `login_challenges`: the short-lived, single-use token of a sign-in between the password and the second
 * step (or the enrolment a policy requires), stored hashed. Expand-only: three new tables.
 * Frozen once released.
 */

export async function up(db: AnyDb): Promise<void> {
  const userFk = (table: string) =>
    [`${table}_user_id_fk`, ['user_id'], 'users', ['id']] as [string, string[], string, string[]];

  await withId(db, db.schema.createTable('user_totp'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('secret', 'varchar(512)', (c) => c.notNull())
    .addColumn('confirmed_at', TIMESTAMP)
    .addColumn('last_time_step', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...userFk('user_totp'), (c) => c.onDelete('cascade'))
    .execute();

  await withId(db, db.schema.createTable('user_recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('used_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...userFk('user_recovery_codes'), (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('user_recovery_codes_user_id_idx').on('user_recovery_codes').column('user_id').execute();

  await withId(db, db.schema.createTable('login_challenges'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('used_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...userFk('login_challenges'), (c) => c.onDelete('cascade'))
    .execute();
  await db.schema.createIndex('login_challenges_user_id_idx').on('login_challenges').column('user_id').execute();
  await db.schema.createIndex('login_challenges_expires_at_idx').on('login_challenges').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['login_challenges', 'user_recovery_codes', 'user_totp']) {
    await db.schema.dropTable(table).execute();
  }
}
