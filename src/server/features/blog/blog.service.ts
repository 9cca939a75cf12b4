import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  blogSorts,
  COMMENT_EMAIL_MAX,
  COMMENT_MESSAGE_MAX,
  COMMENT_NAME_MAX,
  formatReadTime,
  type BlogCategory,
  type BlogComment,
  type BlogCommentRequest,
  type BlogLikeData,
  type BlogListData,
  type BlogListQuery,
  type BlogPostDetail,
  type BlogPostSummary,
  type BlogSort,
  type BlogTag,
} from '../../../shared/contracts/blog';
import { ErrorCode, ErrorMessage, type FieldError } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import {
  addPostLike,
  findPublishedPostById,
  insertComment,
  listApprovedComments,
  findPublishedPostBySlug,
  listCategoriesWithPublishedCount,
  listKeywordsOfPost,
  listPublishedPosts,
  listRelatedPublishedPosts,
  listTagNamesOfPosts,
  listTagsWithPublishedCount,
  type PostOrder,
  type PostSummaryRow,
  type PublishedPostFilter,
} from './blog.repository';

const SORT_PRESETS: Record<BlogSort, PostOrder> = {
  newest: { field: 'date', direction: 'desc' },
  oldest: { field: 'date', direction: 'asc' },
  popular: { field: 'popularity', direction: 'desc' },
  alphabetical: { field: 'title', direction: 'asc' },
};

const isNumericId = (value: string) => /^\d{1,9}$/.test(value);

/** A list-page sort value wins; otherwise sortBy (default date) in the direction of sortOrder or sort. */
export function resolveOrder(query: Pick<BlogListQuery, 'sort' | 'sortBy' | 'sortOrder'>): PostOrder {
  const { sort, sortBy, sortOrder } = query;
  if (sort && (blogSorts as readonly string[]).includes(sort)) return SORT_PRESETS[sort as BlogSort];
  const field = sortBy ?? 'date';
  const direction = sortOrder ?? (sort === 'asc' || sort === 'desc' ? sort : field === 'title' ? 'asc' : 'desc');
  return { field, direction };
}

function toFilter(query: BlogListQuery): PublishedPostFilter {
  const filter: PublishedPostFilter = {
    search: query.search ?? query.q,
    tag: query.tag,
    author: query.author,
    featured: query.featured,
  };
  const category = query.category;
  if (category && category.toLowerCase() !== 'all') {
    if (isNumericId(category)) filter.categoryId = Number(category);
    else filter.categorySlug = category;
  }
  if (query.exclude) {
    filter.exclude = { slug: query.exclude, id: isNumericId(query.exclude) ? Number(query.exclude) : undefined };
  }
  return filter;
}

async function tagsByPost(db: Kysely<DB>, postIds: number[]): Promise<Map<number, string[]>> {
  const byPost = new Map<number, string[]>();
  for (const row of await listTagNamesOfPosts(db, postIds)) {
    const id = Number(row.post_id);
    byPost.set(id, [...(byPost.get(id) ?? []), row.name]);
  }
  return byPost;
}

function toSummary(row: PostSummaryRow, tags: string[]): BlogPostSummary {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    image_url: row.image_url,
    category:
      row.category_id !== null && row.category_name !== null
        ? {
            id: Number(row.category_id),
            name: row.category_name,
            slug: row.category_slug ?? '',
            color: row.category_color ?? '',
          }
        : null,
    tags,
    author: row.author,
    date: row.date,
    read_time: formatReadTime(Number(row.read_time)),
    views: Number(row.views),
    likes: Number(row.likes),
    featured: Number(row.featured) === 1,
    created_at: row.created_at,
  };
}

async function toSummaries(db: Kysely<DB>, rows: PostSummaryRow[]): Promise<BlogPostSummary[]> {
  const tags = await tagsByPost(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => toSummary(row, tags.get(Number(row.id)) ?? []));
}

export async function listPosts(db: Kysely<DB>, query: BlogListQuery): Promise<BlogListData> {
  const { page, limit } = query;
  const { rows, total } = await listPublishedPosts(db, toFilter(query), resolveOrder(query), page, limit);
  const pages = Math.ceil(total / limit);
  return { posts: await toSummaries(db, rows), total, page, pages, pagination: { page, limit, total, pages } };
}

/** A published post by slug, else by numeric id; drafts and unknown posts are not found. */
async function findPublished(db: Kysely<DB>, slugOrId: string) {
  const bySlug = await findPublishedPostBySlug(db, slugOrId);
  if (bySlug) return bySlug;
  const byId = isNumericId(slugOrId) ? await findPublishedPostById(db, Number(slugOrId)) : undefined;
  if (!byId) throw notFound(ErrorMessage.BLOG_POST_NOT_FOUND);
  return byId;
}

export async function getPost(db: Kysely<DB>, slugOrId: string): Promise<BlogPostDetail> {
  const row = await findPublished(db, slugOrId);
  const id = Number(row.id);
  const [tags, keywords] = await Promise.all([tagsByPost(db, [id]), listKeywordsOfPost(db, id)]);
  return {
    ...toSummary(row, tags.get(id) ?? []),
    content: row.content,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    seo_keywords: keywords,
  };
}

export async function listRelatedPosts(db: Kysely<DB>, slugOrId: string, limit: number): Promise<BlogPostSummary[]> {
  const post = await findPublished(db, slugOrId);
  if (post.category_id === null) return [];
  const rows = await listRelatedPublishedPosts(db, Number(post.category_id), Number(post.id), limit);
  return toSummaries(db, rows);
}

export async function listCategories(db: Kysely<DB>): Promise<BlogCategory[]> {
  const rows = await listCategoriesWithPublishedCount(db);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    slug: r.slug,
    color: r.color,
    description: r.description,
    icon: r.icon,
    post_count: Number(r.post_count ?? 0),
  }));
}

export async function listTags(db: Kysely<DB>): Promise<BlogTag[]> {
  const rows = await listTagsWithPublishedCount(db);
  return rows.map((r) => ({ name: r.name, slug: r.slug, post_count: Number(r.post_count) }));
}

/** Who liked: a keyed hash of address and browser, so the table holds no address and a replay counts once. */
export function visitorKey(ip: string, userAgent: string | undefined, secret: string): string {
  return createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}\n${secret}`)
    .digest('hex');
}

export async function likePost(db: Kysely<DB>, slugOrId: string, visitor: string): Promise<BlogLikeData> {
  const post = await findPublished(db, slugOrId);
  const { likes } = await addPostLike(db, Number(post.id), visitor, new Date().toISOString());
  return { likes, liked: true };
}

export async function listComments(db: Kysely<DB>, slugOrId: string): Promise<BlogComment[]> {
  const post = await findPublished(db, slugOrId);
  const rows = await listApprovedComments(db, Number(post.id));
  return rows.map((r) => ({ id: Number(r.id), name: r.name, message: r.message, created_at: r.created_at }));
}

/** Trimmed plain text; NUL characters are dropped (PostgreSQL cannot store them). */
const clean = (value: string | undefined) => (value ?? '').replaceAll('\u0000', '').trim();
/** Length in characters (code points), as the database columns count it. */
const length = (value: string) => [...value].length;
const emailSchema = z.email();

function validationError(message: string, errors: FieldError[]): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, errors);
}

/** The comment fields, checked as the spec says: all three required after trimming, then each one. */
export function validateComment(body: BlogCommentRequest): { name: string; email: string; message: string } {
  const fields = { name: clean(body.name), email: clean(body.email), message: clean(body.message) };
  const blank = (Object.keys(fields) as (keyof typeof fields)[]).filter((key) => !fields[key]);
  if (blank.length > 0) {
    throw validationError(
      ErrorMessage.COMMENT_FIELDS_REQUIRED,
      blank.map((field) => ({ field, message: ErrorMessage.COMMENT_FIELDS_REQUIRED })),
    );
  }
  const errors: FieldError[] = [];
  if (length(fields.name) > COMMENT_NAME_MAX)
    errors.push({ field: 'name', message: ErrorMessage.COMMENT_NAME_TOO_LONG });
  if (length(fields.email) > COMMENT_EMAIL_MAX) {
    errors.push({ field: 'email', message: ErrorMessage.COMMENT_EMAIL_TOO_LONG });
  } else if (!emailSchema.safeParse(fields.email).success) {
    errors.push({ field: 'email', message: ErrorMessage.COMMENT_EMAIL_INVALID });
  }
  if (length(fields.message) > COMMENT_MESSAGE_MAX) {
    errors.push({ field: 'message', message: ErrorMessage.COMMENT_MESSAGE_TOO_LONG });
  }
  const first = errors[0];
  if (first) throw validationError(first.message, errors);
  return fields;
}

/**
 * Stores a visitor's comment as plain text (approved until moderation exists). A filled-in honeypot
 * gets the same answer, but nothing is stored.
 */
export async function postComment(db: Kysely<DB>, slugOrId: string, body: BlogCommentRequest): Promise<BlogComment> {
  const post = await findPublished(db, slugOrId);
  const { name, email, message } = validateComment(body);
  const created_at = new Date().toISOString();
  if (clean(body.website)) return { id: 0, name, message, created_at };
  const id = await insertComment(db, {
    post_id: Number(post.id),
    name,
    email,
    message,
    status: 'approved',
    created_at,
  });
  return { id, name, message, created_at };
}
