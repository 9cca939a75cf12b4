import type { AnyDb } from './helpers';

/*
 * Search and share fields for projects, as posts have them: the title and description search engines and
 * link previews show, and the image a shared link shows (the project's own image when empty).
 * Expand-only: nullable columns, which the previous release neither reads nor writes. Frozen once released.
 */

const COLUMNS = [
  ['seo_title', 'varchar(300)'],
  ['seo_description', 'varchar(1000)'],
  ['share_image_url', 'varchar(500)'],
] as const;

export async function up(db: AnyDb): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const [name, type] of COLUMNS) await db.schema.alterTable('portfolio_projects').addColumn(name, type).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('portfolio_projects').dropColumn(name).execute();
  }
}
