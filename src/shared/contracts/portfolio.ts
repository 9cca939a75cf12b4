import { z } from '../zod';
import {
  likeDataSchema,
  optionalText,
  pageQueryFields,
  pageTotalsFields,
  paginationSchema,
  queryBoolean,
} from './common';
import {
  PORTFOLIO_MAX_PAGE_SIZE,
  portfolioSortDirections,
  portfolioSortFields,
  portfolioSorts,
  projectStatuses,
  projectStatusInputs,
} from './portfolio.values';
import { PORTFOLIO_PAGE_SIZE } from './portfolio-display.values';
import { publicationStatuses } from './publishing.values';

/*
 * The portfolio: public reads of /api/portfolio/* and the staff
 * writes of the admin Portfolio tab.
 */

export type { PortfolioSort, PortfolioSortDirection, PortfolioSortField, ProjectStatus } from './portfolio.values';

/**
 * The filters and order of a project list. `sort` takes a list-page value or a direction (asc, desc)
 * applying to `sortBy`; `sortOrder` is the direction under its own name. Filters compare without case;
 * 'all' means no filter.
 */
const projectFilterFields = {
  search: optionalText(200),
  q: optionalText(200),
  industry: optionalText(100),
  /** The category, or the industry, of a project. */
  category: optionalText(100),
  technology: optionalText(100),
  status: z.enum([...projectStatusInputs, 'all']).optional(),
  sort: z.enum([...portfolioSorts, ...portfolioSortDirections]).optional(),
  sortBy: z.enum(portfolioSortFields).optional(),
  sortOrder: z.enum(portfolioSortDirections).optional(),
  /** A project id or slug to leave out (e.g. the project being read). */
  exclude: optionalText(200),
};

/** GET /api/portfolio/projects query. */
export const portfolioListQuerySchema = z.object({
  ...pageQueryFields(PORTFOLIO_PAGE_SIZE, PORTFOLIO_MAX_PAGE_SIZE),
  ...projectFilterFields,
  featured: queryBoolean.optional(),
  /**
   * Staff only: 'true' published, 'false' unpublished, '' (or absent) everything. Visitors always get
   * published projects whatever they pass.
   */
  published: z.enum(['true', 'false', '1', '0', '']).optional(),
});
export type PortfolioListQuery = z.infer<typeof portfolioListQuerySchema>;

/** POST /api/portfolio/projects/search body: the list filters as JSON, the text under query (or q, search). */
export const portfolioSearchRequestSchema = z.object({
  query: optionalText(200),
  ...pageQueryFields(PORTFOLIO_PAGE_SIZE, PORTFOLIO_MAX_PAGE_SIZE),
  ...projectFilterFields,
  featured: z.boolean().optional(),
});
export type PortfolioSearchRequest = z.infer<typeof portfolioSearchRequestSchema>;

export const portfolioProjectParamsSchema = z.object({ slugOrId: z.string().min(1).max(200) });
export const portfolioCategoryParamsSchema = z.object({ category: z.string().trim().min(1).max(100) });
export const portfolioLimitQuerySchema = (defaultLimit: number, max: number) =>
  z.object({ limit: z.coerce.number().int().min(1).max(max).default(defaultLimit) });

/** A project as cards and lists show it. The staff-only fields are present only in answers to staff. */
export const projectSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  short_description: z.string(),
  client: z.string(),
  industry: z.string(),
  category: z.string().nullable(),
  status: z.enum(projectStatuses),
  image_url: z.string().nullable(),
  live_url: z.string().nullable(),
  case_study_url: z.string().nullable(),
  /** YYYY-MM-DD. */
  completion_date: z.string().nullable(),
  featured: z.boolean(),
  colorful: z.boolean(),
  likes: z.number().int(),
  technologies: z.array(z.string()),
  created_at: z.string(),
  /** Staff only. */
  published: z.boolean().optional(),
  /**
   * Staff only: 'scheduled' is unpublished with a `publish_at`, published by the server at that time
   * (ADR 0040). Named apart from `status`, which is the project's own progress.
   */
  publication_status: z.enum(publicationStatuses).optional(),
  /** Staff only: ISO 8601 UTC, set while the project is scheduled. */
  publish_at: z.string().nullable().optional(),
  /** Staff only. */
  sort_order: z.number().int().optional(),
  /** Staff only. */
  updated_at: z.string().optional(),
  /** Staff only: the version a save may name (ADR 0041). */
  version: z.number().int().optional(),
});

export const projectGalleryImageSchema = z.object({ url: z.string(), title: z.string().nullable() });
export const projectTeamMemberSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  bio: z.string().nullable(),
  image: z.string().nullable(),
});
export const projectTestimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  company: z.string().nullable(),
  text: z.string(),
  rating: z.number().int().min(1).max(5),
});

/** A project as its detail page shows it. Text fields are plain text, never HTML. */
export const projectDetailSchema = projectSummarySchema.extend({
  description: z.string().nullable(),
  results: z.string().nullable(),
  technical_specs: z.string().nullable(),
  /** What search engines and link previews show; null: the title and the short description. */
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  /** The image a shared link shows; null: `image_url`. */
  share_image_url: z.string().nullable(),
  gallery: z.array(projectGalleryImageSchema),
  team: z.array(projectTeamMemberSchema),
  testimonials: z.array(projectTestimonialSchema),
});

export const portfolioListDataSchema = z.object({
  projects: z.array(projectSummarySchema),
  ...pageTotalsFields,
  pagination: paginationSchema,
});

export const projectListDataSchema = z.object({ projects: z.array(projectSummarySchema) });

/** GET /api/portfolio/projects/{slug or id}: the project and up to 4 related published projects. */
export const projectDetailDataSchema = z.object({
  project: projectDetailSchema,
  related: z.array(projectSummarySchema),
});

export const portfolioFacetSchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** Published projects only. */
  count: z.number().int(),
});

/**
 * GET /api/portfolio/categories: the industries (those published projects use plus the documented
 * ones), the categories in use, and the technologies (in use plus the documented filter options).
 */
export const portfolioCategoriesDataSchema = z.object({
  industries: z.array(portfolioFacetSchema),
  categories: z.array(portfolioFacetSchema),
  technologies: z.array(portfolioFacetSchema),
});

export const portfolioStatsDataSchema = z.object({
  /** Published projects for visitors; every project for staff. */
  total: z.number().int(),
  completed: z.number().int(),
  in_progress: z.number().int(),
  featured: z.number().int(),
  /** Completed as a whole percentage of total (0 when there are none). */
  success_rate: z.number().int(),
  likes: z.number().int(),
  industries: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** The five most used. */
  top_technologies: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** Staff only. */
  published: z.number().int().optional(),
  /** Staff only. */
  unpublished: z.number().int().optional(),
});

export const projectLikeDataSchema = likeDataSchema;

export type ProjectSummary = z.infer<typeof projectSummarySchema>;
export type ProjectDetail = z.infer<typeof projectDetailSchema>;
export type ProjectGalleryImage = z.infer<typeof projectGalleryImageSchema>;
export type ProjectTeamMember = z.infer<typeof projectTeamMemberSchema>;
export type ProjectTestimonial = z.infer<typeof projectTestimonialSchema>;
export type PortfolioListData = z.infer<typeof portfolioListDataSchema>;
export type ProjectDetailData = z.infer<typeof projectDetailDataSchema>;
export type PortfolioFacet = z.infer<typeof portfolioFacetSchema>;
export type PortfolioCategoriesData = z.infer<typeof portfolioCategoriesDataSchema>;
export type PortfolioStatsData = z.infer<typeof portfolioStatsDataSchema>;
export type ProjectLikeData = z.infer<typeof projectLikeDataSchema>;
