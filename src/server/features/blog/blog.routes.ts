import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blogCategorySchema,
  blogListDataSchema,
  blogListQuerySchema,
  blogPostDetailSchema,
  blogPostParamsSchema,
  blogPostSummarySchema,
  blogRelatedQuerySchema,
  blogTagSchema,
} from '../../../shared/contracts/blog';
import { z } from '../../../shared/zod';
import { getPost, listCategories, listPosts, listRelatedPosts, listTags } from './blog.service';

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
const tags = ['blog'];
const config = { access: 'public' } as const;

/** Public reads may be cached briefly by browsers and proxies. */
function publicCache(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
}

/** /api/blog: the public, read-only blog (published posts only). */
export async function blogPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

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
}
