import { TIMESTAMP, longText, withId, type AnyDb } from './helpers';

/*
 * The whole data model of the specification. Frozen once released: later changes are new migrations.
 * Conventions (ADR 0003): booleans are smallint 0/1, timestamps ISO-8601 UTC text, dates YYYY-MM-DD text,
 * lists are child tables (never JSON text), indexed text columns are varchar.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('company_profile'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('founder', 'varchar(200)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)', (c) => c.notNull())
    .addColumn('whatsapp', 'varchar(50)', (c) => c.notNull())
    .addColumn('value_proposition', 'varchar(500)', (c) => c.notNull())
    .addColumn('tagline', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', longText(db), (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('company_core_services'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('social_links'))
    .addColumn('platform', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('viewer'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('email_verified', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('last_login_at', TIMESTAMP)
    .execute();
  await db.schema.createIndex('users_role_status_idx').on('users').columns(['role', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['users', 'social_links', 'company_core_services', 'company_profile']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
