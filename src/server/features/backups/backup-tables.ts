import type { DB } from '../../db/schema';

/*
 * Which tables a backup holds, and in which order (ADR 0018). Rows are written and restored in this order,
 * parents before the tables that refer to them, and deleted in the reverse order. A test checks that every
 * table of the database is named in exactly one of the four lists, so a new table cannot be forgotten.
 */

export interface BackedUpTable {
  name: keyof DB & string;
  /** The primary key: rows are read in pages ordered by it. */
  key: readonly string[];
  /**
   * Columns the database computes itself (PostgreSQL's search_vector and search_rank of blog_posts, set by a trigger,
   * ADR 0021): left out of the archive, which must restore into any database, and computed again when the
   * rows are restored.
   */
  computed?: readonly string[];
}

const byId = (name: keyof DB & string): BackedUpTable => ({ name, key: ['id'] });

export const BACKED_UP_TABLES: readonly BackedUpTable[] = [
  byId('users'),
  byId('user_email_preferences'),
  byId('user_app_settings'),
  byId('company_profile'),
  byId('company_core_services'),
  byId('social_links'),
  byId('services'),
  byId('team_members'),
  byId('team_member_skills'),
  byId('testimonials'),
  byId('pricing_packages'),
  byId('package_features'),
  byId('internships'),
  byId('internship_skills'),
  byId('internship_requirements'),
  byId('tech_stack_groups'),
  byId('tech_stack_items'),
  byId('blog_categories'),
  byId('blog_tags'),
  { name: 'blog_posts', key: ['id'], computed: ['search_vector', 'search_rank'] },
  { name: 'blog_post_tags', key: ['post_id', 'tag_id'] },
  byId('blog_post_keywords'),
  byId('blog_comments'),
  byId('blog_post_likes'),
  byId('blog_post_views'),
  byId('uploads'),
  byId('upload_variants'),
  byId('portfolio_projects'),
  byId('project_technologies'),
  byId('project_gallery_images'),
  byId('project_team_members'),
  byId('project_testimonials'),
  byId('project_likes'),
  byId('contacts'),
  byId('contact_notes'),
  byId('contact_responses'),
  byId('certificates'),
  byId('analytics_page_views'),
  byId('analytics_events'),
  { name: 'analytics_salts', key: ['day'] },
  { name: 'analytics_daily', key: ['day'] },
  { name: 'analytics_daily_pages', key: ['day', 'page_url'] },
  { name: 'analytics_daily_referrers', key: ['day', 'source'] },
  byId('activity_log'),
  byId('settings'),
  byId('notifications'),
  byId('newsletter_subscribers'),
  byId('mail_outbox'),
  byId('newsletter_sends'),
  byId('redirects'),
  byId('user_totp'),
  byId('user_recovery_codes'),
  byId('revisions'),
  byId('autosaves'),
  byId('webauthn_credentials'),
];

/**
 * Sign-in state is not backed up and is emptied by a restore: a restored site starts with everybody signed
 * out, and no old session, reset link or lockout comes back with it.
 */
export const EMPTIED_ON_RESTORE: readonly (keyof DB & string)[] = [
  'auth_sessions',
  'password_reset_tokens',
  'email_verification_tokens',
  'login_attempts',
  'login_challenges',
  'webauthn_challenges',
  // Mail limits and digest bookkeeping (ADR 0033): counters of this installation's recent sends.
  'mail_limits',
  'staff_digest_items',
];

/**
 * SQLite's full-text index of blog posts (ADR 0021): the FTS5 table and its shadow tables. Never dumped:
 * the triggers on blog_posts keep it in step with every row a restore deletes and inserts. (PostgreSQL's
 * and MySQL's search indexes are indexes, not tables.)
 */
export const SEARCH_INDEX_TABLES: readonly string[] = [
  'blog_posts_fts',
  'blog_posts_fts_config',
  'blog_posts_fts_data',
  'blog_posts_fts_docsize',
  'blog_posts_fts_idx',
];

/** This installation's own bookkeeping: the list of its backups and the scheduler's leases stay as they are. */
export const KEPT_ON_RESTORE: readonly (keyof DB & string)[] = ['backups', 'job_leases'];
