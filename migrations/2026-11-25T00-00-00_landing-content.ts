import { sql } from 'kysely';
import { TIMESTAMP, withId, type AnyDb } from './helpers';

/*
 * Landing content: the technology stack's columns ("Frontend", "Backend", "DevOps and Cloud") of
 * technology names, ordered and hideable like the other landing content, and the hero's background video
 * and poster on the company profile. Frozen once released. Portability: constraint and index names carry
 * the table name; the added columns are nullable and unindexed, so SQLite can drop them on the way down.
 */

function flagCheck(column: string) {
  return sql`${sql.ref(column)} in (0, 1)`;
}

export async function up(db: AnyDb): Promise<void> {
  // A site path or https address; null: no video (the hero keeps its gradient).
  await db.schema.alterTable('company_profile').addColumn('hero_video_url', 'varchar(500)').execute();
  await db.schema.alterTable('company_profile').addColumn('hero_poster_url', 'varchar(500)').execute();

  await withId(db, db.schema.createTable('tech_stack_groups'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('active', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addCheckConstraint('tech_stack_groups_active_check', flagCheck('active'))
    .execute();
  await db.schema
    .createIndex('tech_stack_groups_active_sort_order_idx')
    .on('tech_stack_groups')
    .columns(['active', 'sort_order'])
    .execute();

  await withId(db, db.schema.createTable('tech_stack_items'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint('tech_stack_items_group_id_fk', ['group_id'], 'tech_stack_groups', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('tech_stack_items_group_id_position_idx')
    .on('tech_stack_items')
    .columns(['group_id', 'position'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('tech_stack_items').execute();
  await db.schema.dropTable('tech_stack_groups').execute();
  await db.schema.alterTable('company_profile').dropColumn('hero_poster_url').execute();
  await db.schema.alterTable('company_profile').dropColumn('hero_video_url').execute();
}
