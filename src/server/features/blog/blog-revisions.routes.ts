import type { FastifyInstance } from 'fastify';
import { ErrorMessage } from '../../../shared/errors';
import { blogPostWriteSchema } from '../../../shared/contracts/blog-admin';
import { registerRevisionRoutes, restorable } from '../../revisions/revision-routes';
import { postTitle, updatePost } from './blog-admin.service';
import { postRevisionFields } from './blog-revision-fields';
import { BLOG_WRITES } from './blog-purges';

/** /api/blog/posts/{id}/revisions: a post's saved states, and restoring one (ADR 0041). */
export async function blogRevisionRoutes(app: FastifyInstance): Promise<void> {
  await registerRevisionRoutes(app, {
    path: '/blog/posts/:id',
    table: 'blog_posts',
    noun: 'post',
    activityType: 'blog',
    tags: ['blog admin'],
    notFoundMessage: ErrorMessage.BLOG_POST_NOT_FOUND,
    ...BLOG_WRITES,
    fields: async (db, id) => (await postRevisionFields(db, id))?.fields,
    name: postTitle,
    // Through the normal update: a changed slug leaves a redirect, the page cache is purged (BLOG_WRITES).
    restore: (db, id, fields, save) => updatePost(db, id, restorable(blogPostWriteSchema, fields), new Date(), save),
  });
}
