import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BlogMessage,
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
} from '../../../shared/contracts/blog';
import { z } from '../../../shared/zod';
import {
  getPost,
  likePost,
  listCategories,
  listComments,
  listPosts,
  listRelatedPosts,
  listTags,
  postComment,
  visitorKey,
} from './blog.service';

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const tags = ['blog'];
const config = { access: 'public' } as const;
/** Per client address (request.ip honours only trusted proxies). */
export const LIKE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
export const COMMENT_RATE_LIMIT = { max: 5, timeWindow: 60_000 };

/** Public reads may be cached briefly by browsers and proxies. */
function publicCache(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
}

/** /api/blog: the public, read-only blog (published posts only). */
export async function blogPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  // The auth plugin already refuses to start without it; the like key is keyed by the same secret.
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('JWT secret missing: the blog like key needs it');

  r.get(
    '/blog/posts',
    {
      config,
      schema: {
        tags,
        summary: 'Published blog posts, filtered, sorted and paged',
        querystring: blogListQuerySchema,
        response: { 200: envelope(blogListDataSchema) },
      },
    },
    async (request, reply) => {
      const data = await listPosts(db(), request.query);
      publicCache(reply);
      return { success: true as const, data };
    },
  );

  r.get(
    '/blog/posts/:slugOrId',
    {
      config,
      schema: {
        tags,
        summary: 'One published blog post by slug or id',
        params: blogPostParamsSchema,
        response: { 200: envelope(blogPostDetailSchema) },
      },
    },
    async (request, reply) => {
      const data = await getPost(db(), request.params.slugOrId);
      publicCache(reply);
      return { success: true as const, data };
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
        response: { 200: envelope(z.object({ posts: z.array(blogPostSummarySchema) })) },
      },
    },
    async (request, reply) => {
      const posts = await listRelatedPosts(db(), request.params.slugOrId, request.query.limit);
      publicCache(reply);
      return { success: true as const, data: { posts } };
    },
  );

  r.get(
    '/blog/categories',
    {
      config,
      schema: {
        tags,
        summary: 'Blog categories with their number of published posts',
        response: { 200: envelope(z.object({ categories: z.array(blogCategorySchema) })) },
      },
    },
    async (_request, reply) => {
      const categories = await listCategories(db());
      publicCache(reply);
      return { success: true as const, data: { categories } };
    },
  );

  r.get(
    '/blog/tags',
    {
      config,
      schema: {
        tags,
        summary: 'Tags of published posts with their number of posts',
        response: { 200: envelope(z.object({ tags: z.array(blogTagSchema) })) },
      },
    },
    async (_request, reply) => {
      const list = await listTags(db());
      publicCache(reply);
      return { success: true as const, data: { tags: list } };
    },
  );

  r.post(
    '/blog/posts/:slugOrId/like',
    {
      config: { access: 'public', rateLimit: LIKE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Like a published post; one like per visitor, repeats are not counted',
        params: blogPostParamsSchema,
        response: { 200: envelope(blogLikeDataSchema) },
      },
    },
    async (request) => {
      const visitor = visitorKey(request.ip, request.headers['user-agent'], secret);
      const data = await likePost(db(), request.params.slugOrId, visitor);
      return { success: true as const, data };
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
        response: { 200: envelope(z.object({ comments: z.array(blogCommentSchema) })) },
      },
    },
    async (request, reply) => {
      const comments = await listComments(db(), request.params.slugOrId);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { comments } };
    },
  );

  r.post(
    '/blog/posts/:slugOrId/comments',
    {
      config: { access: 'public', rateLimit: COMMENT_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Comment on a published post (plain text; the e-mail is never shown)',
        params: blogPostParamsSchema,
        body: blogCommentRequestSchema,
        response: {
          201: z.object({
            success: z.literal(true),
            data: z.object({ comment: blogCommentSchema }),
            message: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      const comment = await postComment(db(), request.params.slugOrId, request.body);
      reply.status(201);
      return { success: true as const, data: { comment }, message: BlogMessage.COMMENT_POSTED };
    },
  );
}
