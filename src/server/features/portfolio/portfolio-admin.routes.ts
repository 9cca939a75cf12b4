import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okWithMessage } from '../../../shared/contracts/common';
import { messageEnvelope } from '../../../shared/contracts/common';
import { projectDetailSchema, type ProjectDetail } from '../../../shared/contracts/portfolio';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import {
  formatPortfolioMessage,
  projectBulkActionWords,
  projectBulkDeleteRequestSchema,
  projectBulkRequestSchema,
  projectBulkResultSchema,
  projectFeaturedRequestSchema,
  projectOrderRequestSchema,
  projectPublishedRequestSchema,
  projectWriteRequestSchema,
  type ProjectBulkOperation,
  type ProjectBulkResult,
} from '../../../shared/contracts/portfolio-admin';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { declareWrites } from '../../pages/page-purges';
import { addScheduledPublisher } from '../../jobs/scheduled-publishing';
import { saveOptionsOf } from '../../revisions/revision-routes';
import {
  bulkProjects,
  createProject,
  deleteProject,
  projectTitle,
  reorderProjects,
  setProjectFlag,
  updateProject,
} from './portfolio-admin.service';
import { publishDueProjects } from './project-schedule.repository';
import { PORTFOLIO_WRITES } from './portfolio-purges';

const projectData = messageEnvelope(z.object({ project: projectDetailSchema }));
const bulkData = messageEnvelope(projectBulkResultSchema);
const tags = ['portfolio (staff)'];
/** Editors and admins manage the portfolio; viewers only read. */
const config = { access: 'content' } as const;

/** The recent activity's words for a bulk operation ("Published 3 projects"). */
const BULK_ACTIVITY: Record<ProjectBulkOperation, (projects: string) => string> = {
  complete: (projects) => `Marked ${projects} complete`,
  feature: (projects) => `Featured ${projects}`,
  unfeature: (projects) => `Unfeatured ${projects}`,
  publish: (projects) => `Published ${projects}`,
  unpublish: (projects) => `Unpublished ${projects}`,
  delete: (projects) => `Deleted ${projects}`,
};
const bulkActivity = activity<ProjectBulkResult, unknown>({
  type: 'portfolio',
  action: (_request, { operation, succeeded }) =>
    succeeded.length === 0
      ? null
      : BULK_ACTIVITY[operation](`${succeeded.length} ${succeeded.length === 1 ? 'project' : 'projects'}`),
});
const projectActivity = (action: (project: ProjectDetail) => string) =>
  activity<{ project: ProjectDetail }>({
    type: 'portfolio',
    action: (_request, data) => action(data.project),
    item: (_request, data) => data.project.title,
  });

/** /api/portfolio: staff writes. Reads go through the public routes, which show staff everything. */
export async function portfolioAdminRoutes(app: FastifyInstance): Promise<void> {
  declareWrites(app, PORTFOLIO_WRITES);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  addScheduledPublisher(app, {
    name: 'publish-scheduled-projects',
    type: 'portfolio',
    action: 'Published scheduled project',
    // Every list, the sitemap and the project pages (their related projects) may show it.
    tags: () => ['projects'],
    publishDue: (now) => publishDueProjects(db(), now),
  });

  r.post(
    '/portfolio/projects',
    {
      config: {
        ...config,
        activity: projectActivity((p) =>
          p.publication_status === 'scheduled' ? 'Scheduled project' : 'Created project',
        ),
      },
      schema: {
        tags,
        summary: 'Create a project (slug made from the title)',
        body: projectWriteRequestSchema,
        response: { 201: projectData },
      },
    },
    async (request, reply) => {
      const project = await createProject(db(), request.body, saveOptionsOf(request));
      reply.status(201);
      return okWithMessage({ project }, PortfolioMessage.CREATED);
    },
  );

  r.put(
    '/portfolio/projects/:id',
    {
      config: {
        ...config,
        activity: projectActivity((p) =>
          p.publication_status === 'scheduled' ? 'Scheduled project' : 'Updated project',
        ),
      },
      schema: {
        tags,
        summary: 'Update a project; absent fields keep their value and the slug stays',
        params: idParamsSchema,
        body: projectWriteRequestSchema,
        response: { 200: projectData },
      },
    },
    async (request) => {
      const save = saveOptionsOf(request, request.body.version);
      const project = await updateProject(db(), request.params.id, request.body, save);
      return okWithMessage({ project }, PortfolioMessage.UPDATED);
    },
  );

  r.delete(
    '/portfolio/projects/:id',
    {
      config: {
        ...config,
        activity: activity({
          type: 'portfolio',
          action: 'Deleted project',
          itemBefore: (request) => projectTitle(db(), request.params.id),
        }),
      },
      schema: {
        tags,
        summary: 'Delete a project with its technologies, images, team, testimonials and likes',
        params: idParamsSchema,
        response: { 200: messageEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await deleteProject(db(), request.params.id);
      return okWithMessage({ id: request.params.id }, PortfolioMessage.DELETED);
    },
  );

  r.patch(
    '/portfolio/projects/:id/featured',
    {
      config: {
        ...config,
        activity: projectActivity((project) => (project.featured ? 'Featured project' : 'Unfeatured project')),
      },
      schema: {
        tags,
        summary: 'Feature or unfeature a project (flips it when no value is sent)',
        params: idParamsSchema,
        body: projectFeaturedRequestSchema,
        response: { 200: projectData },
      },
    },
    async (request) => {
      const project = await setProjectFlag(db(), request.params.id, 'featured', request.body?.featured);
      return okWithMessage({ project }, PortfolioMessage.UPDATED);
    },
  );

  r.patch(
    '/portfolio/projects/:id/published',
    {
      config: {
        ...config,
        activity: projectActivity((project) => (project.published ? 'Published project' : 'Unpublished project')),
      },
      schema: {
        tags,
        summary: 'Publish or unpublish a project (flips it when no value is sent)',
        params: idParamsSchema,
        body: projectPublishedRequestSchema,
        response: { 200: projectData },
      },
    },
    async (request) => {
      const project = await setProjectFlag(db(), request.params.id, 'published', request.body?.published);
      return okWithMessage({ project }, PortfolioMessage.UPDATED);
    },
  );

  // Both spellings are in the documents: /portfolio/order (and /bulk) and /portfolio/projects/order.
  for (const url of ['/portfolio/order', '/portfolio/projects/order']) {
    r.patch(
      url,
      {
        config: { ...config, activity: activity({ type: 'portfolio', action: 'Reordered projects' }) },
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
        return okWithMessage({ order }, PortfolioMessage.ORDER_SAVED);
      },
    );
  }

  for (const url of ['/portfolio/bulk', '/portfolio/projects/bulk']) {
    r.patch(
      url,
      {
        config: { ...config, activity: bulkActivity },
        schema: {
          tags,
          summary: 'Mark complete, feature, unfeature, publish, unpublish or delete several projects',
          body: projectBulkRequestSchema,
          response: { 200: bulkData },
        },
      },
      async (request) => {
        const { operation, projectIds } = request.body;
        const data = await bulkProjects(db(), operation, projectIds);
        const message = formatPortfolioMessage(PortfolioMessage.BULK_DONE, {
          count: data.succeeded.length,
          action: projectBulkActionWords[operation],
        });
        return okWithMessage(data, message);
      },
    );
  }

  r.delete(
    '/portfolio/projects/bulk',
    {
      config: { ...config, activity: bulkActivity },
      schema: {
        tags,
        summary: 'Delete several projects',
        body: projectBulkDeleteRequestSchema,
        response: { 200: bulkData },
      },
    },
    async (request) => {
      const data = await bulkProjects(db(), 'delete', request.body.projectIds);
      const message = formatPortfolioMessage(PortfolioMessage.BULK_DELETED, { count: data.succeeded.length });
      return okWithMessage(data, message);
    },
  );
}
