import type { AnyDb } from './helpers';

/*
 * Versions for the company profile and the settings rows (ADR 0041): the company profile and the SEO
 * settings (the settings row 'seo') keep revisions and refuse a save made on a stale copy, as the other
 * items edited in a form do. Expand-only: a column with a default, which the previous release neither reads
 * nor writes. Frozen once released.
 */

const TABLES = ['company_profile', 'settings'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
