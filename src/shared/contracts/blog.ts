import { z } from '../zod';

/** Blog list page size and related-post count (spec 01, section 9). */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_MAX_PAGE_SIZE = 100;
export const BLOG_RELATED_COUNT = 3;
export const BLOG_MAX_RELATED = 10;

/** Sort values of the blog list page (spec 01, section 2): newest is the default. */
export const blogSorts = ['newest', 'oldest', 'popular', 'alphabetical'] as const;
export type BlogSort = (typeof blogSorts)[number];
/** Columns a caller may name in sortBy; popularity is views + 2 x likes. */
export const blogSortFields = ['date', 'created_at', 'title', 'views', 'likes', 'popularity'] as const;
export type BlogSortField = (typeof blogSortFields)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

/** 'true'/'false' (also 1/0) in a query string, as a boolean. */
const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * GET /api/blog/posts query. `sort` takes a list-page value (newest, oldest, popular, alphabetical)
 * or a direction (asc, desc) that applies to `sortBy`; `sortOrder` is the direction under its own name.
 */
export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(BLOG_MAX_PAGE_SIZE).default(BLOG_PAGE_SIZE),
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

export const blogPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const blogListDataSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  pagination: blogPaginationSchema,
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

/** Minutes as the site shows them. */
export function formatReadTime(minutes: number): string {
  return `${Math.max(1, minutes)} min read`;
}

/** Comment limits (characters), matching the blog_comments columns. */
export const COMMENT_NAME_MAX = 100;
export const COMMENT_EMAIL_MAX = 320;
export const COMMENT_MESSAGE_MAX = 2000;

export const BlogMessage = {
  COMMENT_POSTED: 'Comment posted successfully!',
} as const;

/** POST /api/blog/posts/{id}/like answer: the post's like count after this visitor's like. */
export const blogLikeDataSchema = z.object({
  likes: z.number().int(),
  liked: z.literal(true),
});
export type BlogLikeData = z.infer<typeof blogLikeDataSchema>;

/** A comment as the public sees it: plain text, never the e-mail. */
export const blogCommentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Plain text: shown escaped, never as HTML. */
  message: z.string(),
  created_at: z.string(),
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
