import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  blogListQuerySchema,
  type BlogCategory,
  type BlogLikeData,
  type BlogViewData,
  type BlogListData,
  type BlogListQuery,
  type BlogPostDetail,
  type BlogPostSummary,
  type BlogSort,
  type BlogTag,
} from '../../../shared/contracts/blog';
import {
  BLOG_SEARCH_MAX_RESULTS,
  blogDateRangeOptions,
  blogReadTimeOptions,
  blogSorts,
  formatReadTime,
} from '../../../shared/contracts/blog.values';
import {
  type BlogAdminListData,
  type BlogAdminPost,
  type BlogAdminPostSummary,
  type BlogSearchBody,
  type BlogStats,
} from '../../../shared/contracts/blog-admin';
import { publicationStatus } from '../../../shared/contracts/publishing.values';
import { ErrorMessage } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { countAfresh, type KeptCount } from '../../pages/kept-counts';
import { notFound } from '../../lib/errors';
import {
  addPostLike,
  addPostView,
  categoryTotals,
  commentTotal,
  findPost,
  listCategoriesWithPublishedCount,
  listKeywordsOfPost,
  listPosts as listPostRows,
  listRelatedPublishedPosts,
  listTagNamesOfPosts,
  listTagsWithPublishedCount,
  postTotals,
  type PostDetailRow,
  type PostFilter,
  type PostOrder,
  type PostSummaryRow,
} from './blog.repository';
import { isRowIdText } from '../../../shared/contracts/common';

const SORT_PRESETS: Record<BlogSort, PostOrder> = {
  newest: { field: 'date', direction: 'desc' },
  oldest: { field: 'date', direction: 'asc' },
  popular: { field: 'popularity', direction: 'desc' },
  alphabetical: { field: 'title', direction: 'asc' },
};

/**
 * A list-page sort value wins; otherwise sortBy (default date) in the direction of sortOrder or sort.
 * A search that names neither sort nor sortBy is ordered by relevance (ADR 0021).
 */
export function resolveOrder(
  query: Pick<BlogListQuery, 'sort' | 'sortBy' | 'sortOrder'> & Partial<Pick<BlogListQuery, 'search' | 'q'>>,
): PostOrder {
  const { sort, sortBy, sortOrder } = query;
  if (sort && (blogSorts as readonly string[]).includes(sort)) return SORT_PRESETS[sort as BlogSort];
  if (!sort && !sortBy && (query.search ?? query.q)) return { field: 'relevance', direction: 'desc' };
  const field = sortBy ?? 'date';
  const direction = sortOrder ?? (sort === 'asc' || sort === 'desc' ? sort : field === 'title' ? 'asc' : 'desc');
  return { field, direction };
}

/** Today (UTC) as YYYY-MM-DD. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The later of two YYYY-MM-DD bounds (either may be absent). */
const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

/** 'true'/'1' published only, 'false'/'0' drafts only, '' or absent: everything. */
function publishedParam(value: BlogListQuery['published']): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return value === 'true' || value === '1';
}

/**
 * The list filter of a query. Visitors always get published posts; staff get what `published` asks
 * for (everything when absent).
 */
export function toFilter(query: BlogListQuery, staff = false, now: Date = new Date()): PostFilter {
  const filter: PostFilter = {
    published: staff ? publishedParam(query.published) : true,
    search: query.search ?? query.q,
    tag: query.tag,
    author: query.author,
    featured: query.featured,
  };
  const category = query.category;
  if (category && category.toLowerCase() !== 'all') {
    if (isRowIdText(category)) filter.categoryId = Number(category);
    else filter.categorySlug = category;
  }
  if (query.exclude) {
    filter.exclude = { slug: query.exclude, id: isRowIdText(query.exclude) ? Number(query.exclude) : undefined };
  }
  const readTime = blogReadTimeOptions.find((option) => option.value === query.readTime);
  if (readTime) {
    filter.minReadTime = readTime.min;
    if (readTime.max !== null) filter.maxReadTime = readTime.max;
  }
  const range = blogDateRangeOptions.find((option) => option.value === query.dateRange);
  const rangeStart = range ? daysBefore(todayUtc(now), range.days) : undefined;
  filter.dateFrom = later(rangeStart, query.from);
  if (query.to) filter.dateTo = query.to;
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

/** What staff see of a post beyond what visitors do: its status and bookkeeping. */
function staffFieldsOf(row: PostSummaryRow) {
  const published = Number(row.published) === 1;
  return {
    published,
    status: publicationStatus(published, row.publish_at),
    publish_at: row.publish_at,
    category_id: row.category_id === null ? null : Number(row.category_id),
    sort_order: Number(row.sort_order),
    published_at: row.published_at,
    updated_at: row.updated_at,
  };
}

function toAdminSummary(row: PostSummaryRow, tags: string[]): BlogAdminPostSummary {
  return { ...toSummary(row, tags), ...staffFieldsOf(row) };
}

async function toSummaries(db: Kysely<DB>, rows: PostSummaryRow[]): Promise<BlogPostSummary[]> {
  const tags = await tagsByPost(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => toSummary(row, tags.get(Number(row.id)) ?? []));
}

async function toAdminSummaries(db: Kysely<DB>, rows: PostSummaryRow[]): Promise<BlogAdminPostSummary[]> {
  const tags = await tagsByPost(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => toAdminSummary(row, tags.get(Number(row.id)) ?? []));
}

const paging = (page: number, limit: number, total: number) => {
  const pages = Math.ceil(total / limit);
  return { total, page, pages, pagination: { page, limit, total, pages } };
};

/**
 * The public list: published posts only, whatever the query says about `published`. A search answers at
 * most BLOG_SEARCH_MAX_RESULTS posts (ADR 0021); staff searches count and rank every match.
 */
export async function listPosts(
  db: Kysely<DB>,
  query: BlogListQuery,
  count: KeptCount = countAfresh,
): Promise<BlogListData> {
  const { page, limit } = query;
  const { rows, total } = await listPostRows(
    db,
    toFilter(query),
    resolveOrder(query),
    page,
    limit,
    BLOG_SEARCH_MAX_RESULTS,
    count,
  );
  return { posts: await toSummaries(db, rows), ...paging(page, limit, total) };
}

/** The staff list: drafts too, `published` filters ('' or absent: all); posts carry their status. */
export async function listPostsForStaff(
  db: Kysely<DB>,
  query: BlogListQuery,
  count: KeptCount = countAfresh,
): Promise<BlogAdminListData> {
  const { page, limit } = query;
  const order = resolveOrder(query);
  const { rows, total } = await listPostRows(db, toFilter(query, true), order, page, limit, undefined, count);
  return { posts: await toAdminSummaries(db, rows), ...paging(page, limit, total) };
}

/** A post by slug, else by numeric id; unless `includeDrafts`, drafts are not found. */
export async function findPostRow(db: Kysely<DB>, slugOrId: string, includeDrafts = false): Promise<PostDetailRow> {
  const bySlug = await findPost(db, { slug: slugOrId }, !includeDrafts);
  if (bySlug) return bySlug;
  const byId = isRowIdText(slugOrId) ? await findPost(db, { id: Number(slugOrId) }, !includeDrafts) : undefined;
  if (!byId) throw notFound(ErrorMessage.BLOG_POST_NOT_FOUND);
  return byId;
}

/** A published post by slug or id (404 otherwise). */
export const findPublished = (db: Kysely<DB>, slugOrId: string) => findPostRow(db, slugOrId, false);

async function toDetail(db: Kysely<DB>, row: PostDetailRow): Promise<BlogPostDetail> {
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

/** A published post by slug or id, as the public sees it. */
export async function getPost(db: Kysely<DB>, slugOrId: string): Promise<BlogPostDetail> {
  return toDetail(db, await findPublished(db, slugOrId));
}

/** Any post (drafts too) by slug or id, as staff see it. */
export async function getPostForStaff(db: Kysely<DB>, slugOrId: string): Promise<BlogAdminPost> {
  const row = await findPostRow(db, slugOrId, true);
  return { ...(await toDetail(db, row)), ...staffFieldsOf(row), version: Number(row.version) };
}

/**
 * Counts a visitor's view of a post at most once a day (UTC) per visitor key (visitorKey()).
 * True when this call counted it. Staff reads should not call this.
 */
export async function recordView(db: Kysely<DB>, postId: number, visitor: string, now: Date = new Date()) {
  return addPostView(db, postId, visitor, todayUtc(now), now.toISOString());
}

/** POST /blog/search: the list search with an optional category and tag; visitors see published posts. */
export async function searchPosts(db: Kysely<DB>, body: BlogSearchBody, staff: boolean) {
  const query = blogListQuerySchema.parse({
    limit: body.limit,
    search: body.query,
    category: body.category,
    tag: body.tag,
  });
  return staff ? listPostsForStaff(db, query) : listPosts(db, query);
}

/** Counts and totals; drafts count only for staff. */
export async function blogStats(db: Kysely<DB>, staff: boolean): Promise<BlogStats> {
  const [totals, comments, categories] = await Promise.all([
    postTotals(db, staff),
    commentTotal(db, staff),
    categoryTotals(db),
  ]);
  const total = Number(totals.posts);
  const published = Number(totals.published ?? 0);
  return {
    total_posts: total,
    published_posts: published,
    ...(staff ? { draft_posts: total - published } : {}),
    featured_posts: Number(totals.featured ?? 0),
    total_views: Number(totals.views ?? 0),
    total_likes: Number(totals.likes ?? 0),
    total_comments: comments,
    categories: categories.map((c) => ({
      id: Number(c.id),
      name: c.name,
      slug: c.slug,
      color: c.color,
      post_count: Number(c.published ?? 0),
      ...(staff ? { draft_count: Number(c.drafts ?? 0) } : {}),
      views: Number(c.views ?? 0),
      likes: Number(c.likes ?? 0),
    })),
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

/** POST /blog/posts/{slugOrId}/view: counts this visitor's view of a published post once a day. */
export async function viewPost(db: Kysely<DB>, slugOrId: string, visitor: string): Promise<BlogViewData> {
  const post = await findPublished(db, slugOrId);
  const counted = await recordView(db, Number(post.id), visitor);
  return { counted };
}

export async function likePost(db: Kysely<DB>, slugOrId: string, visitor: string): Promise<BlogLikeData> {
  const post = await findPublished(db, slugOrId);
  const { likes } = await addPostLike(db, Number(post.id), visitor, new Date().toISOString());
  return { likes, liked: true };
}
