import { commentStatuses, type CommentStatus } from '../../../shared/contracts/blog.values';
import {
  blogAdminCommentsDataSchema,
  commentBulkResultSchema,
  commentModerationSchema,
  type BlogAdminCommentsData,
  type CommentHoldMode,
  type CommentModeration,
  type CommentReviewAction,
} from '../../../shared/contracts/comment-moderation';
import type { ListQuery } from '../../components/admin/use-admin-list';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';
import { write } from './blog-admin-api';

/** Blog › Comments' calls (ADR 0048): the queue by status, one comment's status, several at once, the setting. */

export const COMMENTS_PAGE_SIZE = 20;

export interface CommentQuery extends ListQuery {
  status: CommentStatus | 'all';
}

const isStatus = (value: string | null): value is CommentStatus =>
  (commentStatuses as readonly string[]).includes(value ?? '');

/** The queue's status and page from the address (?status=pending&page=2); every comment by default. */
export function readCommentQuery(params: URLSearchParams): CommentQuery {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    search: '',
    status: isStatus(status) ? status : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function writeCommentQuery(query: CommentQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export async function fetchComments(query: CommentQuery): Promise<BlogAdminCommentsData> {
  const params = {
    page: query.page,
    limit: COMMENTS_PAGE_SIZE,
    ...(query.status === 'all' ? {} : { status: query.status }),
  };
  const body = await api.get('/blog/comments', params);
  return parseAnswer(blogAdminCommentsDataSchema, body.data);
}

export function setCommentStatus(id: number, status: CommentStatus) {
  return write(api.patch(`/blog/comments/${id}`, { status }));
}

export function moderateComments(action: CommentReviewAction, commentIds: number[]) {
  return write(api.patch('/blog/comments/bulk', { action, commentIds }), commentBulkResultSchema);
}

export function deleteComment(id: number) {
  return write(api.delete(`/blog/comments/${id}`));
}

export async function fetchModeration(): Promise<CommentModeration> {
  const body = await api.get('/blog/comments/moderation');
  return parseAnswer(commentModerationSchema, body.data);
}

export function saveModeration(hold: CommentHoldMode) {
  return write(api.put('/blog/comments/moderation', { hold }), commentModerationSchema);
}
