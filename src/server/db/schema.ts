import type { Generated } from 'kysely';

/*
 * Table types for Kysely. Conventions (ADR 0003): booleans are 0/1 numbers, timestamps ISO-8601 UTC
 * strings, dates YYYY-MM-DD strings. Keep in step with migrations/.
 */

// ---------------------------------------------------------------- company

export interface CompanyProfileTable {
  id: Generated<number>;
  name: string;
  founder: string;
  location: string;
  email: string;
  phone: string;
  whatsapp: string;
  value_proposition: string;
  tagline: string;
  description: string;
  /** The hero's looping background video and its poster image; null: none. */
  hero_video_url: string | null;
  hero_poster_url: string | null;
  updated_at: string;
  /** Incremented by every save (ADR 0041). */
  version: Generated<number>;
}

export interface CompanyCoreServicesTable {
  id: Generated<number>;
  name: string;
  sort_order: Generated<number>;
}

export interface SocialLinksTable {
  id: Generated<number>;
  platform: string;
  title: string;
  url: string;
  sort_order: Generated<number>;
}

// ---------------------------------------------------------------- users and authentication

export type UserRole = 'admin' | 'editor' | 'viewer';
export type UserStatus = 'active' | 'disabled';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  role: UserRole;
  status: UserStatus;
  email_verified: Generated<number>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

/** One issued refresh token; rotation creates a new row in the same family and links it by replaced_by_id. */
export interface AuthSessionsTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by_id: number | null;
  created_at: string;
  last_used_at: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type PasswordResetTokensTable = UserTokensTable;
export type EmailVerificationTokensTable = UserTokensTable;

/** A user's authenticator (ADR 0042): the secret encrypted with a key derived from the site key. */
export interface UserTotpTable {
  id: Generated<number>;
  user_id: number;
  secret: string;
  /** Set once a code from the authenticator was entered: until then it is a set-up in progress. */
  confirmed_at: string | null;
  /** The time step of the last code accepted: that one and earlier ones are refused. */
  last_time_step: number | null;
  created_at: string;
}

export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A sign-in between its password and its second step: 'totp' or 'enrol' (ADR 0042). */
export interface LoginChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A staff member's passkey (ADR 0043): the credential id and COSE public key as base64url text. */
export interface WebauthnCredentialsTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter at the last use (0 for authenticators that keep none). */
  counter: Generated<number>;
  /** JSON text: the transports the browser reported at registration, e.g. ["internal","hybrid"]. */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A registration's or a passkey sign-in's challenge (ADR 0043), stored hashed, single use. */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge_hash: string;
  /** The staff member registering a passkey; null for a sign-in (whose user the passkey names). */
  user_id: number | null;
  /** 'register' or 'authenticate'. */
  purpose: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Failed-login throttling; key is e.g. 'account:5' or 'ip:1.2.3.4'. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  key: string;
  failures: Generated<number>;
  locked_until: string | null;
  last_failure_at: string | null;
}

// ---------------------------------------------------------------- landing-page content

export interface ServicesTable {
  id: Generated<number>;
  title: string;
  text: string;
  /** lucide-react icon name, e.g. 'Code'. */
  icon: string | null;
  image_url: string | null;
  background_url: string | null;
  light: Generated<number>;
  active: Generated<number>;
  featured: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface TeamMembersTable {
  id: Generated<number>;
  name: string;
  position: string;
  bio: string | null;
  image: string | null;
  linkedin: string | null;
  github: string | null;
  twitter: string | null;
  email: string | null;
  active: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface TeamMemberSkillsTable {
  id: Generated<number>;
  team_member_id: number;
  name: string;
  position: Generated<number>;
}

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  position: string | null;
  company: string | null;
  text: string;
  /** 1 to 5 (checked by the database). */
  rating: Generated<number>;
  image: string | null;
  active: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface PricingPackagesTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  /** Display text such as 'Starting at $999'; null means a custom quote. */
  price: string | null;
  cta_text: Generated<string>;
  cta_url: Generated<string>;
  active: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface PackageFeaturesTable {
  id: Generated<number>;
  package_id: number;
  text: string;
  position: Generated<number>;
}

export interface InternshipsTable {
  id: Generated<number>;
  title: string;
  duration: string;
  level: string;
  description: string;
  hours_per_week: string | null;
  active: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface InternshipSkillsTable {
  id: Generated<number>;
  internship_id: number;
  name: string;
  position: Generated<number>;
}

export interface InternshipRequirementsTable {
  id: Generated<number>;
  internship_id: number;
  text: string;
  position: Generated<number>;
}

export interface TechStackGroupsTable {
  id: Generated<number>;
  title: string;
  active: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface TechStackItemsTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  position: Generated<number>;
}

// ---------------------------------------------------------------- blog

export interface BlogCategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  /** Hex colour, e.g. '#3B82F6'. */
  color: Generated<string>;
  description: string | null;
  icon: string | null;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitised HTML. */
  content: string;
  image_url: string | null;
  category_id: number | null;
  author: string;
  date: string;
  /** Minutes; shown as 'N min read'. */
  read_time: Generated<number>;
  views: Generated<number>;
  likes: Generated<number>;
  featured: Generated<number>;
  published: Generated<number>;
  seo_title: string | null;
  seo_description: string | null;
  sort_order: Generated<number>;
  published_at: string | null;
  /** Set on a scheduled post (unpublished until then): ISO 8601 UTC (ADR 0040). */
  publish_at: string | null;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface BlogTagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
}

export interface BlogPostTagsTable {
  post_id: number;
  tag_id: number;
  position: Generated<number>;
}

export interface BlogPostKeywordsTable {
  id: Generated<number>;
  post_id: number;
  keyword: string;
  position: Generated<number>;
}

export type CommentStatus = 'pending' | 'approved' | 'spam';

export interface BlogCommentsTable {
  id: Generated<number>;
  post_id: number;
  name: string;
  /** Never shown publicly. */
  email: string;
  message: string;
  status: Generated<CommentStatus>;
  /** Why it was held or taken for spam, in words staff read; null when it went live at once. */
  review_reason: string | null;
  created_at: string;
}

export interface BlogPostLikesTable {
  id: Generated<number>;
  post_id: number;
  visitor_key: string;
  created_at: string;
}

export interface BlogPostViewsTable {
  id: Generated<number>;
  post_id: number;
  visitor_key: string;
  viewed_on: string;
  created_at: string;
}

// ---------------------------------------------------------------- uploads

export interface UploadsTable {
  id: Generated<number>;
  /** Generated stored name, unique. */
  filename: string;
  original_name: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  category: Generated<string>;
  alt_text: string | null;
  description: string | null;
  uploaded_by: number | null;
  created_at: string;
}

export interface UploadVariantsTable {
  id: Generated<number>;
  upload_id: number;
  /** e.g. '640w' or 'thumb'. */
  label: string;
  format: string;
  filename: string;
  width: number;
  height: number;
  size: number;
}

// ---------------------------------------------------------------- portfolio

export type ProjectStatus = 'progress' | 'done';

export interface PortfolioProjectsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  short_description: string;
  description: string | null;
  client: string;
  industry: Generated<string>;
  category: string | null;
  results: string | null;
  technical_specs: string | null;
  status: Generated<ProjectStatus>;
  image_url: string | null;
  live_url: string | null;
  case_study_url: string | null;
  completion_date: string | null;
  featured: Generated<number>;
  colorful: Generated<number>;
  published: Generated<number>;
  /** Set on a scheduled project (unpublished until then): ISO 8601 UTC (ADR 0040). */
  publish_at: string | null;
  /** What search engines and link previews show; empty: the title and short description. */
  seo_title: string | null;
  seo_description: string | null;
  /** The image a shared link shows; empty: `image_url`. */
  share_image_url: string | null;
  likes: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Incremented by every save; a save sent with an older one is refused (ADR 0041). */
  version: Generated<number>;
}

export interface ProjectTechnologiesTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  position: Generated<number>;
}

export interface ProjectGalleryImagesTable {
  id: Generated<number>;
  project_id: number;
  url: string;
  title: string | null;
  position: Generated<number>;
  upload_id: number | null;
}

export interface ProjectTeamMembersTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  role: string | null;
  bio: string | null;
  image: string | null;
  position: Generated<number>;
}

export interface ProjectTestimonialsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** Job title (as in testimonials); the list order is sort_order. */
  position: string | null;
  company: string | null;
  text: string;
  rating: Generated<number>;
  sort_order: Generated<number>;
}

export interface ProjectLikesTable {
  id: Generated<number>;
  project_id: number;
  visitor_key: string;
  created_at: string;
}

// ---------------------------------------------------------------- contacts

export type ContactStatus =
  'new' | 'contacted' | 'qualified' | 'in_progress' | 'converted' | 'completed' | 'closed' | 'failed';
export type ContactPriority = 'low' | 'medium' | 'high' | 'urgent';

export interface ContactsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  /** 'website' or 'website_fallback'. */
  source: Generated<string>;
  status: Generated<ContactStatus>;
  priority: Generated<ContactPriority>;
  error_message: string | null;
  assigned_to: number | null;
  read_at: string | null;
  /** The day (YYYY-MM-DD, the site's time zone) staff mean to follow the lead up; null: no reminder. */
  follow_up_on: string | null;
  /** When the reminder for `follow_up_on` went out; cleared when the day changes. */
  follow_up_reminded_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactNotesTable {
  id: Generated<number>;
  contact_id: number;
  text: string;
  author_id: number | null;
  created_at: string;
}

export interface ContactResponsesTable {
  id: Generated<number>;
  contact_id: number;
  /** e.g. 'email', 'phone', 'whatsapp'. */
  channel: Generated<string>;
  subject: string | null;
  body: string;
  author_id: number | null;
  created_at: string;
}

// ---------------------------------------------------------------- certificates

export type RecipientType = 'intern' | 'employee' | 'client';
export type CertificateStatus = 'active' | 'expired' | 'revoked';

export interface CertificatesTable {
  id: Generated<number>;
  /** e.g. SST-2025-12345. */
  certificate_number: string;
  recipient_name: string;
  recipient_type: RecipientType;
  issue_date: string;
  /** null means the certificate never expires. */
  expiry_date: string | null;
  course_name: string | null;
  duration: string | null;
  description: string | null;
  status: Generated<CertificateStatus>;
  /** When it was revoked (ISO time); null unless status is revoked. */
  revoked_at: string | null;
  /** Why it was revoked (staff only); null unless status is revoked. */
  revocation_reason: string | null;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------- analytics and activity

export interface AnalyticsPageViewsTable {
  id: Generated<number>;
  page_url: string;
  page_title: string | null;
  referrer: string | null;
  /** Classified referrer: Google, Direct, LinkedIn, Twitter, Facebook, Other. */
  referrer_source: string | null;
  user_agent: string | null;
  session_id: string | null;
  /** SHA-256 of the day's salt, the client address and the user agent; the address is never stored. */
  visitor_hash: string | null;
  /** 1 for generated demo traffic. */
  is_sample: Generated<number>;
  created_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  event_type: string;
  event_category: string | null;
  event_action: string | null;
  event_label: string | null;
  event_value: number | null;
  page_url: string | null;
  user_agent: string | null;
  session_id: string | null;
  /** JSON text from the client. */
  custom_data: string | null;
  /** As on page views. */
  visitor_hash: string | null;
  is_sample: Generated<number>;
  created_at: string;
}

/** One random salt per UTC day for the visitor hashes; deleted after a day (ADR 0016). */
export interface AnalyticsSaltsTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  salt: string;
  created_at: string;
}

/** Roll-up of one day (in the site's time zone) of page views and engagement events (ADR 0017). */
export interface AnalyticsDailyTable {
  /** YYYY-MM-DD in the site's time zone. */
  day: string;
  views: number;
  visitors: number;
  /** Visitors of the day who saw one page only. */
  bounces: number;
  /** Visitors who reported time on a page, and the seconds they reported. */
  engaged_visitors: number;
  engaged_seconds: number;
  sample_views: number;
  rolled_up_at: string;
}

export interface AnalyticsDailyPagesTable {
  day: string;
  page_url: string;
  views: number;
  visitors: number;
}

export interface AnalyticsDailyReferrersTable {
  day: string;
  /** Google, Direct, LinkedIn, Twitter, Facebook, Other (Internal is not a source). */
  source: string;
  visits: number;
}

/** The scheduler's lease per job: the instance holding an unexpired lease runs it. */
/** A counter of mails over a fixed window (ADR 0033). */
export interface MailLimitsTable {
  scope: string;
  /** What is counted within the scope: a hash of an address, an account id, 'site'. */
  subject: string;
  window_start: string;
  count: number;
}

/** A contact whose staff mail waits for the next digest (ADR 0033). */
export interface StaffDigestItemsTable {
  id: Generated<number>;
  contact_id: number;
  created_at: string;
}

export interface JobLeasesTable {
  name: string;
  owner: string | null;
  lease_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
}

export interface ActivityLogTable {
  id: Generated<number>;
  type: string;
  action: string;
  item: string | null;
  user_id: number | null;
  created_at: string;
}

// ---------------------------------------------------------------- settings, notifications, backups, mail

export interface SettingsTable {
  id: Generated<number>;
  key: string;
  /** JSON text. */
  value: string;
  updated_at: string;
  updated_by: number | null;
  /** Incremented by every save of a revisioned setting (the SEO settings, ADR 0041). */
  version: Generated<number>;
}

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotificationsTable {
  id: Generated<number>;
  /** null: for every staff member. */
  user_id: number | null;
  type: Generated<NotificationType>;
  title: string;
  message: string;
  /** What it is about: 'contact', 'comment' or 'system' (notificationKinds in the contract). */
  kind: Generated<NotificationKind>;
  /** Admin path it opens, e.g. /admin/contacts?contact=12. */
  link: string | null;
  /** JSON text. */
  data: string | null;
  read_at: string | null;
  created_at: string;
}

export type NotificationKind = 'contact' | 'comment' | 'system';

/** A staff member's e-mail preferences (0/1 flags); no row means both on. */
export interface UserEmailPreferencesTable {
  id: Generated<number>;
  user_id: number;
  new_contact: Generated<number>;
  new_comment: Generated<number>;
  /** The weekly analytics report; off by default. */
  weekly_report: Generated<number>;
  updated_at: string;
}

/** A staff member's App settings; no row: the defaults. */
export interface UserAppSettingsTable {
  id: Generated<number>;
  user_id: number;
  theme_mode: Generated<'light' | 'dark' | 'auto'>;
  font_size: Generated<'small' | 'medium' | 'large'>;
  notification_position: Generated<'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'>;
  time_format: Generated<'12h' | '24h'>;
  reduced_motion: Generated<number>;
  updated_at: string;
}

export type BackupType = 'manual' | 'auto' | 'imported';
export type BackupStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface BackupsTable {
  id: Generated<number>;
  filename: string;
  type: Generated<BackupType>;
  size: Generated<number>;
  version: Generated<string>;
  status: Generated<BackupStatus>;
  error: string | null;
  created_by: number | null;
  created_at: string;
  completed_at: string | null;
  /** Rows and uploaded files in the archive (ADR 0018). */
  row_count: Generated<number>;
  file_count: Generated<number>;
  /** SHA-256 of the archive file, hex. */
  sha256: string | null;
  /** When the archive was copied to the off-site bucket; null: not copied. */
  copied_at: string | null;
}

/**
 * What newsletter_subscribers.status holds: the previous release's two values only. This release's four
 * states (pending, subscribed, unsubscribed, bounced) are read from status, confirmed_at and bounced_at
 * (ADR 0046, features/newsletter/newsletter-states.ts).
 */
export type StoredSubscriberStatus = 'subscribed' | 'unsubscribed';

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  email: string;
  status: Generated<StoredSubscriberStatus>;
  source: Generated<string>;
  created_at: string;
  unsubscribed_at: string | null;
  /** When the address was confirmed (its link used); null: not confirmed, or unsubscribed since. */
  confirmed_at: string | null;
  /** When the mail server refused the address for good; set: never mailed again (status 'unsubscribed'). */
  bounced_at: string | null;
}

/** 'logged': no SMTP_URL was configured, the message went to the log only (ADR 0006). */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'logged';

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string | null;
  /** The contact this mail is about, so that a later success can clear its error_message. */
  contact_id: number | null;
  created_at: string;
  sent_at: string | null;
  /** The instance sending it while status is 'sending'; another may take it over once lease_until passed. */
  lease_owner: string | null;
  lease_until: string | null;
  /** What the mail is, e.g. 'contact-staff', 'contact-visitor', 'comment-staff', 'auth'. */
  kind: string | null;
  /** Extra mail headers as a JSON object of strings (List-Unsubscribe of newsletter mails, ADR 0046). */
  headers: string | null;
}

/** A post sent to the newsletter's subscribers (ADR 0046): once per post, released at a bounded rate. */
export interface NewsletterSendsTable {
  id: Generated<number>;
  /** Null once the post is deleted; unique: a post is sent once. */
  post_id: number | null;
  subject: string;
  /** The mail's text without the unsubscribe footer, frozen when the send started. */
  text_body: string;
  /** 'sending' until every mail is released and has an outcome, then 'done'. */
  status: Generated<'sending' | 'done'>;
  /** Confirmed subscribers when it started (corrected to those released once the last batch is out). */
  total: Generated<number>;
  queued: Generated<number>;
  sent: Generated<number>;
  failed: Generated<number>;
  /** Subscribers are released in id order: the last one released, and the highest there was at the start. */
  last_subscriber_id: Generated<number>;
  max_subscriber_id: Generated<number>;
  /** The next batch may not leave before this time (NEWSLETTER_RATE_PER_MINUTE). */
  next_release_at: string;
  created_by: number | null;
  created_at: string;
  finished_at: string | null;
}

// ---------------------------------------------------------------- redirects

/** An old public address answered with a 301 (ADR 0039). */
export interface RedirectsTable {
  id: Generated<number>;
  /** Normalised: one leading slash, no trailing slash, no query. Unique. */
  from_path: string;
  /** A site path (with an optional query) or an absolute http(s) URL. */
  target: string;
  /** 'automatic' (a published item's slug changed) or 'manual'. */
  kind: string;
  hits: Generated<number>;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
  created_by: number | null;
}

// ---------------------------------------------------------------- revisions and autosave (ADR 0041)

/** A saved state of an item staff edit in a form: its content fields as JSON. */
export interface RevisionsTable {
  id: Generated<number>;
  /** The item's table: 'blog_posts', 'portfolio_projects', or a landing-content table ('services'…). */
  item_type: string;
  item_id: number;
  /** The item's version this state was saved as. */
  version: number;
  /** 'created', 'saved', 'restored', or 'baseline' (the state found before the first revision was kept). */
  kind: string;
  /** JSON object of the item's content fields. */
  snapshot: string;
  /** JSON array of the field names that differ from the state before. */
  changed_fields: string;
  author_id: number | null;
  /** The author's username when saved (kept if the account goes). */
  author_name: string;
  /** The revision a restore brought back. */
  restored_from: number | null;
  created_at: string;
}

/** One user's unsaved draft of an item (item_id 0: a new item not saved yet). */
export interface AutosavesTable {
  id: Generated<number>;
  user_id: number;
  item_type: string;
  item_id: number;
  /** JSON object: the editor's form values. */
  data: string;
  /** The item's version the draft was started from. */
  base_version: number | null;
  saved_at: string;
}

export interface DB {
  company_profile: CompanyProfileTable;
  company_core_services: CompanyCoreServicesTable;
  social_links: SocialLinksTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_verification_tokens: EmailVerificationTokensTable;
  login_attempts: LoginAttemptsTable;
  login_challenges: LoginChallengesTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  services: ServicesTable;
  team_members: TeamMembersTable;
  team_member_skills: TeamMemberSkillsTable;
  testimonials: TestimonialsTable;
  pricing_packages: PricingPackagesTable;
  package_features: PackageFeaturesTable;
  internships: InternshipsTable;
  internship_skills: InternshipSkillsTable;
  internship_requirements: InternshipRequirementsTable;
  tech_stack_groups: TechStackGroupsTable;
  tech_stack_items: TechStackItemsTable;
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  blog_tags: BlogTagsTable;
  blog_post_tags: BlogPostTagsTable;
  blog_post_keywords: BlogPostKeywordsTable;
  blog_comments: BlogCommentsTable;
  blog_post_likes: BlogPostLikesTable;
  blog_post_views: BlogPostViewsTable;
  uploads: UploadsTable;
  upload_variants: UploadVariantsTable;
  portfolio_projects: PortfolioProjectsTable;
  project_technologies: ProjectTechnologiesTable;
  project_gallery_images: ProjectGalleryImagesTable;
  project_team_members: ProjectTeamMembersTable;
  project_testimonials: ProjectTestimonialsTable;
  project_likes: ProjectLikesTable;
  contacts: ContactsTable;
  contact_notes: ContactNotesTable;
  contact_responses: ContactResponsesTable;
  certificates: CertificatesTable;
  analytics_page_views: AnalyticsPageViewsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_daily_pages: AnalyticsDailyPagesTable;
  analytics_daily_referrers: AnalyticsDailyReferrersTable;
  job_leases: JobLeasesTable;
  activity_log: ActivityLogTable;
  settings: SettingsTable;
  notifications: NotificationsTable;
  user_email_preferences: UserEmailPreferencesTable;
  user_app_settings: UserAppSettingsTable;
  backups: BackupsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  mail_outbox: MailOutboxTable;
  newsletter_sends: NewsletterSendsTable;
  mail_limits: MailLimitsTable;
  staff_digest_items: StaffDigestItemsTable;
  redirects: RedirectsTable;
  revisions: RevisionsTable;
  autosaves: AutosavesTable;
}
