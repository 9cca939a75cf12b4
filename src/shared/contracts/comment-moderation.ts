import { z } from '../zod';
import { BLOG_MAX_PAGE_SIZE, commentStatuses } from './blog.values';
import { pageQueryFields, pageTotalsFields, paginationSchema, rowId, rowIdParam } from './common';

/*
 * Comment moderation (ADR 0048): which new comments wait for staff review, the review queue in the Blog
 * tab and what staff do with a comment (approve, mark as spam, delete), one at a time or several at once.
 */

/**
 * Which new comments are held for review: 'first' holds a comment unless its e-mail address already has
 * an approved one (the default); 'all' holds every comment; 'none' publishes at once. A comment that
 * looks like spam is set aside whatever the choice.
 */
export const commentHoldModes = ['first', 'all', 'none'] as const;
export type CommentHoldMode = (typeof commentHoldModes)[number];
export const DEFAULT_COMMENT_HOLD: CommentHoldMode = 'first';

export const commentHoldLabels: Record<CommentHoldMode, string> = {
  first: 'Hold first comments from new addresses',
  all: 'Hold every comment',
  none: 'Publish new comments at once',
};

/** GET and PUT /blog/comments/moderation. */
export const commentModerationSchema = z.object({
  hold: z.enum(commentHoldModes, { error: 'Choose which new comments are held for review' }),
});
export type CommentModeration = z.infer<typeof commentModerationSchema>;

/** Spam signals: this many links in one comment, or this many comments from one address lately. */
export const COMMENT_SPAM_LINKS = 3;
export const COMMENT_BURST_COUNT = 3;
export const COMMENT_BURST_MINUTES = 10;

/** Why a comment was held or set aside, in the words staff read in the queue. */
export const CommentReviewReason = {
  FIRST_FROM_ADDRESS: 'First comment from this e-mail address',
  ALL_HELD: 'Every new comment is held for review',
  MANY_LINKS: `Contains ${COMMENT_SPAM_LINKS} or more links`,
  LINK_IN_NAME: 'The name contains a link',
  BURST: `More than ${COMMENT_BURST_COUNT - 1} comments from this address within ${COMMENT_BURST_MINUTES} minutes`,
  KNOWN_SPAM: 'This address sent spam before',
} as const;

/** A comment as staff moderate it: with the e-mail, status, why it waits, and its post. */
export const blogAdminCommentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  post_title: z.string(),
  post_slug: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(commentStatuses),
  review_reason: z.string().nullable(),
  created_at: z.string(),
});
export type BlogAdminComment = z.infer<typeof blogAdminCommentSchema>;

/** GET /blog/comments (staff): newest first. */
export const blogAdminCommentsQuerySchema = z.object({
  ...pageQueryFields(20, BLOG_MAX_PAGE_SIZE),
  postId: rowIdParam().optional(),
  status: z.enum(commentStatuses).optional(),
});
export type BlogAdminCommentsQuery = z.infer<typeof blogAdminCommentsQuerySchema>;

/** How many comments each status holds, over every post (the queue's tabs and the Overview). */
export const commentCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  spam: z.number().int(),
});
export type CommentCounts = z.infer<typeof commentCountsSchema>;

export const blogAdminCommentsDataSchema = z.object({
  comments: z.array(blogAdminCommentSchema),
  ...pageTotalsFields,
  pagination: paginationSchema,
  counts: commentCountsSchema,
});
export type BlogAdminCommentsData = z.infer<typeof blogAdminCommentsDataSchema>;

/** What staff do with comments: approve shows them, spam hides them and marks their address. */
export const commentReviewActions = ['approve', 'spam', 'delete'] as const;
export type CommentReviewAction = (typeof commentReviewActions)[number];

/** PATCH /blog/comments/{id}: the comment's new status. */
export const commentStatusBodySchema = z.object({
  status: z.enum(commentStatuses, { error: 'Status must be approved, spam or pending' }),
});

export const COMMENT_BULK_MAX = 200;

/** PATCH /blog/comments/bulk. */
export const commentBulkBodySchema = z.object({
  action: z.enum(commentReviewActions, { error: 'Choose approve, spam or delete' }),
  commentIds: z
    .array(rowId())
    .min(1, 'Select at least one comment')
    .max(COMMENT_BULK_MAX, `Select at most ${COMMENT_BULK_MAX} comments at once`),
});
export type CommentBulkBody = z.infer<typeof commentBulkBodySchema>;

export const commentBulkResultSchema = z.object({
  action: z.enum(commentReviewActions),
  requested: z.number().int(),
  succeeded: z.number().int(),
  /** Ids that were not found (deleted meanwhile). */
  missing: z.array(z.number().int()),
});
export type CommentBulkResult = z.infer<typeof commentBulkResultSchema>;

const BULK_VERBS: Record<CommentReviewAction, string> = {
  approve: 'approved',
  spam: 'marked as spam',
  delete: 'deleted',
};

export function commentBulkMessage(count: number, action: CommentReviewAction): string {
  return `${count} ${count === 1 ? 'comment' : 'comments'} ${BULK_VERBS[action]}`;
}

export const CommentModerationMessage = {
  /** To the visitor whose comment waits (also when it was set aside as spam: nothing tells a spammer). */
  AWAITING_REVIEW: 'Thank you! Your comment will appear once it has been reviewed.',
  APPROVED: 'Comment approved',
  SPAM: 'Comment marked as spam',
  PENDING: 'Comment moved back to review',
  SETTINGS_SAVED: 'Comment moderation saved',
  LOAD_FAILED: 'Failed to load comments',
} as const;

export const COMMENT_STATUS_MESSAGES: Record<(typeof commentStatuses)[number], string> = {
  approved: CommentModerationMessage.APPROVED,
  spam: CommentModerationMessage.SPAM,
  pending: CommentModerationMessage.PENDING,
};
