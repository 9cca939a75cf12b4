import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, ok, okWithMessage, successEnvelope } from '../../../shared/contracts/common';
import {
  newsletterListDataSchema,
  newsletterListQuerySchema,
  newsletterSubscribeRequestSchema,
  newsletterSubscribeResponseSchema,
} from '../../../shared/contracts/newsletter';
import { NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { z } from '../../../shared/zod';
import { newsletterSendRoutes } from './newsletter-sends.routes';
import {
  exportSubscribersCsv,
  listSubscribersPage,
  newsletterContext,
  removeSubscriber,
  subscribe,
} from './newsletter.service';

const tags = ['newsletter'];
/** Per client address (request.ip honours only trusted proxies), like blog comments. */
export const SUBSCRIBE_RATE_LIMIT = { max: 5, timeWindow: 60_000 };

/** /api/newsletter: the public sign-up and the staff list of subscribers. */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  // Subscribers and sendings: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const ctx = newsletterContext(app);
  await app.register(newsletterSendRoutes);

  r.post(
    '/subscribe',
    {
      config: { access: 'public', rateLimit: SUBSCRIBE_RATE_LIMIT },
      schema: {
        tags,
        summary:
          'Sign an e-mail address up for the newsletter: it is mailed a link to confirm (201 new, 200 already known)',
        body: newsletterSubscribeRequestSchema,
        response: { 200: newsletterSubscribeResponseSchema, 201: newsletterSubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await subscribe(ctx(), request.body);
      reply.header('cache-control', 'no-store');
      reply.status(outcome === 'created' ? 201 : 200);
      const message = outcome === 'already' ? NewsletterMessage.ALREADY_SUBSCRIBED : NewsletterMessage.SUBSCRIBED;
      return okWithMessage({ subscribed: true as const }, message);
    },
  );

  r.get(
    '/subscribers',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Newsletter subscribers, newest first, filtered by address and status',
        querystring: newsletterListQuerySchema,
        response: { 200: successEnvelope(newsletterListDataSchema) },
      },
    },
    async (request) => ok(await listSubscribersPage(db(), request.query)),
  );

  r.get(
    '/subscribers/export',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Newsletter subscribers matching the list filters as a CSV download',
        querystring: newsletterListQuerySchema.pick({ search: true, status: true }),
      },
    },
    async (request, reply) => {
      const csv = await exportSubscribersCsv(db(), request.query);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'private, no-store');
      return csv;
    },
  );

  r.delete(
    '/subscribers/:id',
    {
      config: { access: 'content' },
      schema: {
        tags,
        summary: 'Delete a newsletter subscriber',
        params: idParamsSchema,
        response: { 200: messageEnvelope(z.null()) },
      },
    },
    async (request) => {
      await removeSubscriber(db(), request.params.id);
      return okWithMessage(null, NewsletterMessage.SUBSCRIBER_DELETED);
    },
  );
}
