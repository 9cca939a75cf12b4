import type { Kysely, Transaction } from 'kysely';
import { BlogAdminMessage } from '../../../shared/contracts/blog-admin';
import {
  COMMENT_BURST_COUNT,
  COMMENT_BURST_MINUTES,
  COMMENT_SPAM_LINKS,
  CommentReviewReason,
  DEFAULT_COMMENT_HOLD,
  commentModerationSchema,
  type BlogAdminCommentsData,
  type BlogAdminCommentsQuery,
  type CommentBulkBody,
  type CommentBulkResult,
  type CommentModeration,
} from '../../../shared/contracts/comment-moderation';
import type { CommentStatus, DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { notFound } from '../../lib/errors';
import { readSetting, writeSetting } from '../../db/settings.repository';
import {
  addressHistory,
  countCommentsByStatus,
  deleteComments,
  findComments,
  listCommentsForStaff as listCommentRows,
  setCommentStatus,
} from './comment-moderation.repository';

/* Comment moderation (ADR 0048): which new comments wait for review, and what staff do with them. */

/** The settings row holding the moderation choice. */
export const COMMENT_MODERATION_KEY = 'comments';

export async function readModeration(db: Kysely<DB> | Transaction<DB>): Promise<CommentModeration> {
  const stored = commentModerationSchema.safeParse(await readSetting(db, COMMENT_MODERATION_KEY));
  return stored.success ? stored.data : { hold: DEFAULT_COMMENT_HOLD };
}

export async function saveModeration(db: Kysely<DB>, moderation: CommentModeration): Promise<CommentModeration> {
  await writeTransaction(db, (trx) => writeSetting(trx, COMMENT_MODERATION_KEY, moderation));
  return moderation;
}

/** Addresses a visitor typed as text: `http://`, `https://` or `www.` starts one. */
const LINK = /\b(?:https?:\/\/|www\.)\S/gi;
const linksIn = (text: string) => text.match(LINK)?.length ?? 0;

export interface CommentReview {
  status: CommentStatus;
  /** Why it waits or was set aside (null when it goes live). */
  reason: string | null;
}

/**
 * The status a new comment gets. Spam signals first (an address that sent spam before, a link in the
 * name, many links, a burst from one address), whatever the setting; then the setting decides between
 * holding it for review and publishing it.
 */
export async function reviewNewComment(
  db: Kysely<DB> | Transaction<DB>,
  comment: { name: string; email: string; message: string },
  now: Date,
): Promise<CommentReview> {
  const since = new Date(now.getTime() - COMMENT_BURST_MINUTES * 60_000).toISOString();
  const [{ hold }, history] = await Promise.all([readModeration(db), addressHistory(db, comment.email, since)]);
  const spam = (reason: string): CommentReview => ({ status: 'spam', reason });
  if (history.spam > 0) return spam(CommentReviewReason.KNOWN_SPAM);
  if (linksIn(comment.name) > 0) return spam(CommentReviewReason.LINK_IN_NAME);
  if (linksIn(comment.message) >= COMMENT_SPAM_LINKS) return spam(CommentReviewReason.MANY_LINKS);
  if (history.recent >= COMMENT_BURST_COUNT) return spam(CommentReviewReason.BURST);
  if (hold === 'all') return { status: 'pending', reason: CommentReviewReason.ALL_HELD };
  if (hold === 'first' && history.approved === 0) {
    return { status: 'pending', reason: CommentReviewReason.FIRST_FROM_ADDRESS };
  }
  return { status: 'approved', reason: null };
}

export async function listCommentsForStaff(
  db: Kysely<DB>,
  query: BlogAdminCommentsQuery,
): Promise<BlogAdminCommentsData> {
  const { page, limit } = query;
  const [{ rows, total }, counts] = await Promise.all([
    listCommentRows(db, { postId: query.postId, status: query.status }, page, limit),
    countCommentsByStatus(db, query.postId),
  ]);
  const pages = Math.ceil(total / limit);
  return {
    comments: rows.map((r) => ({
      id: Number(r.id),
      post_id: Number(r.post_id),
      post_title: r.post_title,
      post_slug: r.post_slug,
      name: r.name,
      email: r.email,
      message: r.message,
      status: r.status,
      review_reason: r.review_reason,
      created_at: r.created_at,
    })),
    total,
    page,
    pages,
    pagination: { page, limit, total, pages },
    counts,
  };
}

/** Approves a comment, marks it as spam or sends it back to review; 404 when it does not exist. */
export async function setStatus(db: Kysely<DB>, id: number, status: CommentStatus): Promise<{ post_title: string }> {
  return writeTransaction(db, async (trx) => {
    const [comment] = await findComments(trx, [id]);
    if (!comment) throw notFound(BlogAdminMessage.COMMENT_NOT_FOUND);
    await setCommentStatus(trx, [id], status);
    return { post_title: comment.post_title };
  });
}

export async function deleteComment(db: Kysely<DB>, id: number): Promise<void> {
  if ((await deleteComments(db, [id])) === 0) throw notFound(BlogAdminMessage.COMMENT_NOT_FOUND);
}

const ACTION_STATUS = { approve: 'approved', spam: 'spam' } as const;

/** The same action on several comments; ids that no longer exist are reported, not refused. */
export async function bulkModerate(db: Kysely<DB>, body: CommentBulkBody): Promise<CommentBulkResult> {
  const ids = [...new Set(body.commentIds)];
  return writeTransaction(db, async (trx) => {
    const found = (await findComments(trx, ids)).map((row) => Number(row.id));
    if (body.action === 'delete') await deleteComments(trx, found);
    else await setCommentStatus(trx, found, ACTION_STATUS[body.action]);
    const present = new Set(found);
    return {
      action: body.action,
      requested: ids.length,
      succeeded: found.length,
      missing: ids.filter((id) => !present.has(id)),
    };
  });
}

/** The title of the post a comment is on, for the recent activity; null when the comment is gone. */
export async function commentPostTitle(db: Kysely<DB>, id: number): Promise<string | null> {
  const [comment] = await findComments(db, [id]);
  return comment?.post_title ?? null;
}
