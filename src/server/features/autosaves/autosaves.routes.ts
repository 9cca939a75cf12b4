import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageEnvelope, successEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import {
  RevisionMessage,
  autosaveDataSchema,
  autosaveParamsSchema,
  autosaveWriteSchema,
} from '../../../shared/contracts/revisions';
import { z } from '../../../shared/zod';
import { requireUser } from '../../http/auth';
import { deleteAutosave, getAutosave, putAutosave, type AutosaveKey } from './autosaves.service';

const tags = ['autosave'];
const content = { access: 'content' } as const;

/**
 * /api/autosaves/{post|project}/{id|new}: the signed-in editor's own unsaved draft of an item (ADR 0041).
 * Only the user's own draft is ever read or written; nothing here changes a public page.
 */
export async function autosavesRoutes(app: FastifyInstance): Promise<void> {
  // An editor's private autosaved draft (ADR 0041): no page shows it.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const keyOf = (request: { params: z.infer<typeof autosaveParamsSchema> }, userId: number): AutosaveKey => ({
    userId,
    kind: request.params.kind,
    item: request.params.item,
  });

  r.get(
    '/:kind/:item',
    {
      config: content,
      schema: {
        tags,
        summary: "The signed-in user's autosaved draft of an item, or null",
        params: autosaveParamsSchema,
        response: { 200: successEnvelope(autosaveDataSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const autosave = await getAutosave(db(), keyOf(request, requireUser(request).id));
      return ok({ autosave });
    },
  );

  r.put(
    '/:kind/:item',
    {
      config: content,
      schema: {
        tags,
        summary: "Keep the signed-in user's draft of an item (replacing the previous one)",
        params: autosaveParamsSchema,
        body: autosaveWriteSchema,
        response: { 200: messageEnvelope(z.object({ saved_at: z.string() })) },
      },
    },
    async (request) => {
      const data = await putAutosave(db(), keyOf(request, requireUser(request).id), request.body);
      return okWithMessage(data, RevisionMessage.AUTOSAVE_SAVED);
    },
  );

  r.delete(
    '/:kind/:item',
    {
      config: content,
      schema: {
        tags,
        summary: "Discard the signed-in user's draft of an item",
        params: autosaveParamsSchema,
        response: { 200: messageEnvelope(z.null()) },
      },
    },
    async (request) => {
      await deleteAutosave(db(), keyOf(request, requireUser(request).id));
      return okWithMessage(null, RevisionMessage.AUTOSAVE_DELETED);
    },
  );
}
