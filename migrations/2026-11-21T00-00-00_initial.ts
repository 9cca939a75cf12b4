import { sql, type ColumnDefinitionBuilder, type Expression } from 'kysely';
import { DATE, TIMESTAMP, longText, withId, type AnyDb } from './helpers';

/*
 * The whole data model of the specification. Frozen once released: later changes are new migrations.
 * Conventions (ADR 0003): booleans are smallint 0/1, timestamps ISO-8601 UTC text, dates YYYY-MM-DD text,
 * lists are child tables (never JSON text), indexed text columns are varchar.
 *
 * Portability notes (SQLite, PostgreSQL 15, MariaDB 10.11 / MySQL 8):
 * - foreign keys are table constraints: MySQL ignores inline column REFERENCES;
 * - index keys stay under 3072 bytes with utf8mb4 (4 bytes a character), so indexed URLs are varchar(500);
 * - constraint and index names carry the table name: PostgreSQL and SQLite need them unique per schema;
 * - helpers below are local to this file so that the frozen migration never changes under a shared helper.
 */

/** Every table created here, in creation order; `down` drops them in reverse. */
const initialTables = [
  'company_profile',
  'company_core_services',
  'social_links',
  'users',
  'auth_sessions',
  'password_reset_tokens',
  'email_verification_tokens',
  'login_attempts',
  'services',
  'team_members',
  'team_member_skills',
  'testimonials',
  'pricing_packages',
  'package_features',
  'internships',
  'internship_skills',
  'internship_requirements',
  'blog_categories',
  'blog_posts',
  'blog_tags',
  'blog_post_tags',
  'blog_post_keywords',
  'blog_comments',
  'blog_post_likes',
  'blog_post_views',
  'uploads',
  'upload_variants',
  'portfolio_projects',
  'project_technologies',
  'project_gallery_images',
  'project_team_members',
  'project_testimonials',
  'project_likes',
  'contacts',
  'contact_notes',
  'contact_responses',
  'certificates',
  'analytics_page_views',
  'analytics_events',
  'activity_log',
  'settings',
  'notifications',
  'backups',
  'newsletter_subscribers',
  'mail_outbox',
] as const;

function checkName(name: string): string {
  // PostgreSQL truncates identifiers at 63 characters, MySQL refuses more than 64.
  if (name.length > 63) throw new Error(`identifier too long: ${name}`);
  return name;
}

/** `column in ('a', 'b')` for a CHECK constraint; DDL takes no parameters, so the values are literals. */
function oneOf(column: string, values: readonly string[]): Expression<unknown> {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql`${sql.ref(column)} in (${sql.raw(list)})`;
}

function between(column: string, min: number, max: number): Expression<unknown> {
  return sql`${sql.ref(column)} between ${sql.raw(String(min))} and ${sql.raw(String(max))}`;
}

/** A 0/1 flag. */
function flag(defaultValue: 0 | 1, name: string) {
  return (c: ColumnDefinitionBuilder) =>
    c
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}

async function index(db: AnyDb, table: string, columns: string[], unique = false): Promise<void> {
  const name = checkName(`${table}_${columns.join('_')}_${unique ? 'key' : 'idx'}`);
  let builder = db.schema.createIndex(name).on(table).columns(columns);
  if (unique) builder = builder.unique();
  await builder.execute();
}

const CONTACT_STATUSES = [
  'new',
  'contacted',
  'qualified',
  'in_progress',
  'converted',
  'completed',
  'closed',
  'failed',
] as const;
const CONTACT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

export async function up(db: AnyDb): Promise<void> {
  const table = (name: string) => withId(db, db.schema.createTable(name));
  // The column list is typed never[] so that it fits every builder's column union.
  const fk = (tableName: string, column: string, target: string): [string, never[], string, string[]] => [
    checkName(`${tableName}_${column}_fk`),
    [column as never],
    target,
    ['id'],
  ];

  // ---------------------------------------------------------------- company (static profile)
  await table('company_profile')
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

  await table('company_core_services')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('social_links')
    .addColumn('platform', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // ---------------------------------------------------------------- users and authentication
  await table('users')
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
  await index(db, 'users', ['created_at']);

  // One row per issued refresh token; a rotation chain shares family_id so reuse can revoke the family.
  await table('auth_sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('revoked_at', TIMESTAMP)
    .addColumn('replaced_by_id', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('last_used_at', TIMESTAMP)
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('ip', 'varchar(64)')
    .addForeignKeyConstraint(...fk('auth_sessions', 'user_id', 'users'), (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint(...fk('auth_sessions', 'replaced_by_id', 'auth_sessions'), (c) => c.onDelete('set null'))
    .execute();
  await index(db, 'auth_sessions', ['user_id']);
  await index(db, 'auth_sessions', ['family_id']);
  await index(db, 'auth_sessions', ['expires_at']);
  await index(db, 'auth_sessions', ['replaced_by_id']);

  for (const name of ['password_reset_tokens', 'email_verification_tokens']) {
    await table(name)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
      .addColumn('used_at', TIMESTAMP)
      .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
      .addForeignKeyConstraint(...fk(name, 'user_id', 'users'), (c) => c.onDelete('cascade'))
      .execute();
    await index(db, name, ['user_id']);
    await index(db, name, ['expires_at']);
  }

  // Throttling of failed logins, keyed e.g. 'account:5' or 'ip:1.2.3.4'.
  await table('login_attempts')
    .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', TIMESTAMP)
    .addColumn('last_failure_at', TIMESTAMP)
    .execute();
  await index(db, 'login_attempts', ['last_failure_at']);

  // ---------------------------------------------------------------- landing-page content
  await table('services')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', longText(db), (c) => c.notNull())
    .addColumn('icon', 'varchar(100)')
    .addColumn('image_url', 'varchar(500)')
    .addColumn('background_url', 'varchar(500)')
    .addColumn('light', 'smallint', flag(0, 'light'))
    .addColumn('active', 'smallint', flag(1, 'active'))
    .addColumn('featured', 'smallint', flag(0, 'featured'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'services', ['active', 'sort_order']);
  await index(db, 'services', ['featured', 'sort_order']);

  await table('team_members')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'varchar(200)', (c) => c.notNull())
    .addColumn('bio', longText(db))
    .addColumn('image', 'varchar(500)')
    .addColumn('linkedin', 'varchar(500)')
    .addColumn('github', 'varchar(500)')
    .addColumn('twitter', 'varchar(500)')
    .addColumn('email', 'varchar(320)')
    .addColumn('active', 'smallint', flag(1, 'active'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'team_members', ['active', 'sort_order']);

  await table('team_member_skills')
    .addColumn('team_member_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint(...fk('team_member_skills', 'team_member_id', 'team_members'), (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await index(db, 'team_member_skills', ['team_member_id', 'position']);

  await table('testimonials')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'varchar(200)')
    .addColumn('company', 'varchar(200)')
    .addColumn('text', longText(db), (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull().defaultTo(5))
    .addColumn('image', 'varchar(500)')
    .addColumn('active', 'smallint', flag(1, 'active'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addCheckConstraint('testimonials_rating_check', between('rating', 1, 5))
    .execute();
  await index(db, 'testimonials', ['active', 'sort_order']);

  await table('pricing_packages')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', longText(db))
    .addColumn('price', 'varchar(100)') // text such as 'Starting at $999'; null means custom quote
    .addColumn('cta_text', 'varchar(100)', (c) => c.notNull().defaultTo('Get Started'))
    .addColumn('cta_url', 'varchar(500)', (c) => c.notNull().defaultTo('#get-quote'))
    .addColumn('active', 'smallint', flag(1, 'active'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'pricing_packages', ['active', 'sort_order']);

  await table('package_features')
    .addColumn('package_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint(...fk('package_features', 'package_id', 'pricing_packages'), (c) => c.onDelete('cascade'))
    .execute();
  await index(db, 'package_features', ['package_id', 'position']);

  await table('internships')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('duration', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', longText(db), (c) => c.notNull())
    .addColumn('hours_per_week', 'varchar(100)')
    .addColumn('active', 'smallint', flag(1, 'active'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'internships', ['active', 'sort_order']);

  for (const [name, column, width] of [
    ['internship_skills', 'name', 'varchar(100)'],
    ['internship_requirements', 'text', 'varchar(500)'],
  ] as const) {
    await table(name)
      .addColumn('internship_id', 'integer', (c) => c.notNull())
      .addColumn(column, width, (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addForeignKeyConstraint(...fk(name, 'internship_id', 'internships'), (c) => c.onDelete('cascade'))
      .execute();
    await index(db, name, ['internship_id', 'position']);
  }

  // ---------------------------------------------------------------- blog
  await table('blog_categories')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('color', 'varchar(20)', (c) => c.notNull().defaultTo('#3B82F6'))
    .addColumn('description', longText(db))
    .addColumn('icon', 'varchar(100)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'blog_categories', ['sort_order']);

  await table('blog_posts')
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('excerpt', 'varchar(1000)', (c) => c.notNull())
    .addColumn('content', longText(db), (c) => c.notNull())
    .addColumn('image_url', 'varchar(500)')
    .addColumn('category_id', 'integer')
    .addColumn('author', 'varchar(200)', (c) => c.notNull())
    .addColumn('date', DATE, (c) => c.notNull())
    .addColumn('read_time', 'integer', (c) => c.notNull().defaultTo(1)) // minutes
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'smallint', flag(0, 'featured'))
    .addColumn('published', 'smallint', flag(1, 'published'))
    .addColumn('seo_title', 'varchar(300)')
    .addColumn('seo_description', 'varchar(1000)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('blog_posts', 'category_id', 'blog_categories'), (c) => c.onDelete('set null'))
    .addCheckConstraint('blog_posts_counters_check', sql`${sql.ref('views')} >= 0 and ${sql.ref('likes')} >= 0`)
    .execute();
  // Public lists filter on published (plus category or featured) and sort by date; the admin sorts by more.
  await index(db, 'blog_posts', ['published', 'date']);
  await index(db, 'blog_posts', ['category_id', 'published', 'date']);
  await index(db, 'blog_posts', ['featured', 'published', 'date']);
  await index(db, 'blog_posts', ['created_at']);
  await index(db, 'blog_posts', ['views']);
  await index(db, 'blog_posts', ['likes']);
  await index(db, 'blog_posts', ['title']);
  await index(db, 'blog_posts', ['author']);
  await index(db, 'blog_posts', ['read_time']);
  await index(db, 'blog_posts', ['sort_order']);

  await table('blog_tags')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('slug', 'varchar(100)', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('blog_post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('blog_post_tags_pk', ['post_id', 'tag_id'])
    .addForeignKeyConstraint(...fk('blog_post_tags', 'post_id', 'blog_posts'), (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint(...fk('blog_post_tags', 'tag_id', 'blog_tags'), (c) => c.onDelete('cascade'))
    .execute();
  await index(db, 'blog_post_tags', ['tag_id']);

  await table('blog_post_keywords')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('keyword', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint(...fk('blog_post_keywords', 'post_id', 'blog_posts'), (c) => c.onDelete('cascade'))
    .execute();
  await index(db, 'blog_post_keywords', ['post_id', 'position']);

  await table('blog_comments')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('message', longText(db), (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('approved'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('blog_comments', 'post_id', 'blog_posts'), (c) => c.onDelete('cascade'))
    .addCheckConstraint('blog_comments_status_check', oneOf('status', ['pending', 'approved', 'spam']))
    .execute();
  await index(db, 'blog_comments', ['post_id', 'status', 'created_at']);
  await index(db, 'blog_comments', ['status', 'created_at']);

  // One like per visitor and post; one counted view per visitor, post and day.
  await table('blog_post_likes')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('visitor_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('blog_post_likes_post_visitor_key', ['post_id', 'visitor_key'])
    .addForeignKeyConstraint(...fk('blog_post_likes', 'post_id', 'blog_posts'), (c) => c.onDelete('cascade'))
    .execute();

  await table('blog_post_views')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('visitor_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('viewed_on', DATE, (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('blog_post_views_post_visitor_day_key', ['post_id', 'visitor_key', 'viewed_on'])
    .addForeignKeyConstraint(...fk('blog_post_views', 'post_id', 'blog_posts'), (c) => c.onDelete('cascade'))
    .execute();
  await index(db, 'blog_post_views', ['viewed_on']);

  // ---------------------------------------------------------------- uploads (before the gallery that refers to them)
  await table('uploads')
    .addColumn('filename', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo('general'))
    .addColumn('alt_text', 'varchar(500)')
    .addColumn('description', longText(db))
    .addColumn('uploaded_by', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('uploads', 'uploaded_by', 'users'), (c) => c.onDelete('set null'))
    .execute();
  await index(db, 'uploads', ['category', 'created_at']);
  await index(db, 'uploads', ['mime_type', 'created_at']);
  await index(db, 'uploads', ['created_at']);
  await index(db, 'uploads', ['original_name']);
  await index(db, 'uploads', ['size']);
  await index(db, 'uploads', ['uploaded_by']);

  await table('upload_variants')
    .addColumn('upload_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(20)', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addUniqueConstraint('upload_variants_upload_label_format_key', ['upload_id', 'label', 'format'])
    .addForeignKeyConstraint(...fk('upload_variants', 'upload_id', 'uploads'), (c) => c.onDelete('cascade'))
    .execute();

  // ---------------------------------------------------------------- portfolio
  await table('portfolio_projects')
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('short_description', 'varchar(1000)', (c) => c.notNull())
    .addColumn('description', longText(db))
    .addColumn('client', 'varchar(200)', (c) => c.notNull())
    .addColumn('industry', 'varchar(100)', (c) => c.notNull().defaultTo('Technology'))
    .addColumn('category', 'varchar(100)')
    .addColumn('results', longText(db))
    .addColumn('technical_specs', longText(db))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('progress'))
    .addColumn('image_url', 'varchar(500)')
    .addColumn('live_url', 'varchar(500)')
    .addColumn('case_study_url', 'varchar(500)')
    .addColumn('completion_date', DATE)
    .addColumn('featured', 'smallint', flag(0, 'featured'))
    .addColumn('colorful', 'smallint', flag(0, 'colorful'))
    .addColumn('published', 'smallint', flag(1, 'published'))
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addCheckConstraint('portfolio_projects_status_check', oneOf('status', ['progress', 'done']))
    .addCheckConstraint('portfolio_projects_likes_check', sql`${sql.ref('likes')} >= 0`)
    .execute();
  await index(db, 'portfolio_projects', ['published', 'created_at']);
  await index(db, 'portfolio_projects', ['featured', 'published', 'created_at']);
  await index(db, 'portfolio_projects', ['industry', 'published']);
  await index(db, 'portfolio_projects', ['category', 'published']);
  await index(db, 'portfolio_projects', ['status', 'published']);
  await index(db, 'portfolio_projects', ['created_at']);
  await index(db, 'portfolio_projects', ['title']);
  await index(db, 'portfolio_projects', ['client']);
  await index(db, 'portfolio_projects', ['completion_date']);
  await index(db, 'portfolio_projects', ['sort_order']);

  await table('project_technologies')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint(...fk('project_technologies', 'project_id', 'portfolio_projects'), (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await index(db, 'project_technologies', ['project_id', 'position']);
  await index(db, 'project_technologies', ['name', 'project_id']);

  await table('project_gallery_images')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upload_id', 'integer')
    .addForeignKeyConstraint(...fk('project_gallery_images', 'project_id', 'portfolio_projects'), (c) =>
      c.onDelete('cascade'),
    )
    .addForeignKeyConstraint(...fk('project_gallery_images', 'upload_id', 'uploads'), (c) => c.onDelete('set null'))
    .execute();
  await index(db, 'project_gallery_images', ['project_id', 'position']);
  await index(db, 'project_gallery_images', ['upload_id']);
  await index(db, 'project_gallery_images', ['url']);

  await table('project_team_members')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(200)')
    .addColumn('bio', longText(db))
    .addColumn('image', 'varchar(500)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint(...fk('project_team_members', 'project_id', 'portfolio_projects'), (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await index(db, 'project_team_members', ['project_id', 'position']);

  // `position` is the person's job title here (as in testimonials); list order is sort_order.
  await table('project_testimonials')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'varchar(200)')
    .addColumn('company', 'varchar(200)')
    .addColumn('text', longText(db), (c) => c.notNull())
    .addColumn('rating', 'smallint', (c) => c.notNull().defaultTo(5))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addForeignKeyConstraint(...fk('project_testimonials', 'project_id', 'portfolio_projects'), (c) =>
      c.onDelete('cascade'),
    )
    .addCheckConstraint('project_testimonials_rating_check', between('rating', 1, 5))
    .execute();
  await index(db, 'project_testimonials', ['project_id', 'sort_order']);

  await table('project_likes')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('visitor_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addUniqueConstraint('project_likes_project_visitor_key', ['project_id', 'visitor_key'])
    .addForeignKeyConstraint(...fk('project_likes', 'project_id', 'portfolio_projects'), (c) => c.onDelete('cascade'))
    .execute();

  // ---------------------------------------------------------------- contacts
  await table('contacts')
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)')
    .addColumn('service', 'varchar(200)')
    .addColumn('message', longText(db), (c) => c.notNull())
    .addColumn('source', 'varchar(40)', (c) => c.notNull().defaultTo('website'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
    .addColumn('priority', 'varchar(10)', (c) => c.notNull().defaultTo('medium'))
    .addColumn('error_message', longText(db))
    .addColumn('assigned_to', 'integer')
    .addColumn('read_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('contacts', 'assigned_to', 'users'), (c) => c.onDelete('set null'))
    .addCheckConstraint('contacts_status_check', oneOf('status', CONTACT_STATUSES))
    .addCheckConstraint('contacts_priority_check', oneOf('priority', CONTACT_PRIORITIES))
    .execute();
  await index(db, 'contacts', ['status', 'created_at']);
  await index(db, 'contacts', ['priority', 'created_at']);
  await index(db, 'contacts', ['created_at']);
  await index(db, 'contacts', ['email']);
  await index(db, 'contacts', ['assigned_to']);
  await index(db, 'contacts', ['read_at']);

  await table('contact_notes')
    .addColumn('contact_id', 'integer', (c) => c.notNull())
    .addColumn('text', longText(db), (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('contact_notes', 'contact_id', 'contacts'), (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint(...fk('contact_notes', 'author_id', 'users'), (c) => c.onDelete('set null'))
    .execute();
  await index(db, 'contact_notes', ['contact_id', 'created_at']);
  await index(db, 'contact_notes', ['author_id']);

  await table('contact_responses')
    .addColumn('contact_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(20)', (c) => c.notNull().defaultTo('email'))
    .addColumn('subject', 'varchar(300)')
    .addColumn('body', longText(db), (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('contact_responses', 'contact_id', 'contacts'), (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint(...fk('contact_responses', 'author_id', 'users'), (c) => c.onDelete('set null'))
    .execute();
  await index(db, 'contact_responses', ['contact_id', 'created_at']);
  await index(db, 'contact_responses', ['author_id']);

  // ---------------------------------------------------------------- certificates
  // A null expiry_date means "never expires"; the legacy 0000-00-00 placeholder cannot be stored
  // (it sorts before any issue date, so the check below refuses it).
  await table('certificates')
    .addColumn('certificate_number', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('recipient_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('recipient_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('issue_date', DATE, (c) => c.notNull())
    .addColumn('expiry_date', DATE)
    .addColumn('course_name', 'varchar(300)')
    .addColumn('duration', 'varchar(100)')
    .addColumn('description', longText(db))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addCheckConstraint('certificates_recipient_type_check', oneOf('recipient_type', ['intern', 'employee', 'client']))
    .addCheckConstraint('certificates_status_check', oneOf('status', ['active', 'expired', 'revoked']))
    .addCheckConstraint(
      'certificates_expiry_check',
      sql`${sql.ref('expiry_date')} is null or ${sql.ref('expiry_date')} >= ${sql.ref('issue_date')}`,
    )
    .execute();
  await index(db, 'certificates', ['status', 'issue_date']);
  await index(db, 'certificates', ['recipient_name']);
  await index(db, 'certificates', ['issue_date']);
  await index(db, 'certificates', ['created_at']);

  // ---------------------------------------------------------------- analytics and activity
  // is_sample marks generated demo traffic so that it can be told apart and removed.
  await table('analytics_page_views')
    .addColumn('page_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('page_title', 'varchar(300)')
    .addColumn('referrer', 'varchar(1000)')
    .addColumn('referrer_source', 'varchar(50)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('session_id', 'varchar(64)')
    .addColumn('is_sample', 'smallint', flag(0, 'is_sample'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'analytics_page_views', ['created_at']);
  await index(db, 'analytics_page_views', ['page_url', 'created_at']);
  await index(db, 'analytics_page_views', ['session_id', 'created_at']);
  await index(db, 'analytics_page_views', ['referrer_source', 'created_at']);
  await index(db, 'analytics_page_views', ['is_sample']);

  await table('analytics_events')
    .addColumn('event_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('event_category', 'varchar(100)')
    .addColumn('event_action', 'varchar(100)')
    .addColumn('event_label', 'varchar(300)')
    .addColumn('event_value', 'double precision')
    .addColumn('page_url', 'varchar(500)')
    .addColumn('user_agent', 'varchar(500)')
    .addColumn('session_id', 'varchar(64)')
    .addColumn('custom_data', longText(db)) // free-form JSON from the client, never queried by field
    .addColumn('is_sample', 'smallint', flag(0, 'is_sample'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'analytics_events', ['created_at']);
  await index(db, 'analytics_events', ['event_category', 'event_action', 'created_at']);
  await index(db, 'analytics_events', ['event_type', 'created_at']);
  await index(db, 'analytics_events', ['page_url', 'created_at']);
  await index(db, 'analytics_events', ['session_id', 'created_at']);
  await index(db, 'analytics_events', ['is_sample']);

  await table('activity_log')
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('action', 'varchar(200)', (c) => c.notNull())
    .addColumn('item', 'varchar(300)')
    .addColumn('user_id', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('activity_log', 'user_id', 'users'), (c) => c.onDelete('set null'))
    .execute();
  await index(db, 'activity_log', ['created_at']);
  await index(db, 'activity_log', ['type', 'created_at']);
  await index(db, 'activity_log', ['user_id']);

  // ---------------------------------------------------------------- settings, notifications, backups, mail
  await table('settings')
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('value', longText(db), (c) => c.notNull()) // JSON
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addForeignKeyConstraint(...fk('settings', 'updated_by', 'users'), (c) => c.onDelete('set null'))
    .execute();

  // user_id null: addressed to every staff member.
  await table('notifications')
    .addColumn('user_id', 'integer')
    .addColumn('type', 'varchar(10)', (c) => c.notNull().defaultTo('info'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', longText(db), (c) => c.notNull())
    .addColumn('data', longText(db)) // JSON
    .addColumn('read_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addForeignKeyConstraint(...fk('notifications', 'user_id', 'users'), (c) => c.onDelete('cascade'))
    .addCheckConstraint('notifications_type_check', oneOf('type', ['success', 'error', 'warning', 'info']))
    .execute();
  await index(db, 'notifications', ['user_id', 'created_at']);
  await index(db, 'notifications', ['read_at']);
  await index(db, 'notifications', ['created_at']);

  await table('backups')
    .addColumn('filename', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'varchar(20)', (c) => c.notNull().defaultTo('1.0'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('error', longText(db))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('completed_at', TIMESTAMP)
    .addForeignKeyConstraint(...fk('backups', 'created_by', 'users'), (c) => c.onDelete('set null'))
    .addCheckConstraint('backups_type_check', oneOf('type', ['manual', 'auto', 'imported']))
    .addCheckConstraint('backups_status_check', oneOf('status', ['pending', 'running', 'completed', 'failed']))
    .execute();
  await index(db, 'backups', ['created_at']);
  await index(db, 'backups', ['type', 'created_at']);
  await index(db, 'backups', ['status']);
  await index(db, 'backups', ['created_by']);

  await table('newsletter_subscribers')
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('subscribed'))
    .addColumn('source', 'varchar(40)', (c) => c.notNull().defaultTo('blog'))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('unsubscribed_at', TIMESTAMP)
    .addCheckConstraint('newsletter_subscribers_status_check', oneOf('status', ['subscribed', 'unsubscribed']))
    .execute();
  await index(db, 'newsletter_subscribers', ['status', 'created_at']);
  await index(db, 'newsletter_subscribers', ['created_at']);

  // Outgoing mail: written first, sent (and retried) by a worker that claims rows by status.
  await table('mail_outbox')
    .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('text_body', longText(db), (c) => c.notNull())
    .addColumn('html_body', longText(db))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', longText(db))
    .addColumn('next_attempt_at', TIMESTAMP)
    .addColumn('contact_id', 'integer')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('sent_at', TIMESTAMP)
    .addForeignKeyConstraint(...fk('mail_outbox', 'contact_id', 'contacts'), (c) => c.onDelete('set null'))
    .addCheckConstraint('mail_outbox_status_check', oneOf('status', ['pending', 'sending', 'sent', 'failed']))
    .execute();
  await index(db, 'mail_outbox', ['status', 'next_attempt_at']);
  await index(db, 'mail_outbox', ['created_at']);
  await index(db, 'mail_outbox', ['contact_id']);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [...initialTables].reverse()) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
