import { TIMESTAMP, longText, withId, type AnyDb } from './helpers';

/*
 * Revisions and autosave (ADR 0041). Every item staff edit in a form (a blog post, a portfolio project, a
 * landing-content item) gets a `version` that each save increments, so that a save made on a stale copy can
 * be refused. `revisions` keeps the saved states of an item (its content fields as JSON, who saved it, when,
 * which fields changed); `autosaves` keeps one unsaved draft per user and item (item_id 0: a new item).
 * Expand-only: two new tables and columns with a default. Frozen once released.
 */

export const VERSIONED_TABLES = [
  'blog_posts',
  'portfolio_projects',
  'services',
  'team_members',
  'testimonials',
  'pricing_packages',
  'internships',
  'tech_stack_groups',
] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }

  await withId(db, db.schema.createTable('revisions'))
    .addColumn('item_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('snapshot', longText(db), (c) => c.notNull())
    .addColumn('changed_fields', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('author_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint('revisions_author_fk', ['author_id'], 'users', ['id'], (c) => c.onDelete('set null'))
    .execute();
  await db.schema.createIndex('revisions_item_idx').on('revisions').columns(['item_type', 'item_id', 'id']).execute();

  await withId(db, db.schema.createTable('autosaves'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('item_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('data', longText(db), (c) => c.notNull())
    .addColumn('base_version', 'integer')
    .addColumn('saved_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint('autosaves_user_fk', ['user_id'], 'users', ['id'], (c) => c.onDelete('cascade'))
    .addUniqueConstraint('autosaves_user_item_key', ['user_id', 'item_type', 'item_id'])
    .execute();
  // Drafts of an item are found (and removed with it) by the item; the unique key serves the user's own.
  await db.schema.createIndex('autosaves_item_idx').on('autosaves').columns(['item_type', 'item_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('autosaves').execute();
  await db.schema.dropTable('revisions').execute();
  for (const table of [...VERSIONED_TABLES].reverse()) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
