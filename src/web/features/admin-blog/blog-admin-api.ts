import { blogCategorySchema, type BlogCategory } from '../../../shared/contracts/blog';
import {
  blogAdminListDataSchema,
  blogAdminPostSchema,
  blogBulkResultSchema,
  type BlogAdminListData,
  type BlogAdminPost,
  type BlogBulkOperation,
  type BlogBulkResult,
  type BlogCategoryWrite,
  type BlogPostInput,
} from '../../../shared/contracts/blog-admin';
import {
  newsletterListDataSchema,
  type NewsletterListData,
  type SubscriberStatus,
} from '../../../shared/contracts/newsletter';
import { z } from '../../../shared/zod';
import { invalidAnswer, parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';
import { broadcastDataUpdate } from '../../lib/data-update';
import { listRequestParams, type PostListFilters } from './blog-paths';

/**
 * The Blog tab's calls. Every
 * write clears the cached blog reads (the client does that for the /blog segment) and tells the other
 * screens and tabs through the 'blog' data-update event.
 */

/** A blog write: its answer (checked against `schema`), and the 'blog' data-update for the other screens. */
export async function write<T>(call: Promise<{ data: unknown; message?: string }>, schema?: z.ZodType<T>) {
  const body = await call;
  broadcastDataUpdate('blog');
  return { data: schema ? parseAnswer(schema, body.data) : (body.data as T), message: body.message };
}

export async function fetchPosts(filters: PostListFilters): Promise<BlogAdminListData> {
  const body = await api.get('/blog/posts', listRequestParams(filters));
  return parseAnswer(blogAdminListDataSchema, body.data);
}

export async function fetchPost(id: number): Promise<BlogAdminPost> {
  const body = await api.get(`/blog/posts/${id}`);
  return parseAnswer(blogAdminPostSchema, body.data);
}

const categoriesSchema = z.object({ categories: z.array(blogCategorySchema) });

export async function fetchCategories(): Promise<BlogCategory[]> {
  const body = await api.get('/blog/categories');
  return parseAnswer(categoriesSchema, body.data).categories;
}

/** Body of a create or update: the form after applyBlogFormRules (the server applies the same rules). */
/** The form's values after the blog-form rules, with the schedule (ADR 0040). */
export type PostBody = BlogPostInput & { publish_at?: string | null };

export function createPost(body: PostBody) {
  return write(api.post('/blog/posts', body));
}

export function updatePost(id: number, body: PostBody & { version?: number }) {
  return write(api.put(`/blog/posts/${id}`, body));
}

export function deletePost(id: number) {
  return write(api.delete(`/blog/posts/${id}`));
}

export function bulkAction(operation: BlogBulkOperation, postIds: number[]): Promise<{ data: BlogBulkResult }> {
  const call =
    operation === 'delete'
      ? api.request({ method: 'DELETE', path: '/blog/posts/bulk', data: { postIds } })
      : api.patch('/blog/bulk', { operation, postIds });
  return write(call, blogBulkResultSchema);
}

export function createCategory(body: BlogCategoryWrite) {
  return write(api.post('/blog/categories', body));
}

export function updateCategory(id: number, body: BlogCategoryWrite) {
  return write(api.put(`/blog/categories/${id}`, body));
}

export function deleteCategory(id: number) {
  return write(api.delete(`/blog/categories/${id}`));
}

export const SUBSCRIBERS_PAGE_SIZE = 20;

export interface SubscriberFilters {
  /** Part of the address; '' for any. */
  search: string;
  status: SubscriberStatus | 'all';
}

function subscriberParams(filters: SubscriberFilters) {
  return { search: filters.search.trim() || undefined, status: filters.status };
}

export async function fetchSubscribers(filters: SubscriberFilters, page: number): Promise<NewsletterListData> {
  const params = { ...subscriberParams(filters), page, limit: SUBSCRIBERS_PAGE_SIZE };
  const body = await api.get('/newsletter/subscribers', params);
  return parseAnswer(newsletterListDataSchema, body.data);
}

/** The CSV of the subscribers matching the filters, fetched with the bearer token (never put in a URL). */
export async function fetchSubscribersCsv(filters: SubscriberFilters): Promise<string> {
  const body = await api.get('/newsletter/subscribers/export', subscriberParams(filters), {
    responseType: 'text',
    headers: { Accept: 'text/csv' },
  });
  if (typeof body.data !== 'string') throw invalidAnswer();
  return body.data;
}

/** Subscribers are not blog content: nothing else listens for them, so no data-update event. */
export async function deleteSubscriber(id: number): Promise<{ message?: string }> {
  const body = await api.delete(`/newsletter/subscribers/${id}`);
  return { message: body.message };
}
