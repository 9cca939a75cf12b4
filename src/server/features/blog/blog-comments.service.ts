import type { Kysely } from 'kysely';
import type { BlogComment, BlogCommentRequest } from '../../../shared/contracts/blog';
import { COMMENT_EMAIL_MAX, COMMENT_MESSAGE_MAX, COMMENT_NAME_MAX } from '../../../shared/contracts/blog.values';
import { ErrorCode, ErrorMessage, type FieldError } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError } from '../../lib/errors';
import type { StaffAlerts } from '../../jobs/staff-alerts';
import { findPublished } from './blog.service';
import { insertComment, listApprovedComments } from './blog.repository';
import { reviewNewComment } from './comment-moderation.service';

/* Visitors' comments: the approved ones of a published post, and a new one with the status moderation gives it. */

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
 * Stores a visitor's comment as plain text, with the status moderation gives it (ADR 0048), and the staff
 * notifications and mails about it in the same transaction; the mails go out after the commit. A comment
 * that waits, one set aside as spam and a filled-in honeypot (nothing stored) all get the same answer:
 * it will appear once reviewed.
 */
export async function postComment(
  db: Kysely<DB>,
  alerts: StaffAlerts,
  slugOrId: string,
  body: BlogCommentRequest,
): Promise<BlogComment> {
  const post = await findPublished(db, slugOrId);
  const fields = validateComment(body);
  const { name, message } = fields;
  // One address, however it was typed: the moderation checks compare stored addresses.
  const email = fields.email.toLowerCase();
  const now = new Date();
  const created_at = now.toISOString();
  if (clean(body.website)) return { id: 0, name, message, created_at, awaiting_review: true };
  const postId = Number(post.id);
  const { id, status } = await writeTransaction(db, async (trx) => {
    const review = await reviewNewComment(trx, { name, email, message }, now);
    const commentId = await insertComment(trx, {
      post_id: postId,
      name,
      email,
      message,
      status: review.status,
      review_reason: review.reason,
      created_at,
    });
    if (review.status !== 'spam') {
      await alerts.newComment(trx, {
        commentId,
        postId,
        postTitle: post.title,
        postSlug: post.slug,
        name,
        message,
        awaitingReview: review.status === 'pending',
      });
    }
    return { id: commentId, status: review.status };
  });
  alerts.flush();
  // What was set aside is not shown as such: the visitor sees the same answer as for a comment that waits.
  if (status !== 'approved')
    return { id: status === 'spam' ? 0 : id, name, message, created_at, awaiting_review: true };
  return { id, name, message, created_at };
}
