import type { FastifyInstance } from 'fastify';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import { projectWriteRequestSchema } from '../../../shared/contracts/portfolio-admin';
import { registerRevisionRoutes, restorable } from '../../revisions/revision-routes';
import { projectRevisionFields } from './portfolio-revision-fields';
import { currentValues, projectTitle, updateProject } from './portfolio-admin.service';
import { PORTFOLIO_WRITES } from './portfolio-purges';

/** /api/portfolio/projects/{id}/revisions: a project's saved states, and restoring one (ADR 0041). */
export async function portfolioRevisionRoutes(app: FastifyInstance): Promise<void> {
  await registerRevisionRoutes(app, {
    path: '/portfolio/projects/:id',
    table: 'portfolio_projects',
    noun: 'project',
    activityType: 'portfolio',
    tags: ['portfolio (staff)'],
    notFoundMessage: PortfolioMessage.PROJECT_NOT_FOUND,
    ...PORTFOLIO_WRITES,
    fields: async (db, id) =>
      (await projectTitle(db, id)) === null ? undefined : projectRevisionFields(await currentValues(db, id)),
    name: projectTitle,
    // Through the normal update, so the page cache is purged as for any save (PORTFOLIO_WRITES).
    restore: (db, id, fields, save) => updateProject(db, id, restorable(projectWriteRequestSchema, fields), save),
  });
}
