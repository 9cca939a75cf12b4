import { dialectOf, type AnyDb } from './helpers';

/*
 * Indexes that keep the blog's reads the same cost at 100,000 posts as at 100 (ADR 0035). Expand-only:
 * new indexes, nothing dropped or changed, so the previous release runs against this schema unchanged.
 * - (published, id) on posts and projects: the sitemap's counts, where each child starts and its keyset
 *   pages, read from the index alone.
 * - (published, updated_at) on posts: the newest change of a published post (the blog's lastmod).
 * - (published, date, id) on posts: the public lists' order with its tie-break, which PostgreSQL's
 *   (published, date) cannot give (SQLite and InnoDB end every index with the row id; PostgreSQL does not).
 * - (date, id) on posts: the staff list's default order over drafts and published posts alike.
 * Frozen once released.
 */

const INDEXES: Array<[table: string, name: string, columns: string[]]> = [
  ['blog_posts', 'blog_posts_published_id_idx', ['published', 'id']],
  ['blog_posts', 'blog_posts_published_updated_at_idx', ['published', 'updated_at']],
  ['blog_posts', 'blog_posts_published_date_id_idx', ['published', 'date', 'id']],
  ['blog_posts', 'blog_posts_date_id_idx', ['date', 'id']],
  ['portfolio_projects', 'portfolio_projects_published_id_idx', ['published', 'id']],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [table, name, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table, name] of [...INDEXES].reverse()) {
    const drop = db.schema.dropIndex(name);
    await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
  }
}
