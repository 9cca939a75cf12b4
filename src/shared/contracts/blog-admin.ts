import { z } from '../zod';
import { publicationStatuses } from './publishing.values';
import { expectedVersion } from './revisions';
import { isRealDate, MAX_DB_INT, rowId } from './common';
import { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE, formatReadTime } from './blog.values';
import { blogListDataSchema, blogPostDetailSchema, blogPostSummarySchema } from './blog';

/*
 * The blog's staff contracts: the admin list and post, the post form's body and rules, bulk and order
 * calls, categories and the blog's figures. What visitors read and send is in blog.ts.
 */

/** Admin list page size and the most posts one bulk or order call may name. */
export const BLOG_ADMIN_PAGE_SIZE = 10;
export const BLOG_BULK_MAX = 500;
/** Blog form limits (characters of visible text for the content). */
export const BLOG_CONTENT_MIN = 50;
export const BLOG_WORDS_PER_MINUTE = 200;
export const BLOG_DEFAULT_TAG = 'general';
export const BLOG_DEFAULT_CATEGORY_COLOR = '#3B82F6';

/** The blog admin's success texts and the blog form's own validation texts. */
export const BlogAdminMessage = {
  POST_CREATED: 'Blog post created successfully',
  POST_UPDATED: 'Blog post updated successfully',
  POST_DELETED: 'Blog post deleted successfully',
  POST_FEATURED: 'Blog post featured',
  POST_UNFEATURED: 'Blog post no longer featured',
  POST_PUBLISHED: 'Blog post published',
  POST_UNPUBLISHED: 'Blog post unpublished',
  ORDER_SAVED: 'Blog post order saved',
  CATEGORY_CREATED: 'Category created successfully',
  CATEGORY_UPDATED: 'Category updated successfully',
  CATEGORY_DELETED: 'Category deleted successfully',
  COMMENT_DELETED: 'Comment deleted successfully',
  LOAD_FAILED: 'Failed to load blog posts',
  SAVE_FAILED: 'Failed to save blog post',
  DELETE_FAILED: 'Failed to delete blog post',
  BULK_FAILED: 'Failed to perform bulk action',
  // Validation (the same texts in the admin form and from the server).
  TITLE_REQUIRED: 'Title is required',
  TITLE_TOO_LONG: 'Title must be at most 300 characters.',
  SLUG_INVALID: 'Slug may contain only lowercase letters, digits and single dashes.',
  SLUG_TAKEN: 'Another blog post already uses this slug.',
  EXCERPT_REQUIRED: 'Excerpt is required',
  EXCERPT_TOO_LONG: 'Excerpt must be at most 1000 characters.',
  CONTENT_REQUIRED: 'Content is required',
  CONTENT_TOO_SHORT: 'Content must be at least 50 characters long.',
  CONTENT_TOO_LONG: 'Content is too long.',
  CATEGORY_REQUIRED: 'Category is required',
  CATEGORY_UNKNOWN: 'The selected category does not exist.',
  AUTHOR_REQUIRED: 'Author is required',
  AUTHOR_TOO_LONG: 'Author must be at most 200 characters.',
  DATE_INVALID: 'Date must be a valid date (YYYY-MM-DD).',
  READ_TIME_INVALID: 'Read time must be a number of minutes, at least 1.',
  IMAGE_URL_REQUIRED: 'Featured image URL is required',
  IMAGE_URL_INVALID: 'Featured image URL must start with http://, https:// or /.',
  IMAGE_URL_TOO_LONG: 'Featured image URL must be at most 500 characters.',
  TAG_TOO_LONG: 'Each tag must be at most 100 characters.',
  TOO_MANY_TAGS: 'A post may have at most 20 tags.',
  KEYWORD_TOO_LONG: 'Each SEO keyword must be at most 100 characters.',
  TOO_MANY_KEYWORDS: 'A post may have at most 30 SEO keywords.',
  SEO_TITLE_TOO_LONG: 'SEO title must be at most 300 characters.',
  SEO_DESCRIPTION_TOO_LONG: 'SEO description must be at most 1000 characters.',
  CATEGORY_NAME_REQUIRED: 'Category name is required',
  CATEGORY_NAME_TOO_LONG: 'Category name must be at most 100 characters.',
  CATEGORY_COLOR_INVALID: 'Colour must be a hex colour such as #3B82F6.',
  CATEGORY_SLUG_TAKEN: 'Another category already uses this slug.',
  CATEGORY_HAS_POSTS: 'This category still has {count} posts. Move them to another category before deleting it.',
  CATEGORY_NOT_FOUND: 'Category not found',
  COMMENT_NOT_FOUND: 'Comment not found',
  ORDER_REQUIRED: 'Send postIds (in the new order) or order ([{id, order}]).',
} as const;

export const blogBulkOperations = ['publish', 'unpublish', 'delete', 'feature', 'unfeature'] as const;
export type BlogBulkOperation = (typeof blogBulkOperations)[number];
const BULK_VERBS: Record<BlogBulkOperation, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  delete: 'deleted',
  feature: 'featured',
  unfeature: 'unfeatured',
};

/** 'N blog posts deleted/published/unpublished successfully'. */
export function blogBulkMessage(count: number, operation: BlogBulkOperation): string {
  return `${count} blog ${count === 1 ? 'post' : 'posts'} ${BULK_VERBS[operation]} successfully`;
}

const staffFields = {
  published: z.boolean(),
  /** 'scheduled': unpublished with a `publish_at`, published by the server at that time (ADR 0040). */
  status: z.enum(publicationStatuses),
  /** ISO 8601 UTC; set while the post is scheduled. */
  publish_at: z.string().nullable(),
  category_id: z.number().int().nullable(),
  sort_order: z.number().int(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
};

/** A post in a staff list: the summary plus its status and bookkeeping. */
export const blogAdminPostSummarySchema = blogPostSummarySchema.extend(staffFields);
/** A post as staff read and edit it (drafts included), with the version a save may name (ADR 0041). */
export const blogAdminPostSchema = blogPostDetailSchema.extend(staffFields).extend({ version: z.number().int() });
export const blogAdminListDataSchema = blogListDataSchema.extend({ posts: z.array(blogAdminPostSummarySchema) });
export type BlogAdminPostSummary = z.infer<typeof blogAdminPostSummarySchema>;
export type BlogAdminPost = z.infer<typeof blogAdminPostSchema>;
export type BlogAdminListData = z.infer<typeof blogAdminListDataSchema>;

const listOrCommaText = z.union([z.array(z.string().max(1000)).max(200), z.string().max(20_000)]);

/**
 * POST /blog/posts and PUT /blog/posts/{id} body, as the admin form sends it. Only the types are
 * checked here; `applyBlogFormRules` then fills the defaults and `blogPostInputSchema` checks the values,
 * so every message names its field. On PUT an absent field keeps its stored value; `slug` is changed
 * only when sent (a new title keeps the old address).
 */
export const blogPostWriteSchema = z.object({
  title: z.string().max(10_000).optional(),
  slug: z.string().max(1000).optional(),
  excerpt: z.string().max(20_000).optional(),
  content: z.string().max(2_000_000).optional(),
  /** Integer or numeric string; null or '' means none (refused: a category is required). */
  category_id: z.union([z.number(), z.string().max(20), z.null()]).optional(),
  author: z.string().max(10_000).optional(),
  /** YYYY-MM-DD; blank means today. */
  date: z.string().max(100).optional(),
  /** Minutes, or 'N min read', or blank to compute from the content. */
  read_time: z.union([z.number(), z.string().max(100), z.null()]).optional(),
  image_url: z.string().max(10_000).nullable().optional(),
  tags: listOrCommaText.optional(),
  featured: z.boolean().optional(),
  published: z.boolean().optional(),
  /**
   * ISO 8601 with an offset: a future time schedules the post (unpublished until then), a past one
   * publishes it now, null takes a schedule off (ADR 0040).
   */
  publish_at: z.string().max(100).nullable().optional(),
  seo_title: z.string().max(10_000).nullable().optional(),
  seo_description: z.string().max(20_000).nullable().optional(),
  seo_keywords: listOrCommaText.optional(),
  /** PUT: the version the form was loaded at; a different stored version is a 409 (ADR 0041). */
  version: expectedVersion().optional(),
});
export type BlogPostWrite = z.infer<typeof blogPostWriteSchema>;

/** A post after the blog-form rules: every field present and normalised, ready to validate. */
export interface BlogPostInput {
  title: string;
  slug?: string;
  excerpt: string;
  content: string;
  category_id: number | null;
  author: string;
  date: string;
  /** 'N min read', or the text as given when it is not a number of minutes (then invalid). */
  read_time: string;
  image_url: string;
  tags: string[];
  featured: boolean;
  published: boolean;
  seo_title: string;
  seo_description: string;
  seo_keywords: string[];
}

export interface BlogFormDefaults {
  /** The default author. */
  companyName: string;
  /** YYYY-MM-DD, the default date. */
  today: string;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of HTML, for counting characters and words only (never for display or sanitising). */
export function blogTextOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Minutes to read at 200 words a minute, rounded up, at least 1. */
export function blogReadMinutes(html: string): number {
  const words = blogTextOf(html).split(' ').filter(Boolean).length;
  return Math.max(1, Math.ceil(words / BLOG_WORDS_PER_MINUTE));
}

/** The minutes of '7', '7 min read' or 7; null for anything else (including 0 and fractions). */
export function parseReadTime(value: string | number): number | null {
  const text = String(value).trim();
  const match = /^(\d{1,4})(?:\s*min(?:ute)?s?(?:\s+read)?)?$/i.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]);
  return minutes >= 1 ? minutes : null;
}

/** Comma-separated text or a list: trimmed, empties dropped, repeats (ignoring case) dropped. */
export function splitBlogList(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : [...(value ?? [])];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

function parseCategoryId(value: BlogPostWrite['category_id']): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  const text = (value ?? '').trim();
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

function readTimeText(value: BlogPostWrite['read_time'], content: string): string {
  const raw = value ?? '';
  if (typeof raw === 'string' && raw.trim() === '') return formatReadTime(blogReadMinutes(content));
  const minutes = parseReadTime(raw);
  return minutes === null ? String(raw).trim() : formatReadTime(minutes);
}

/**
 * The blog form's rules, shared by the admin form and the server: image URL without
 * backticks and trimmed; tags and SEO keywords split on commas, trimmed, empties dropped (tags default to
 * 'general'); read time blank → 200 words a minute rounded up, a number → 'N min read'; SEO title blank →
 * the title; SEO description blank → the excerpt; author blank → the company name; date blank → today.
 * New posts are published and not featured unless told otherwise.
 */
export function applyBlogFormRules(form: BlogPostWrite, defaults: BlogFormDefaults): BlogPostInput {
  const title = (form.title ?? '').trim();
  const excerpt = (form.excerpt ?? '').trim();
  const content = (form.content ?? '').trim();
  const tags = splitBlogList(form.tags);
  const slug = form.slug?.trim();
  return {
    title,
    ...(slug ? { slug } : {}),
    excerpt,
    content,
    category_id: parseCategoryId(form.category_id),
    author: (form.author ?? '').trim() || defaults.companyName,
    date: (form.date ?? '').trim() || defaults.today,
    read_time: readTimeText(form.read_time, content),
    image_url: (form.image_url ?? '').replaceAll('`', '').trim(),
    tags: tags.length > 0 ? tags : [BLOG_DEFAULT_TAG],
    featured: form.featured ?? false,
    published: form.published ?? true,
    seo_title: (form.seo_title ?? '').trim() || title,
    seo_description: (form.seo_description ?? '').trim() || excerpt,
    seo_keywords: splitBlogList(form.seo_keywords),
  };
}

const isImageUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value);
const charCount = (value: string) => [...value].length;

/** The values of a post after applyBlogFormRules, with the form's messages; the first issue is the message. */
export const blogPostInputSchema = z.object({
  title: z
    .string()
    .min(1, BlogAdminMessage.TITLE_REQUIRED)
    .refine((v) => charCount(v) <= 300, BlogAdminMessage.TITLE_TOO_LONG),
  slug: z
    .string()
    .max(200, BlogAdminMessage.SLUG_INVALID)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, BlogAdminMessage.SLUG_INVALID)
    .optional(),
  excerpt: z
    .string()
    .min(1, BlogAdminMessage.EXCERPT_REQUIRED)
    .refine((v) => charCount(v) <= 1000, BlogAdminMessage.EXCERPT_TOO_LONG),
  content: z
    .string()
    .min(1, BlogAdminMessage.CONTENT_REQUIRED)
    .max(1_000_000, BlogAdminMessage.CONTENT_TOO_LONG)
    .refine((v) => charCount(blogTextOf(v)) >= BLOG_CONTENT_MIN, BlogAdminMessage.CONTENT_TOO_SHORT),
  category_id: z
    .number({ error: BlogAdminMessage.CATEGORY_REQUIRED })
    .int()
    .positive()
    // No category has an id beyond the column's range.
    .max(MAX_DB_INT, BlogAdminMessage.CATEGORY_UNKNOWN),
  author: z
    .string()
    .min(1, BlogAdminMessage.AUTHOR_REQUIRED)
    .refine((v) => charCount(v) <= 200, BlogAdminMessage.AUTHOR_TOO_LONG),
  date: z.string().refine(isRealDate, BlogAdminMessage.DATE_INVALID),
  read_time: z.string().regex(/^[1-9]\d{0,3} min read$/, BlogAdminMessage.READ_TIME_INVALID),
  image_url: z
    .string()
    .min(1, BlogAdminMessage.IMAGE_URL_REQUIRED)
    .max(500, BlogAdminMessage.IMAGE_URL_TOO_LONG)
    .refine(isImageUrl, BlogAdminMessage.IMAGE_URL_INVALID),
  tags: z
    .array(z.string().refine((v) => charCount(v) <= 100, BlogAdminMessage.TAG_TOO_LONG))
    .max(20, BlogAdminMessage.TOO_MANY_TAGS),
  featured: z.boolean(),
  published: z.boolean(),
  seo_title: z.string().refine((v) => charCount(v) <= 300, BlogAdminMessage.SEO_TITLE_TOO_LONG),
  seo_description: z.string().refine((v) => charCount(v) <= 1000, BlogAdminMessage.SEO_DESCRIPTION_TOO_LONG),
  seo_keywords: z
    .array(z.string().refine((v) => charCount(v) <= 100, BlogAdminMessage.KEYWORD_TOO_LONG))
    .max(30, BlogAdminMessage.TOO_MANY_KEYWORDS),
});

const postIds = z.array(rowId()).min(1).max(BLOG_BULK_MAX);

/** PATCH /blog/posts/{id}/featured: set to the value sent, or flip it when the body has none. */
export const blogFeaturedBodySchema = z.object({ featured: z.boolean().optional() }).nullish();
/** PATCH /blog/posts/{id}/published: set to the value sent, or flip it when the body has none. */
export const blogPublishedBodySchema = z.object({ published: z.boolean().optional() }).nullish();

/**
 * PATCH /blog/order: `postIds` in the new order (positions 0, 1, 2...), or `order` with explicit
 * positions. Lower positions come first when a list is sorted by sort_order.
 */
export const blogOrderBodySchema = z
  .object({
    postIds: postIds.optional(),
    order: z
      .array(z.object({ id: rowId(), order: z.number().int().min(0).max(1_000_000) }))
      .min(1)
      .max(BLOG_BULK_MAX)
      .optional(),
  })
  .refine((body) => Boolean(body.postIds) !== Boolean(body.order), {
    message: BlogAdminMessage.ORDER_REQUIRED,
    path: ['postIds'],
  });
export type BlogOrderBody = z.infer<typeof blogOrderBodySchema>;

/** PATCH /blog/bulk. */
export const blogBulkBodySchema = z.object({ operation: z.enum(blogBulkOperations), postIds });
export type BlogBulkBody = z.infer<typeof blogBulkBodySchema>;
/** DELETE /blog/posts/bulk. */
export const blogBulkDeleteBodySchema = z.object({ postIds });

/** Answer of the bulk calls: how many changed, and each id that could not be (e.g. not found). */
export const blogBulkResultSchema = z.object({
  operation: z.enum(blogBulkOperations),
  requested: z.number().int(),
  succeeded: z.number().int(),
  succeededIds: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type BlogBulkResult = z.infer<typeof blogBulkResultSchema>;

const categoryName = z
  .string({ error: BlogAdminMessage.CATEGORY_NAME_REQUIRED })
  .trim()
  .min(1, BlogAdminMessage.CATEGORY_NAME_REQUIRED)
  .max(100, BlogAdminMessage.CATEGORY_NAME_TOO_LONG);
const categorySlug = z
  .string()
  .trim()
  .max(100, BlogAdminMessage.SLUG_INVALID)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, BlogAdminMessage.SLUG_INVALID)
  .optional()
  .or(z.literal('').transform(() => undefined));
const categoryColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, BlogAdminMessage.CATEGORY_COLOR_INVALID);
const categoryText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * A category's values with the form's messages (POST /blog/categories; PUT merges the sent fields into
 * the stored ones first, so absent fields keep their value). The slug is made from the name when absent.
 */
export const blogCategoryWriteSchema = z.object({
  name: categoryName,
  slug: categorySlug,
  color: categoryColor.default(BLOG_DEFAULT_CATEGORY_COLOR),
  description: categoryText(2000),
  icon: categoryText(100),
});
export type BlogCategoryWrite = z.input<typeof blogCategoryWriteSchema>;
/** The same checks for a partial update (no default colour). */
export const blogCategoryUpdateSchema = z
  .object({
    name: categoryName,
    slug: categorySlug,
    color: categoryColor,
    description: categoryText(2000),
    icon: categoryText(100),
  })
  .partial();

/** The request body of both category calls: types only, so the values get the messages above. */
export const blogCategoryBodySchema = z.object({
  name: z.string().max(10_000).optional(),
  slug: z.string().max(10_000).optional(),
  color: z.string().max(100).optional(),
  description: z.string().max(10_000).nullable().optional(),
  icon: z.string().max(10_000).nullable().optional(),
});
export type BlogCategoryBody = z.infer<typeof blogCategoryBodySchema>;

/**
 * GET /blog/stats. Visitors: published posts only (drafts fields absent). Staff: `total_posts` counts
 * drafts too, and `draft_posts` / per-category `draft_count` are present.
 */
export const blogStatsSchema = z.object({
  total_posts: z.number().int(),
  published_posts: z.number().int(),
  draft_posts: z.number().int().optional(),
  featured_posts: z.number().int(),
  total_views: z.number().int(),
  total_likes: z.number().int(),
  total_comments: z.number().int(),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      color: z.string(),
      post_count: z.number().int(),
      draft_count: z.number().int().optional(),
      views: z.number().int(),
      likes: z.number().int(),
    }),
  ),
});
export type BlogStats = z.infer<typeof blogStatsSchema>;

/** POST /blog/search body: the list search (title, excerpt, content) with optional category and tag. */
export const blogSearchBodySchema = z.object({
  query: z.string().trim().max(200).default(''),
  category: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(100).optional(),
  limit: z.number().int().min(1).max(BLOG_MAX_PAGE_SIZE).default(BLOG_PAGE_SIZE),
});
export type BlogSearchBody = z.infer<typeof blogSearchBodySchema>;
