import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { idParamsSchema, messageEnvelope, successEnvelope, ok, okWithMessage } from '../../shared/contracts/common';
import {
  RevisionMessage,
  revisionDetailDataSchema,
  revisionListDataSchema,
  revisionParamsSchema,
  singleRevisionParamsSchema,
} from '../../shared/contracts/revisions';
import { z } from '../../shared/zod';
import type { DB } from '../db/schema';
import { activity } from '../http/activity-log';
import type { PagePurge } from '../pages/page-purges';
import { AppError, notFound } from '../lib/errors';
import { ErrorCode } from '../../shared/errors';
import {
  authorOf,
  currentVersion,
  findRevision,
  listRevisions,
  type SaveOptions,
  type Snapshot,
  type VersionedTable,
} from './revision-store';

/** A revision's fields as the feature's update takes them; 409 when they no longer fit (an older format). */
export function restorable<T extends z.ZodType>(schema: T, fields: Snapshot): z.infer<T> {
  const result = schema.safeParse(fields);
  if (!result.success) throw new AppError(409, ErrorCode.CONFLICT, RevisionMessage.NOT_RESTORABLE);
  return result.data;
}

/** Who saves through this request, and how many revisions an item keeps (REVISIONS_KEEP). */
export function saveOptionsOf(request: FastifyRequest, version?: number): SaveOptions {
  return { author: authorOf(request.user), keep: request.server.config.revisionsKeep, version };
}

export interface RevisionedItem {
  /** The item's address under /api, with `:id` ('/blog/posts/:id'), or without it for a single item. */
  path: string;
  table: VersionedTable;
  /**
   * A single item (the company profile, the SEO settings), addressed without an id: its row's id, or
   * undefined while it has never been saved (its version is then 0 and it has no revisions).
   */
  singleId?: (db: Kysely<DB>) => Promise<number | undefined>;
  /** For the recent activity and the OpenAPI tags: 'post', 'project', 'service'… */
  noun: string;
  activityType: string;
  tags: string[];
  notFoundMessage: string;
  /** The item's revisioned fields as stored now; undefined when there is no such item. */
  fields: (db: Kysely<DB>, id: number) => Promise<Snapshot | undefined>;
  /** The item's name for the recent activity; null when there is none. */
  name: (db: Kysely<DB>, id: number) => Promise<string | null>;
  /** The pages a restore changes, as for a save of the item (page-purges.ts). */
  purges: PagePurge;
  /** A restore may change the redirects table (a slug), as a save of the item may. */
  changesRedirects?: boolean;
  /** Saves `fields` through the feature's own update (a restore is a save). */
  restore: (db: Kysely<DB>, id: number, fields: Snapshot, save: SaveOptions) => Promise<unknown>;
}

const restoreBodySchema = z.object({ version: z.number().int().min(1).max(2_147_483_647).optional() }).nullish();

/**
 * GET {path}/revisions, GET {path}/revisions/{revisionId} and POST {path}/revisions/{revisionId}/restore:
 * staff read ('read': viewers too), editors and admins restore ('content').
 */
export async function registerRevisionRoutes(app: FastifyInstance, item: RevisionedItem): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const { tags } = item;

  /** The item's id and version; a single item never saved has none and version 0. */
  async function stateOf(params: { id?: number }): Promise<{ id?: number; version: number }> {
    const id = item.singleId ? await item.singleId(db()) : params.id;
    const version = id === undefined ? undefined : await currentVersion(db(), item.table, id);
    if (version !== undefined) return { id, version };
    if (item.singleId) return { version: 0 };
    throw notFound(item.notFoundMessage);
  }

  /** The item's id, for a revision of it: a single item never saved has no revisions. */
  async function savedIdOf(params: { id?: number }): Promise<number> {
    const { id } = await stateOf(params);
    if (id === undefined) throw notFound(RevisionMessage.NOT_FOUND);
    return id;
  }

  const itemParams = item.singleId ? undefined : idParamsSchema;
  const revisionParams = item.singleId ? singleRevisionParamsSchema : revisionParamsSchema;
  type Params = { id?: number };
  type RevisionParams = Params & { revisionId: number };

  r.get(
    `${item.path}/revisions`,
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: `The saved revisions of a ${item.noun}, newest first`,
        ...(itemParams ? { params: itemParams } : {}),
        response: { 200: successEnvelope(revisionListDataSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { id, version } = await stateOf(request.params as Params);
      const revisions = id === undefined ? [] : await listRevisions(db(), item.table, id);
      return ok({ version, retention: app.config.revisionsKeep, revisions });
    },
  );

  r.get(
    `${item.path}/revisions/:revisionId`,
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: `One revision of a ${item.noun} with its fields, beside the current ones`,
        params: revisionParams,
        response: { 200: successEnvelope(revisionDetailDataSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { revisionId } = request.params as RevisionParams;
      const id = await savedIdOf(request.params as Params);
      const version = (await stateOf({ id })).version;
      const [revision, current] = await Promise.all([
        findRevision(db(), item.table, id, revisionId),
        item.fields(db(), id),
      ]);
      if (!current) throw notFound(item.notFoundMessage);
      return ok({ revision, current, version });
    },
  );

  r.post(
    `${item.path}/revisions/:revisionId/restore`,
    {
      config: {
        access: 'content',
        purges: item.purges,
        ...(item.changesRedirects ? { changesRedirects: true } : {}),
        activity: activity<unknown, RevisionParams>({
          type: item.activityType,
          action: `Restored ${item.noun} revision`,
          itemBefore: async (request) => {
            const { id } = await stateOf(request.params);
            return id === undefined ? null : item.name(db(), id);
          },
        }),
      },
      schema: {
        tags,
        summary: `Save a revision's fields again (recorded as a new revision); {version} refuses a stale copy (409)`,
        params: revisionParams,
        body: restoreBodySchema,
        response: { 200: messageEnvelope(z.object({ version: z.number().int(), revision_id: z.number().int() })) },
      },
    },
    async (request) => {
      const { revisionId } = request.params as RevisionParams;
      const id = await savedIdOf(request.params as Params);
      const revision = await findRevision(db(), item.table, id, revisionId);
      const save = { ...saveOptionsOf(request, request.body?.version), restoredFrom: revisionId };
      await item.restore(db(), id, revision.snapshot, save);
      const [latest] = await listRevisions(db(), item.table, id);
      return okWithMessage(
        { version: (await stateOf({ id })).version, revision_id: latest?.id ?? revisionId },
        RevisionMessage.RESTORED,
      );
    },
  );
}
