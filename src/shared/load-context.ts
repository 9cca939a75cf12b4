import type { BlogCategory, BlogComment, BlogListData, BlogPostDetail, BlogPostSummary } from './contracts/blog';
import type { VerifiedCertificate } from './contracts/certificates';
import type { LandingContent } from './contracts/site-content.values';
import type { CompanyProfile, SeoSettings } from './contracts/company';
import type { ContactFormValues, ContactSource } from './contracts/contacts.values';
import type { FieldError } from './errors';
import type {
  PortfolioCategoriesData,
  PortfolioListData,
  ProjectDetailData,
  ProjectSummary,
} from './contracts/portfolio';

/** Published-blog reads for the public pages (the same services the /api/blog routes use). */
export interface WebBlogContext {
  /** Query values as GET /api/blog/posts takes them (checked with its schema; defaults applied). */
  listPosts(query: Record<string, string | number | boolean | undefined>): Promise<BlogListData>;
  listCategories(): Promise<BlogCategory[]>;
  /** A published post by slug or id, or null when there is none. */
  getPost(slugOrId: string): Promise<BlogPostDetail | null>;
  listRelatedPosts(slugOrId: string, limit: number): Promise<BlogPostSummary[]>;
  listComments(slugOrId: string): Promise<BlogComment[]>;
}

/** Published-portfolio reads for the public pages (the same services the /api/portfolio routes use). */
export interface WebPortfolioContext {
  /** Query values as GET /api/portfolio/projects takes them (checked with its schema; defaults applied). */
  listProjects(query: Record<string, string | number | boolean | undefined>): Promise<PortfolioListData>;
  listCategories(): Promise<PortfolioCategoriesData>;
  listFeatured(limit: number): Promise<ProjectSummary[]>;
  /** A published project by slug or id with its related projects, or null when there is none. */
  getProject(slugOrId: string): Promise<ProjectDetailData | null>;
}

/** The quote form's fields as a page sends them (POST / without JavaScript). */
export interface ContactPageFields extends ContactFormValues {
  source: ContactSource;
  /** The honeypot. */
  website: string;
}

/**
 * The outcome of a quote form sent to the page: stored (or quietly ignored, for a filled honeypot), refused
 * with field errors (400, or 400 without fields for a value no database can keep), too many requests
 * (429), or not stored because the server failed (500, or 503 while the database is unreachable).
 */
export type ContactPageOutcome = { ok: true } | { ok: false; status: 400 | 429 | 500 | 503; errors: FieldError[] };

/** The quote form without JavaScript: the same checks, storage, alerts and rate limit as POST /api/contacts. */
export interface WebContactsContext {
  submit(fields: ContactPageFields): Promise<ContactPageOutcome>;
}

/**
 * A certificate number looked up for the verification page: found (with what the page shows), not one of
 * ours (not_found), not even shaped like one (invalid: shown as not found plus the format hint), refused by
 * the verification rate limit shared with the API (rate_limited, 429), or the lookup failed (failed, 500/503).
 */
export type CertificateVerifyOutcome =
  | { status: 'verified'; certificate: VerifiedCertificate }
  | { status: 'not_found' | 'invalid' | 'rate_limited' | 'failed' };

/** GET /verify-certificate?number=: the same lookup, rules and rate limit as GET /api/certificates/verify/{number}. */
export interface WebCertificatesContext {
  /**
   * `number` as typed (it is normalised and checked here); `signature` from a printed certificate's address,
   * if the page's address has one.
   */
  verify(number: string, signature?: string | null): Promise<CertificateVerifyOutcome>;
}

/**
 * What the server hands to React Router loaders on every page request. Loaders run only on the
 * server, so they read through these functions instead of calling the HTTP API.
 */
export interface WebLoadContext {
  /**
   * Marks the inline scripts of this render (the `nonce` React and React Router put on them): the server
   * allows exactly those by their hashes and takes the marker out of the page (pages/page-csp.ts).
   */
  scriptMarker: string;
  /** Canonical origin of the site, e.g. https://example.com (never taken from the Host header). */
  publicUrl: string;
  /** The site's IANA time zone (SITE_TIME_ZONE): staff write scheduled publish times in it. */
  siteTimeZone: string;
  /**
   * Maintenance mode is on: only staff with a site pass get pages then (visitors get the maintenance page),
   * and the pages tell them.
   */
  maintenanceMode: boolean;
  /**
   * Logs an error of this page's render with the request's id (entry.server.tsx): the page answers 500, or,
   * for an error in a part of it, stands without that part and is not kept in the page cache.
   */
  reportRenderError(error: unknown): void;
  getCompanyProfile(): Promise<CompanyProfile>;
  /** The SEO settings every page's meta tags start from. */
  getSeoSettings(): Promise<SeoSettings>;
  blog: WebBlogContext;
  portfolio: WebPortfolioContext;
  contacts: WebContactsContext;
  certificates: WebCertificatesContext;
  /** The landing page's sections (services, team, stack, pricing, testimonials, internships); a failed one is null. */
  getLandingContent(): Promise<LandingContent>;
}
