import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/contracts/common';
import { messageEnvelope } from '../../../shared/contracts/common';
import {
  PortfolioMessage,
  formatPortfolioMessage,
  projectBulkActionWords,
  projectBulkDeleteRequestSchema,
  projectBulkRequestSchema,
  projectBulkResultSchema,
  projectDetailSchema,
  projectFeaturedRequestSchema,
  projectOrderRequestSchema,
  projectPublishedRequestSchema,
  projectWriteRequestSchema,
} from '../../../shared/contracts/portfolio';
import { z } from '../../../shared/zod';
import { requireUser } from '../../plugins/auth';
import {
  bulkProjects,
  createProject,
  deleteProject,
  reorderProjects,
  setProjectFlag,
  updateProject,
} from './portfolio.service';

const projectData = messageEnvelope(z.object({ project: projectDetailSchema }));
const bulkData = messageEnvelope(projectBulkResultSchema);
const tags = ['portfolio (staff)'];
/** Editors and admins manage the portfolio; viewers only read (decisions.md). */
const config = { access: 'content' } as const;

/** /api/portfolio: staff writes. Reads go through the public routes, which show staff everything. */
export async function portfolioAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  r.post(
    '/portfolio/projects',
    {
      config,
      schema: {
        tags,
        summary: 'Create a project (slug made from the title)',
        body: projectWriteRequestSchema,
        response: { 201: projectData },
      },
    },
    async (request, reply) => {
      const project = await createProject(db(), request.body, requireUser(request).id);
      reply.status(201);
      return { success: true as const, data: { project }, message: PortfolioMessage.CREATED };
    },
  );

  r.put(
    '/portfolio/projects/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Update a project; absent fields keep their value and the slug stays',
        params: idParamsSchema,
        body: projectWriteRequestSchema,
        response: { 200: projectData },
      },
    },
    async (request) => {
      const project = await updateProject(db(), request.params.id, request.body, requireUser(request).id);
      return { success: true as const, data: { project }, message: PortfolioMessage.UPDATED };
    },
  );

  r.delete(
    '/portfolio/projects/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a project with its technologies, images, team, testimonials and likes',
        params: idParamsSchema,
        response: { 200: messageEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await deleteProject(db(), request.params.id, requireUser(request).id);
      return { success: true as const, data: { id: request.params.id }, message: PortfolioMessage.DELETED };
    },
  );

  r.patch(
    '/portfolio/projects/:id/featured',
    {
      config,
      schema: {
        tags,
        summary: 'Feature or unfeature a project (flips it when no value is sent)',
        params: idParamsSchema,
        body: projectFeaturedRequestSchema,
        response: { 200: projectData },
      },
    },
    async (request) => {
      const project = await setProjectFlag(
        db(),
        request.params.id,
        'featured',
        request.body?.featured,
        requireUser(request).id,
      );
      return { success: true as const, data: { project }, message: PortfolioMessage.UPDATED };
    },
  );

  r.patch(
    '/portfolio/projects/:id/published',
    {
      config,
      schema: {
        tags,
        summary: 'Publish or unpublish a project (flips it when no value is sent)',
        params: idParamsSchema,
        body: projectPublishedRequestSchema,
        response: { 200: projectData },
      },
    },
    async (request) => {
      const project = await setProjectFlag(
        db(),
        request.params.id,
        'published',
        request.body?.published,
        requireUser(request).id,
      );
      return { success: true as const, data: { project }, message: PortfolioMessage.UPDATED };
    },
  );

  // Both spellings are in the documents: /portfolio/order (and /bulk) and /portfolio/projects/order.
  for (const url of ['/portfolio/order', '/portfolio/projects/order']) {
    r.patch(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'Set the display order (sort_order) of projects',
          body: projectOrderRequestSchema,
          response: {
            200: messageEnvelope(
              z.object({ order: z.array(z.object({ id: z.number().int(), order: z.number().int() })) }),
            ),
          },
        },
      },
      async (request) => {
        const order = await reorderProjects(db(), request.body);
        return { success: true as const, data: { order }, message: PortfolioMessage.ORDER_SAVED };
      },
    );
  }

  for (const url of ['/portfolio/bulk', '/portfolio/projects/bulk']) {
    r.patch(
      url,
      {
        config,
        schema: {
          tags,
          summary: 'Mark complete, feature, unfeature, publish, unpublish or delete several projects',
          body: projectBulkRequestSchema,
          response: { 200: bulkData },
        },
      },
      async (request) => {
        const { operation, projectIds } = request.body;
        const data = await bulkProjects(db(), operation, projectIds, requireUser(request).id);
        const message = formatPortfolioMessage(PortfolioMessage.BULK_DONE, {
          count: data.succeeded.length,
          action: projectBulkActionWords[operation],
        });
        return { success: true as const, data, message };
      },
    );
  }

  r.delete(
    '/portfolio/projects/bulk',
    {
      config,
      schema: {
        tags,
        summary: 'Delete several projects',
        body: projectBulkDeleteRequestSchema,
        response: { 200: bulkData },
      },
    },
    async (request) => {
      const data = await bulkProjects(db(), 'delete', request.body.projectIds, requireUser(request).id);
      const message = formatPortfolioMessage(PortfolioMessage.BULK_DELETED, { count: data.succeeded.length });
      return { success: true as const, data, message };
    },
  );
}
