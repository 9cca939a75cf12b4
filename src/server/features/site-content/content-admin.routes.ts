import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, successEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import { expectedVersion } from '../../../shared/contracts/revisions';
import { orderRequestSchema, visibilityRequestSchema } from '../../../shared/contracts/site-content';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { declareWrites } from '../../pages/page-purges';
import { saveOptionsOf } from '../../revisions/revision-routes';
import {
  createItem,
  deleteItem,
  itemName,
  itemNameOf,
  readItem,
  reorderItems,
  setItemVisibility,
  updateItem,
} from './content-admin.service';
import { contentCollections, type ContentCollection } from './content-collections';
import { readAllVersioned } from './content-revision-fields';

const tags = ['site content'];

/** A write schema that also takes the version the form was loaded at (ADR 0041). */
const withVersion = (write: ContentCollection['write']) =>
  (write as unknown as z.ZodObject).extend({ version: expectedVersion().optional() }) as unknown as z.ZodType<
    Record<string, unknown> & { version?: number }
  >;

/** One collection's staff calls under /api/{path} (the public GET is in site-content.routes.ts). */
function collectionRoutes(c: ContentCollection) {
  return async (app: FastifyInstance): Promise<void> => {
    // Landing content is shown on the landing page only.
    declareWrites(app, { purges: ['landing'] });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const db = () => app.database.db;
    const one = messageEnvelope(c.item);
    const noun = c.label.toLowerCase();
    /** A staff change answered with the item ("Updated team member", "Jane Doe"). */
    const changed = (action: (item: Record<string, unknown>) => string) =>
      activity<Record<string, unknown>>({
        type: 'content',
        action: (_request, item) => action(item),
        item: (_request, item) => itemName(item),
      });

    r.get(
      '/admin',
      {
        config: { access: 'read' },
        schema: {
          tags,
          summary: `Every ${noun}, hidden ones too, in order`,
          response: { 200: successEnvelope(z.array(c.item)) },
        },
      },
      async () => ok(await readAllVersioned(db(), c)),
    );

    r.post(
      '',
      {
        config: { access: 'content', activity: changed(() => `Added ${noun}`) },
        schema: { tags, summary: `Add a ${noun} at the end of the list`, body: c.write, response: { 201: one } },
      },
      async (request, reply) => {
        const id = await createItem(db(), c, request.body, saveOptionsOf(request));
        reply.status(201);
        return okWithMessage(await readItem(db(), c, id), `${c.label} created`);
      },
    );

    r.put(
      '/order',
      {
        config: { access: 'content', activity: activity({ type: 'content', action: `Reordered ${noun}s` }) },
        schema: {
          tags,
          summary: `Put every ${noun} in a new order`,
          body: orderRequestSchema,
          response: { 200: messageEnvelope(z.array(c.item)) },
        },
      },
      async (request) => {
        await reorderItems(db(), c, request.body.ids);
        return okWithMessage(await readAllVersioned(db(), c), 'Order saved');
      },
    );

    r.put(
      '/:id',
      {
        config: { access: 'content', activity: changed(() => `Updated ${noun}`) },
        schema: {
          tags,
          summary: `Change a ${noun}; {version} refuses a stale copy (409)`,
          params: idParamsSchema,
          body: withVersion(c.write),
          response: { 200: one },
        },
      },
      async (request) => {
        const { version, ...input } = request.body;
        await updateItem(db(), c, request.params.id, input, saveOptionsOf(request, version));
        return okWithMessage(await readItem(db(), c, request.params.id), `${c.label} updated`);
      },
    );

    r.patch(
      '/:id/visibility',
      {
        config: {
          access: 'content',
          activity: changed((item) => (item.active ? `Showed ${noun} on the site` : `Hid ${noun} from the site`)),
        },
        schema: {
          tags,
          summary: `Show or hide a ${noun} on the site`,
          params: idParamsSchema,
          body: visibilityRequestSchema,
          response: { 200: one },
        },
      },
      async (request) => {
        const { active } = request.body;
        await setItemVisibility(db(), c, request.params.id, active);
        return okWithMessage(
          await readItem(db(), c, request.params.id),
          `${c.label} ${active ? 'shown on the site' : 'hidden from the site'}`,
        );
      },
    );

    r.delete(
      '/:id',
      {
        config: {
          access: 'content',
          activity: activity({
            type: 'content',
            action: `Deleted ${noun}`,
            itemBefore: (request) => itemNameOf(db(), c, request.params.id),
          }),
        },
        schema: {
          tags,
          summary: `Delete a ${noun}`,
          params: idParamsSchema,
          response: { 200: messageEnvelope(z.null()) },
        },
      },
      async (request) => {
        await deleteItem(db(), c, request.params.id);
        return okWithMessage(null, `${c.label} deleted`);
      },
    );
  };
}

/** The staff calls of every landing-content collection. */
export async function siteContentAdminRoutes(app: FastifyInstance): Promise<void> {
  for (const collection of contentCollections) {
    await app.register(collectionRoutes(collection), { prefix: `/${collection.path}` });
  }
}
