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
  BLOG_MAX_PAGE_SIZE,
  BLOG_MAX_RELATED,
  BLOG_PAGE_SIZE,
  BLOG_RELATED_COUNT,
  blogDateRanges,
  blogReadTimes,
  blogSortFields,
  blogSorts,
  sortDirections,
} from './blog.values';

export type { BlogSort, BlogSortField, SortDirection } from './blog.values';

const isoDateQuery = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

/**
 * GET /api/blog/posts query. `sort` takes a list-page value (newest, oldest, popular, alphabetical)
 * or a direction (asc, desc) that applies to `sortBy`; `sortOrder` is the direction under its own name.
 */
export const blogListQuerySchema = z.object({
  ...pageQueryFields(BLOG_PAGE_SIZE, BLOG_MAX_PAGE_SIZE),
  search: optionalText(200),
  q: optionalText(200),
  /** Category slug or numeric id; 'all' means no filter. */
  category: optionalText(100),
  /** Tag slug (or its name). */
  tag: optionalText(100),
  author: optionalText(200),
  featured: queryBoolean.optional(),
  sort: z.enum([...blogSorts, ...sortDirections]).optional(),
  sortBy: z.enum(blogSortFields).optional(),
  sortOrder: z.enum(sortDirections).optional(),
  /** A post id or slug to leave out (e.g. the article being read). */
  exclude: optionalText(200),
  /**
   * Staff only: 'true' published, 'false' drafts, '' (or absent) everything. Visitors always get
   * published posts whatever they pass.
   */
  published: z.enum(['true', 'false', '1', '0', '']).optional(),
  readTime: z.enum(blogReadTimes).optional(),
  dateRange: z.enum(blogDateRanges).optional(),
  /** Inclusive YYYY-MM-DD bounds on the post date (combine with or instead of dateRange). */
  from: isoDateQuery.optional(),
  to: isoDateQuery.optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

export const blogRelatedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(BLOG_MAX_RELATED).default(BLOG_RELATED_COUNT),
});

export const blogPostParamsSchema = z.object({ slugOrId: z.string().min(1).max(200) });

export const blogCategoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
});

/** A published post as lists show it: no content, nothing internal. */
export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image_url: z.string().nullable(),
  category: blogCategoryRefSchema.nullable(),
  tags: z.array(z.string()),
  author: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  /** 'N min read'. */
  read_time: z.string(),
  views: z.number().int(),
  likes: z.number().int(),
  featured: z.boolean(),
  created_at: z.string(),
});

/** A published post as its article page shows it. */
export const blogPostDetailSchema = blogPostSummarySchema.extend({
  /** Sanitised HTML. */
  content: z.string(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  seo_keywords: z.array(z.string()),
});

export const blogListDataSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  ...pageTotalsFields,
  pagination: paginationSchema,
});

export const blogCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  /** Published posts only. */
  post_count: z.number().int(),
});

export const blogTagSchema = z.object({
  name: z.string(),
  slug: z.string(),
  post_count: z.number().int(),
});

export type BlogCategoryRef = z.infer<typeof blogCategoryRefSchema>;
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export type BlogPostDetail = z.infer<typeof blogPostDetailSchema>;
export type BlogListData = z.infer<typeof blogListDataSchema>;
export type BlogCategory = z.infer<typeof blogCategorySchema>;
export type BlogTag = z.infer<typeof blogTagSchema>;

/** POST /api/blog/posts/{id}/like answer: the post's like count after this visitor's like. */
export const blogLikeDataSchema = likeDataSchema;

/** POST /blog/posts/{slugOrId}/view: whether this visit was counted (once a day per visitor; never for staff or robots). */
export const blogViewDataSchema = z.object({ counted: z.boolean() });
export type BlogViewData = z.infer<typeof blogViewDataSchema>;
export type BlogLikeData = z.infer<typeof blogLikeDataSchema>;

/** A comment as the public sees it: plain text, never the e-mail. */
export const blogCommentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Plain text: shown escaped, never as HTML. */
  message: z.string(),
  created_at: z.string(),
  /** On the answer to a new comment only: it waits for staff review before the public sees it. */
  awaiting_review: z.boolean().optional(),
});
export type BlogComment = z.infer<typeof blogCommentSchema>;

/**
 * POST /api/blog/posts/{id}/comments body. Only the types are checked here; required fields, lengths and
 * the e-mail are checked by the server so that blanks answer 'Please fill in all fields'.
 * `website` is a honeypot that people never fill in.
 */
export const blogCommentRequestSchema = z.object({
  name: z.string().max(10_000).optional(),
  email: z.string().max(10_000).optional(),
  message: z.string().max(100_000).optional(),
  website: z.string().max(10_000).optional(),
});
export type BlogCommentRequest = z.infer<typeof blogCommentRequestSchema>;
