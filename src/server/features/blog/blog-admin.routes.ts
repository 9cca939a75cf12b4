import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okWithMessage } from '../../../shared/contracts/common';
import { messageEnvelope } from '../../../shared/contracts/common';
import { blogCategorySchema, type BlogCategory } from '../../../shared/contracts/blog';
import {
  BlogAdminMessage,
  blogAdminPostSchema,
  blogBulkBodySchema,
  blogBulkDeleteBodySchema,
  blogBulkMessage,
  blogBulkResultSchema,
  blogCategoryBodySchema,
  blogFeaturedBodySchema,
  blogOrderBodySchema,
  blogPostWriteSchema,
  blogPublishedBodySchema,
  type BlogAdminPost,
  type BlogBulkOperation,
  type BlogBulkResult,
} from '../../../shared/contracts/blog-admin';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { declareWrites } from '../../pages/page-purges';
import { addScheduledPublisher } from '../../jobs/scheduled-publishing';
import { saveOptionsOf } from '../../revisions/revision-routes';
import {
  bulkAction,
  createPost,
  deletePost,
  postTitle,
  reorderPosts,
  setPostFlag,
  updatePost,
} from './blog-admin.service';
import { categoryName, createCategory, deleteCategory, updateCategory } from './blog-categories.service';
import { publishDuePosts } from './post-schedule.repository';
import { BLOG_WRITES } from './blog-purges';

const tags = ['blog admin'];
const content = { access: 'content' } as const;
const postAnswer = messageEnvelope(z.object({ post: blogAdminPostSchema }));
const idAnswer = messageEnvelope(z.object({ id: z.number().int() }));
const categoryAnswer = messageEnvelope(z.object({ category: blogCategorySchema }));

/** The recent activity's words for a bulk operation ("Published 3 posts"). */
const BULK_ACTIVITY: Record<BlogBulkOperation, string> = {
  publish: 'Published',
  unpublish: 'Unpublished',
  delete: 'Deleted',
  feature: 'Featured',
  unfeature: 'Unfeatured',
};
const bulkActivity = activity<BlogBulkResult, unknown>({
  type: 'blog',
  action: (_request, { operation, succeeded }) =>
    succeeded > 0 ? `${BULK_ACTIVITY[operation]} ${succeeded} ${succeeded === 1 ? 'post' : 'posts'}` : null,
});

/**
 * /api/blog staff routes: writes need the 'content' permission (admin, editor); comments have their own
 * (blog-comments.routes.ts). Staff reads of posts (drafts) go through the public GET routes with a bearer token.
 */
export async function blogAdminRoutes(app: FastifyInstance): Promise<void> {
  declareWrites(app, BLOG_WRITES);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  /** A change answered with the post ("Published post", its title). */
  const post = (action: string | ((post: BlogAdminPost) => string)) =>
    activity<{ post: BlogAdminPost }>({
      type: 'blog',
      action: (_request, data) => (typeof action === 'string' ? action : action(data.post)),
      item: (_request, data) => data.post.title,
    });
  const category = (action: string) =>
    activity<{ category: BlogCategory }>({ type: 'blog', action, item: (_request, data) => data.category.name });

  addScheduledPublisher(app, {
    name: 'publish-scheduled-posts',
    type: 'blog',
    action: 'Published scheduled post',
    // Every list, feed and article (their related posts) may show it; its address answered "not found".
    tags: () => ['posts'],
    publishDue: (now) => publishDuePosts(db(), now, app.config.siteTimeZone),
  });

  r.post(
    '/blog/posts',
    {
      config: { ...content, activity: post((p) => (p.status === 'scheduled' ? 'Scheduled post' : 'Created post')) },
      schema: {
        tags,
        summary: 'Create a blog post (the blog-form rules apply; content HTML is sanitised)',
        body: blogPostWriteSchema,
        response: { 201: postAnswer },
      },
    },
    async (request, reply) => {
      const post = await createPost(db(), request.body, new Date(), saveOptionsOf(request));
      reply.status(201);
      return okWithMessage({ post }, BlogAdminMessage.POST_CREATED);
    },
  );

  // Static before parametric: DELETE /blog/posts/bulk is not a post id.
  r.delete(
    '/blog/posts/bulk',
    {
      config: { ...content, activity: bulkActivity },
      schema: {
        tags,
        summary: 'Delete several posts; ids that do not exist are reported in `failed`',
        body: blogBulkDeleteBodySchema,
        response: { 200: messageEnvelope(blogBulkResultSchema) },
      },
    },
    async (request) => {
      const data = await bulkAction(db(), 'delete', request.body.postIds);
      return okWithMessage(data, blogBulkMessage(data.succeeded, 'delete'));
    },
  );

  r.put(
    '/blog/posts/:id',
    {
      config: { ...content, activity: post((p) => (p.status === 'scheduled' ? 'Scheduled post' : 'Updated post')) },
      schema: {
        tags,
        summary:
          'Update a blog post; absent fields keep their value, the slug changes only when sent; {version} refuses a stale copy (409)',
        params: idParamsSchema,
        body: blogPostWriteSchema,
        response: { 200: postAnswer },
      },
    },
    async (request) => {
      const save = saveOptionsOf(request, request.body.version);
      const post = await updatePost(db(), request.params.id, request.body, new Date(), save);
      return okWithMessage({ post }, BlogAdminMessage.POST_UPDATED);
    },
  );

  r.delete(
    '/blog/posts/:id',
    {
      config: {
        ...content,
        activity: activity({
          type: 'blog',
          action: 'Deleted post',
          itemBefore: (request) => postTitle(db(), request.params.id),
        }),
      },
      schema: { tags, summary: 'Delete a blog post', params: idParamsSchema, response: { 200: idAnswer } },
    },
    async (request) => {
      await deletePost(db(), request.params.id);
      return okWithMessage({ id: request.params.id }, BlogAdminMessage.POST_DELETED);
    },
  );

  r.patch(
    '/blog/posts/:id/featured',
    {
      config: { ...content, activity: post((p) => (p.featured ? 'Featured post' : 'Unfeatured post')) },
      schema: {
        tags,
        summary: 'Set featured to the value sent ({featured}), or flip it when the body has none',
        params: idParamsSchema,
        body: blogFeaturedBodySchema,
        response: { 200: postAnswer },
      },
    },
    async (request) => {
      const post = await setPostFlag(db(), request.params.id, 'featured', request.body?.featured);
      const message = post.featured ? BlogAdminMessage.POST_FEATURED : BlogAdminMessage.POST_UNFEATURED;
      return okWithMessage({ post }, message);
    },
  );

  r.patch(
    '/blog/posts/:id/published',
    {
      config: { ...content, activity: post((p) => (p.published ? 'Published post' : 'Unpublished post')) },
      schema: {
        tags,
        summary: 'Set published to the value sent ({published}), or flip it when the body has none',
        params: idParamsSchema,
        body: blogPublishedBodySchema,
        response: { 200: postAnswer },
      },
    },
    async (request) => {
      const post = await setPostFlag(db(), request.params.id, 'published', request.body?.published);
      const message = post.published ? BlogAdminMessage.POST_PUBLISHED : BlogAdminMessage.POST_UNPUBLISHED;
      return okWithMessage({ post }, message);
    },
  );

  r.patch(
    '/blog/order',
    {
      config: { ...content, activity: activity({ type: 'blog', action: 'Reordered posts' }) },
      schema: {
        tags,
        summary: 'Save the manual order (sort_order): postIds in order, or [{id, order}]',
        body: blogOrderBodySchema,
        response: {
          200: messageEnvelope(
            z.object({
              updated: z.number().int(),
              failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const data = await reorderPosts(db(), request.body);
      return okWithMessage(data, BlogAdminMessage.ORDER_SAVED);
    },
  );

  r.patch(
    '/blog/bulk',
    {
      config: { ...content, activity: bulkActivity },
      schema: {
        tags,
        summary: 'Publish, unpublish, delete, feature or unfeature several posts; missing ids are reported in `failed`',
        body: blogBulkBodySchema,
        response: { 200: messageEnvelope(blogBulkResultSchema) },
      },
    },
    async (request) => {
      const { operation, postIds } = request.body;
      const data = await bulkAction(db(), operation, postIds);
      return okWithMessage(data, blogBulkMessage(data.succeeded, operation));
    },
  );

  r.post(
    '/blog/categories',
    {
      config: { ...content, activity: category('Created category') },
      schema: {
        tags,
        summary: 'Create a blog category (slug from the name unless given)',
        body: blogCategoryBodySchema,
        response: { 201: categoryAnswer },
      },
    },
    async (request, reply) => {
      const category = await createCategory(db(), request.body);
      reply.status(201);
      return okWithMessage({ category }, BlogAdminMessage.CATEGORY_CREATED);
    },
  );

  r.put(
    '/blog/categories/:id',
    {
      config: { ...content, activity: category('Updated category') },
      schema: {
        tags,
        summary: 'Update a blog category; absent fields keep their value',
        params: idParamsSchema,
        body: blogCategoryBodySchema,
        response: { 200: categoryAnswer },
      },
    },
    async (request) => {
      const category = await updateCategory(db(), request.params.id, request.body);
      return okWithMessage({ category }, BlogAdminMessage.CATEGORY_UPDATED);
    },
  );

  r.delete(
    '/blog/categories/:id',
    {
      config: {
        ...content,
        activity: activity({
          type: 'blog',
          action: 'Deleted category',
          itemBefore: (request) => categoryName(db(), request.params.id),
        }),
      },
      schema: {
        tags,
        summary: 'Delete a blog category that no post uses (409 otherwise)',
        params: idParamsSchema,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      await deleteCategory(db(), request.params.id);
      return okWithMessage({ id: request.params.id }, BlogAdminMessage.CATEGORY_DELETED);
    },
  );
}
