import type { FastifyInstance } from 'fastify';
import { declareWrites } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, ok, okWithMessage, successEnvelope } from '../../../shared/contracts/common';
import { RedirectMessage } from '../../../shared/contracts/redirects.values';
import {
  redirectCreateSchema,
  redirectListDataSchema,
  redirectListQuerySchema,
  redirectSchema,
} from '../../../shared/contracts/redirects';
import { z } from '../../../shared/zod';
import { createManualRedirect, deleteRedirect, listRedirects } from './redirects.service';

const tags = ['redirects'];

/** /api/redirects: the staff list (viewers read), manual redirects added and deleted by admins and editors. */
export async function redirectsRoutes(app: FastifyInstance): Promise<void> {
  // An address that now leads elsewhere, or to its page again: every page; the table is read again.
  declareWrites(app, { purges: 'all', changesRedirects: true });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  r.get(
    '/',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Redirects, newest first, with the hits counted so far',
        querystring: redirectListQuerySchema,
        response: { 200: successEnvelope(redirectListDataSchema) },
      },
    },
    async (request, reply) => {
      // This instance's counted hits first, so that the list shows them.
      await app.redirects.flushHits();
      reply.header('cache-control', 'private, no-store');
      return ok(await listRedirects(db(), request.query));
    },
  );

  r.post(
    '/',
    {
      config: { access: 'content' },
      schema: {
        tags,
        summary: 'Add a redirect from an old path to a site path or an absolute http(s) URL',
        body: redirectCreateSchema,
        response: { 201: messageEnvelope(redirectSchema) },
      },
    },
    async (request, reply) => {
      const created = await createManualRedirect(db(), request.body, request.user?.id ?? null);
      reply.status(201);
      return okWithMessage(created, RedirectMessage.CREATED);
    },
  );

  r.delete(
    '/:id',
    {
      config: { access: 'content' },
      schema: {
        tags,
        summary: 'Delete a redirect',
        params: idParamsSchema,
        response: { 200: messageEnvelope(z.null()) },
      },
    },
    async (request) => {
      await deleteRedirect(db(), request.params.id);
      return okWithMessage(null, RedirectMessage.DELETED);
    },
  );
}
