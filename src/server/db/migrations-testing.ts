import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database';

/** Every migration in order; written out, not read from migrations/index.ts, so that a missing or reordered one fails. */
const MIGRATION_NAMES = [
  '2026-11-21T00-00-00_initial',
  '2026-11-22T00-00-00_auth',
  '2026-11-23T00-00-00_leads',
  '2026-11-24T00-00-00_certificates',
  '2026-11-25T00-00-00_landing-content',
  '2026-11-26T00-00-00_analytics-collection',
  '2026-11-27T00-00-00_analytics-rollups',
  '2026-11-28T00-00-00_backups',
  '2026-11-29T00-00-00_fulltext-search',
  '2026-11-30T00-00-00_user-app-settings',
  '2026-12-01T00-00-00_content-scale-indexes',
  '2026-12-02T00-00-00_mail-limits',
  '2026-12-05T00-00-00_redirects',
  '2026-12-06T00-00-00_scheduled-publishing',
  '2026-12-07T00-00-00_revisions',
  '2026-12-08T00-00-00_two-factor',
  '2026-12-09T00-00-00_passkeys',
  '2026-12-10T00-00-00_profile-versions',
  '2026-12-11T00-00-00_lead-follow-ups',
  '2026-12-12T00-00-00_newsletter-sending',
  '2026-12-13T00-00-00_comment-moderation',
  '2026-12-14T00-00-00_project-seo',
];

/**
 * What the migrator reports for a run from `first` to `last`, both included, in that order (up when `first`
 * is the older, down when it is the newer): each migration's name with 'Success'.
 */
export function successes(first: string, last: string): Array<[string, string]> {
  const from = MIGRATION_NAMES.indexOf(first);
  const to = MIGRATION_NAMES.indexOf(last);
  if (from < 0 || to < 0) throw new Error(`not a migration: ${from < 0 ? first : last}`);
  const run = MIGRATION_NAMES.slice(Math.min(from, to), Math.max(from, to) + 1);
  return (from <= to ? run : run.reverse()).map((name) => [name, 'Success']);
}

/** Every table of the data model; written out here, not read from the migration, so that a dropped table fails. */
export const expectedTables = [
  'activity_log',
  'analytics_daily',
  'analytics_daily_pages',
  'analytics_daily_referrers',
  'analytics_events',
  'analytics_page_views',
  'analytics_salts',
  'autosaves',
  'auth_sessions',
  'backups',
  'blog_categories',
  'blog_comments',
  'blog_post_keywords',
  'blog_post_likes',
  'blog_post_tags',
  'blog_post_views',
  'blog_posts',
  'blog_tags',
  'certificates',
  'company_core_services',
  'company_profile',
  'contact_notes',
  'contact_responses',
  'contacts',
  'email_verification_tokens',
  'internship_requirements',
  'internship_skills',
  'internships',
  'job_leases',
  'login_attempts',
  'login_challenges',
  'mail_limits',
  'mail_outbox',
  'newsletter_sends',
  'newsletter_subscribers',
  'notifications',
  'package_features',
  'password_reset_tokens',
  'portfolio_projects',
  'pricing_packages',
  'project_gallery_images',
  'project_likes',
  'project_team_members',
  'project_technologies',
  'project_testimonials',
  'redirects',
  'revisions',
  'services',
  'settings',
  'social_links',
  'staff_digest_items',
  'team_member_skills',
  'team_members',
  'tech_stack_groups',
  'tech_stack_items',
  'testimonials',
  'user_recovery_codes',
  'user_totp',
  'upload_variants',
  'uploads',
  'user_app_settings',
  'user_email_preferences',
  'users',
  'webauthn_challenges',
  'webauthn_credentials',
].sort();

/**
 * Documented filters and sorts (blog, portfolio, contacts, certificates, uploads, analytics, ...):
 * each must be the leading column of some index (or of a unique key) so that lists never scan.
 */
export const indexedColumns: Array<[table: string, column: string]> = [
  ['blog_posts', 'slug'],
  ['blog_posts', 'category_id'],
  ['blog_posts', 'featured'],
  ['blog_posts', 'published'],
  ['blog_posts', 'created_at'],
  ['blog_posts', 'views'],
  ['blog_posts', 'likes'],
  ['blog_posts', 'title'],
  ['blog_posts', 'author'],
  ['blog_categories', 'slug'],
  ['blog_tags', 'slug'],
  ['blog_post_tags', 'tag_id'],
  ['blog_comments', 'post_id'],
  ['portfolio_projects', 'slug'],
  ['portfolio_projects', 'industry'],
  ['portfolio_projects', 'category'],
  ['portfolio_projects', 'featured'],
  ['portfolio_projects', 'published'],
  ['portfolio_projects', 'status'],
  ['portfolio_projects', 'created_at'],
  ['portfolio_projects', 'title'],
  ['portfolio_projects', 'client'],
  ['project_technologies', 'name'],
  ['project_technologies', 'project_id'],
  ['project_gallery_images', 'project_id'],
  ['contacts', 'status'],
  ['contacts', 'priority'],
  ['contacts', 'created_at'],
  ['certificates', 'certificate_number'],
  ['certificates', 'status'],
  ['uploads', 'filename'],
  ['uploads', 'category'],
  ['uploads', 'mime_type'],
  ['uploads', 'created_at'],
  ['analytics_page_views', 'created_at'],
  ['analytics_page_views', 'page_url'],
  ['analytics_events', 'created_at'],
  ['analytics_events', 'event_category'],
  ['activity_log', 'created_at'],
  ['auth_sessions', 'token_hash'],
  ['auth_sessions', 'family_id'],
  ['auth_sessions', 'user_id'],
  ['password_reset_tokens', 'token_hash'],
  ['email_verification_tokens', 'token_hash'],
  ['login_attempts', 'key'],
  ['settings', 'key'],
  ['notifications', 'user_id'],
  ['backups', 'created_at'],
  ['newsletter_subscribers', 'email'],
  // The subscriber list's status filters (ADR 0046): pending and subscribed lead with status (then
  // confirmed_at), unsubscribed with status, bounced with bounced_at; newest first by created_at.
  ['newsletter_subscribers', 'status'],
  ['newsletter_subscribers', 'bounced_at'],
  ['newsletter_subscribers', 'created_at'],
  ['mail_outbox', 'status'],
  ['user_email_preferences', 'user_id'],
  ['user_app_settings', 'user_id'],
  ['blog_posts', 'publish_at'],
  ['portfolio_projects', 'publish_at'],
  ['user_totp', 'user_id'],
  ['user_recovery_codes', 'code_hash'],
  ['login_challenges', 'token_hash'],
  ['webauthn_credentials', 'credential_id'],
  ['webauthn_credentials', 'user_id'],
  ['webauthn_challenges', 'challenge_hash'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function leadingIndexColumns(db: Kysely<any>, dialect: DialectName): Promise<Set<string>> {
  let rows: Array<{ table_name: string; column_name: string }>;
  if (dialect === 'sqlite') {
    const result = await sql<{ table_name: string; column_name: string }>`
      select m.name as table_name, ii.name as column_name
      from sqlite_master m
      join pragma_index_list(m.name) il
      join pragma_index_info(il.name) ii
      where m.type = 'table' and ii.seqno = 0`.execute(db);
    rows = result.rows;
  } else if (dialect === 'postgres') {
    const result = await sql<{ table_name: string; column_name: string }>`
      select t.relname as table_name, a.attname as column_name
      from pg_index ix
      join pg_class t on t.oid = ix.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute a on a.attrelid = t.oid and a.attnum = ix.indkey[0]
      where n.nspname = 'public'`.execute(db);
    rows = result.rows;
  } else {
    const result = await sql<{ table_name: string; column_name: string }>`
      select table_name as table_name, column_name as column_name
      from information_schema.statistics
      where table_schema = database() and seq_in_index = 1`.execute(db);
    rows = result.rows;
  }
  return new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
}

/** Ids of the posts the full-text index finds for one word, through each database's own operator. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fullTextMatches(db: Kysely<any>, dialect: DialectName, word: string): Promise<number[]> {
  const query =
    dialect === 'sqlite'
      ? sql<{ id: number }>`select rowid as id from blog_posts_fts where blog_posts_fts match ${word}`
      : dialect === 'postgres'
        ? sql<{ id: number }>`select id from blog_posts where search_vector @@ to_tsquery('simple', ${word})`
        : sql<{ id: number }>`select id from blog_posts
            where match(title, excerpt, content) against (${word} in boolean mode)`;
  return (await query.execute(db)).rows.map((r) => Number(r.id));
}

/** SQLite's FTS5 table of blog posts and its shadow tables: an index, checked by its own test. */
const SEARCH_INDEX_TABLE = /^blog_posts_fts(_\w+)?$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function tableNames(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((t) => !t.isView && !SEARCH_INDEX_TABLE.test(t.name))
    .map((t) => t.name)
    .sort();
}
