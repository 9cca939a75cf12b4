import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope, ok } from '../../../shared/contracts/common';
import { activityItemSchema, activityQuerySchema } from '../../../shared/contracts/analytics-dashboard';
import { z } from '../../../shared/zod';
import { listActivity, pruneActivity } from './activity.repository';

/** /api/analytics/activity: the recent activity of the Overview tab, for every signed-in staff member. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  // The recent activity: no page shows it.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Visitors' contact requests and comments are recorded inside their own transactions, unpruned there.
  app.scheduler.add({ name: 'activity-prune', everyMs: 10 * 60_000, run: () => pruneActivity(app.database.db) });

  r.get(
    '/activity',
    {
      config: { access: 'read' },
      schema: {
        tags: ['analytics'],
        summary: 'Recent activity, newest first: staff actions, new contact requests and comments (50 kept)',
        querystring: activityQuerySchema,
        response: { 200: successEnvelope(z.object({ activities: z.array(activityItemSchema) })) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok({ activities: await listActivity(app.database.db, request.query.limit) });
    },
  );
}
