import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommentModerationMessage } from '../../../shared/contracts/comment-moderation';
import { isbot } from 'isbot';
import { successEnvelope, messageEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import {
  blogCategorySchema,
  blogCommentRequestSchema,
  blogCommentSchema,
  blogLikeDataSchema,
  blogListDataSchema,
  blogListQuerySchema,
  blogPostDetailSchema,
  blogPostParamsSchema,
  blogPostSummarySchema,
  blogRelatedQuerySchema,
  blogTagSchema,
  blogViewDataSchema,
} from '../../../shared/contracts/blog';
import { BlogMessage } from '../../../shared/contracts/blog.values';
import {
  blogAdminListDataSchema,
  blogAdminPostSchema,
  blogSearchBodySchema,
  blogStatsSchema,
} from '../../../shared/contracts/blog-admin';
import { z } from '../../../shared/zod';
import { optionalUser } from '../../http/auth';
import { NO_PAGES } from '../../pages/page-purges';
import { postTag } from '../../pages/page-tags';
import {
  blogStats,
  getPost,
  getPostForStaff,
  likePost,
  listCategories,
  listPosts,
  listPostsForStaff,
  listRelatedPosts,
  listTags,
  searchPosts,
  viewPost,
  visitorKey,
} from './blog.service';
import { listComments, postComment } from './blog-comments.service';

const tags = ['blog'];
const config = { access: 'public' } as const;
/** Per client address (request.ip honours only trusted proxies). */
export const LIKE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
export const COMMENT_RATE_LIMIT = { max: 5, timeWindow: 60_000 };
/** Per client address: an article view is one beacon a page. */
export const VIEW_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** Public reads may be cached briefly by browsers and proxies. */
function publicCache(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
}

/**
 * Reads that answer staff (a valid bearer token) differently from visitors: staff answers are never
 * stored by any cache, and shared caches must keep the two apart.
 */
function viewerCache(reply: FastifyReply, staff: boolean): void {
  reply.header('vary', 'Authorization');
  if (staff) reply.header('cache-control', 'private, no-store');
  else publicCache(reply);
}

/** /api/blog: the public, read-only blog (published posts only). */
export async function blogPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  // The auth plugin already refuses to start without it; the like key is keyed by the same secret.
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('JWT secret missing: the blog like key needs it');
  // The categories with their counts of published posts: kept until a write to the blog purges 'posts'.
  const keptCategories = app.pageCache.keep('posts', () => listCategories(db()));

  r.get(
    '/blog/posts',
    {
      config,
      schema: {
        tags,
        summary:
          'Blog posts, filtered, sorted and paged. Visitors: published only. Staff (bearer token): drafts too, `published` filters',
        querystring: blogListQuerySchema,
        response: { 200: successEnvelope(z.union([blogAdminListDataSchema, blogListDataSchema])) },
      },
    },
    async (request, reply) => {
      const staff = await optionalUser(request);
      const count = app.pageCache.counts('posts');
      const data = staff
        ? await listPostsForStaff(db(), request.query, count)
        : await listPosts(db(), request.query, count);
      viewerCache(reply, Boolean(staff));
      return ok(data);
    },
  );

  r.get(
    '/blog/posts/:slugOrId',
    {
      config,
      schema: {
        tags,
        summary:
          'One blog post by slug or id. Visitors: published only. Staff: drafts too. Reading never counts a view (see POST .../view)',
        params: blogPostParamsSchema,
        response: { 200: successEnvelope(z.union([blogAdminPostSchema, blogPostDetailSchema])) },
      },
    },
    async (request, reply) => {
      const staff = await optionalUser(request);
      if (staff) {
        const data = await getPostForStaff(db(), request.params.slugOrId);
        viewerCache(reply, true);
        return ok(data);
      }
      const data = await getPost(db(), request.params.slugOrId);
      viewerCache(reply, false);
      return ok(data);
    },
  );

  r.get(
    '/blog/stats',
    {
      config,
      schema: {
        tags,
        summary: 'Blog counts and totals: published posts for visitors, drafts too for staff',
        response: { 200: successEnvelope(blogStatsSchema) },
      },
    },
    async (request, reply) => {
      const staff = Boolean(await optionalUser(request));
      const data = await blogStats(db(), staff);
      viewerCache(reply, staff);
      return ok(data);
    },
  );

  r.post(
    '/blog/search',
    {
      // A search sent by POST changes nothing.
      config: { ...config, purges: NO_PAGES },
      schema: {
        tags,
        summary: 'Search posts (title, excerpt, content) with optional category and tag; visitors get published only',
        body: blogSearchBodySchema,
        response: { 200: successEnvelope(z.union([blogAdminListDataSchema, blogListDataSchema])) },
      },
    },
    async (request, reply) => {
      const staff = Boolean(await optionalUser(request));
      const data = await searchPosts(db(), request.body, staff);
      reply.header('cache-control', 'no-store');
      return ok(data);
    },
  );

  r.get(
    '/blog/posts/:slugOrId/related',
    {
      config,
      schema: {
        tags,
        summary: 'Published posts of the same category, newest first',
        params: blogPostParamsSchema,
        querystring: blogRelatedQuerySchema,
        response: { 200: successEnvelope(z.object({ posts: z.array(blogPostSummarySchema) })) },
      },
    },
    async (request, reply) => {
      const posts = await listRelatedPosts(db(), request.params.slugOrId, request.query.limit);
      publicCache(reply);
      return ok({ posts });
    },
  );

  r.get(
    '/blog/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Blog categories with their number of published posts (staff answers are never cached)',
        response: { 200: successEnvelope(z.object({ categories: z.array(blogCategorySchema) })) },
      },
    },
    async (request, reply) => {
      const categories = await keptCategories();
      viewerCache(reply, Boolean(await optionalUser(request)));
      return ok({ categories });
    },
  );

  r.get(
    '/blog/tags',
    {
      config,
      schema: {
        tags,
        summary: 'Tags of published posts with their number of posts (staff answers are never cached)',
        response: { 200: successEnvelope(z.object({ tags: z.array(blogTagSchema) })) },
      },
    },
    async (request, reply) => {
      const list = await listTags(db());
      viewerCache(reply, Boolean(await optionalUser(request)));
      return ok({ tags: list });
    },
  );

  r.post(
    '/blog/posts/:slugOrId/view',
    {
      // The view count is a counter refreshed by the TTL: one view must not purge its page for everybody.
      config: { access: 'public', rateLimit: VIEW_RATE_LIMIT, purges: NO_PAGES },
      schema: {
        tags,
        summary:
          "Count a visitor's view of a published post, once a day per visitor (the article page sends it as a beacon); staff and robots are not counted",
        params: blogPostParamsSchema,
        response: { 200: successEnvelope(blogViewDataSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userAgent = request.headers['user-agent'];
      if (!userAgent || isbot(userAgent) || (await optionalUser(request))) {
        await getPost(db(), request.params.slugOrId); // still 404 for an unknown or unpublished post
        return ok({ counted: false });
      }
      const visitor = visitorKey(request.ip, userAgent, secret);
      return ok(await viewPost(db(), request.params.slugOrId, visitor));
    },
  );

  r.post(
    '/blog/posts/:slugOrId/like',
    {
      // That article, on this instance only: the others show the count refreshed within the TTL.
      config: {
        access: 'public',
        rateLimit: LIKE_RATE_LIMIT,
        purges: (params) => [postTag(params.slugOrId!)],
        purgeLocal: true,
      },
      schema: {
        tags,
        summary: 'Like a published post; one like per visitor, repeats are not counted',
        params: blogPostParamsSchema,
        response: { 200: successEnvelope(blogLikeDataSchema) },
      },
    },
    async (request) => {
      const visitor = visitorKey(request.ip, request.headers['user-agent'], secret);
      const data = await likePost(db(), request.params.slugOrId, visitor);
      return ok(data);
    },
  );

  r.get(
    '/blog/posts/:slugOrId/comments',
    {
      config,
      schema: {
        tags,
        summary: 'Approved comments of a published post, oldest first (never the e-mail)',
        params: blogPostParamsSchema,
        response: { 200: successEnvelope(z.object({ comments: z.array(blogCommentSchema) })) },
      },
    },
    async (request, reply) => {
      const comments = await listComments(db(), request.params.slugOrId);
      reply.header('cache-control', 'no-store');
      return ok({ comments });
    },
  );

  r.post(
    '/blog/posts/:slugOrId/comments',
    {
      config: { access: 'public', rateLimit: COMMENT_RATE_LIMIT, purges: (params) => [postTag(params.slugOrId!)] },
      schema: {
        tags,
        summary: 'Comment on a published post (plain text; the e-mail is never shown)',
        params: blogPostParamsSchema,
        body: blogCommentRequestSchema,
        response: {
          201: messageEnvelope(z.object({ comment: blogCommentSchema })),
        },
      },
    },
    async (request, reply) => {
      const comment = await postComment(db(), app.staffAlerts, request.params.slugOrId, request.body);
      reply.status(201);
      return okWithMessage(
        { comment },
        comment.awaiting_review ? CommentModerationMessage.AWAITING_REVIEW : BlogMessage.COMMENT_POSTED,
      );
    },
  );
}
