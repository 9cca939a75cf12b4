import { TIMESTAMP, dialectOf, type AnyDb } from './helpers';

/*
 * Scheduled publishing (ADR 0040): an unpublished post or project with a `publish_at` (ISO 8601 UTC) is
 * scheduled; the publishing job makes it published at that time and clears the column. Expand-only: one
 * nullable column per table, which the previous release neither reads nor writes (to it a scheduled item
 * is a draft). The index serves the job's "due" query. Frozen once released.
 */

export async function up(db: AnyDb): Promise<void> {
  for (const table of ['blog_posts', 'portfolio_projects']) {
    await db.schema.alterTable(table).addColumn('publish_at', TIMESTAMP).execute();
    await db.schema.createIndex(`${table}_publish_at_idx`).on(table).column('publish_at').execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['blog_posts', 'portfolio_projects']) {
    const dropIndex = db.schema.dropIndex(`${table}_publish_at_idx`);
    await (dialectOf(db) === 'mysql' ? dropIndex.on(table) : dropIndex).execute();
    await db.schema.alterTable(table).dropColumn('publish_at').execute();
  }
}
