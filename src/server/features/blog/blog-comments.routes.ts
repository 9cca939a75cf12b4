import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commentStatuses } from '../../../shared/contracts/blog.values';
import { BlogAdminMessage } from '../../../shared/contracts/blog-admin';
import { idParamsSchema, messageEnvelope, successEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import {
  COMMENT_STATUS_MESSAGES,
  CommentModerationMessage,
  blogAdminCommentsDataSchema,
  blogAdminCommentsQuerySchema,
  commentBulkBodySchema,
  commentBulkMessage,
  commentBulkResultSchema,
  commentModerationSchema,
  commentStatusBodySchema,
  type CommentBulkResult,
} from '../../../shared/contracts/comment-moderation';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { declareWrites } from '../../pages/page-purges';
import type { CommentStatus } from '../../db/schema';
import {
  bulkModerate,
  commentPostTitle,
  deleteComment,
  listCommentsForStaff,
  readModeration,
  saveModeration,
  setStatus,
} from './comment-moderation.service';

const tags = ['blog admin'];
const idAnswer = messageEnvelope(z.object({ id: z.number().int() }));

/** The recent activity's words for a comment's new status. */
const STATUS_ACTIVITY: Record<CommentStatus, string> = {
  approved: 'Approved comment',
  spam: 'Marked comment as spam',
  pending: 'Moved comment back to review',
};
const BULK_ACTIVITY = { approve: 'Approved', spam: 'Marked as spam', delete: 'Deleted' } as const;

/**
 * /api/blog/comments (ADR 0048): the review queue (staff read it), approving, marking as spam and deleting
 * (editors and admins), one or several at once, and which new comments are held (admins choose). Every
 * write here purges the pages that show comments (the page cache's rule for /api/blog/comments/).
 */
export async function blogCommentRoutes(app: FastifyInstance): Promise<void> {
  // A comment moderated or deleted by staff: its article is not named by the address; every article shows comments.
  declareWrites(app, { purges: ['comments'], changesRedirects: true });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  r.get(
    '/blog/comments',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Comments for moderation, newest first, with e-mail, post and why each waits; counts per status',
        querystring: blogAdminCommentsQuerySchema,
        response: { 200: successEnvelope(blogAdminCommentsDataSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await listCommentsForStaff(db(), request.query));
    },
  );

  r.get(
    '/blog/comments/moderation',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Which new comments are held for review',
        response: { 200: successEnvelope(commentModerationSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await readModeration(db()));
    },
  );

  r.put(
    '/blog/comments/moderation',
    {
      config: {
        access: 'settings',
        activity: activity({ type: 'comment', action: 'Changed comment moderation' }),
      },
      schema: {
        tags,
        summary: 'Choose which new comments are held for review (admins)',
        body: commentModerationSchema,
        response: { 200: messageEnvelope(commentModerationSchema) },
      },
    },
    async (request) => {
      const data = await saveModeration(db(), request.body);
      return okWithMessage(data, CommentModerationMessage.SETTINGS_SAVED);
    },
  );

  // Static before parametric: PATCH /blog/comments/bulk is not a comment id.
  r.patch(
    '/blog/comments/bulk',
    {
      config: {
        access: 'content',
        activity: activity<CommentBulkResult>({
          type: 'comment',
          action: (_request, { action, succeeded }) =>
            succeeded > 0 ? `${BULK_ACTIVITY[action]} ${succeeded} ${succeeded === 1 ? 'comment' : 'comments'}` : null,
        }),
      },
      schema: {
        tags,
        summary: 'Approve, mark as spam or delete several comments; ids no longer there are listed in `missing`',
        body: commentBulkBodySchema,
        response: { 200: messageEnvelope(commentBulkResultSchema) },
      },
    },
    async (request) => {
      const data = await bulkModerate(db(), request.body);
      return okWithMessage(data, commentBulkMessage(data.succeeded, data.action));
    },
  );

  r.patch(
    '/blog/comments/:id',
    {
      config: {
        access: 'content',
        activity: activity<{ post_title: string }, { id: number }, { status: CommentStatus }>({
          type: 'comment',
          action: (request) => STATUS_ACTIVITY[request.body.status],
          item: (_request, data) => data.post_title,
        }),
      },
      schema: {
        tags,
        summary: 'Approve a comment, mark it as spam or move it back to review',
        params: idParamsSchema,
        body: commentStatusBodySchema,
        response: {
          200: messageEnvelope(
            z.object({ id: z.number().int(), status: z.enum(commentStatuses), post_title: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      const { post_title } = await setStatus(db(), id, status);
      return okWithMessage({ id, status, post_title }, COMMENT_STATUS_MESSAGES[status]);
    },
  );

  r.delete(
    '/blog/comments/:id',
    {
      config: {
        access: 'content',
        activity: activity({
          type: 'comment',
          action: 'Deleted comment',
          itemBefore: (request) => commentPostTitle(db(), request.params.id),
        }),
      },
      schema: { tags, summary: 'Delete a comment', params: idParamsSchema, response: { 200: idAnswer } },
    },
    async (request) => {
      await deleteComment(db(), request.params.id);
      return okWithMessage({ id: request.params.id }, BlogAdminMessage.COMMENT_DELETED);
    },
  );
}
