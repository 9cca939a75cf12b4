import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { retryWriteConflicts } from '../db/write-conflicts';
import { insertActivity, pruneActivity, type ActivityEntry } from '../features/analytics/activity.repository';

/*
 * The Overview's recent activity. Staff actions are declared on their routes, never recorded by
 * hand in handlers or services:
 *
 *   config: { access: 'content', activity: activity<{ post: BlogAdminPost }>({
 *     type: 'blog', action: 'Created post', item: (_request, data) => data.post.title }) }
 *
 * and recorded once the route answered 2xx with `{ success: true, data }`, for the signed-in staff member.
 * Visitors' contact requests and comments are recorded by the staff alerts, inside the transaction that
 * stores them (app.activity is handed to them). Failing to record is logged and never fails the request.
 */

/** A route's request as the rule's functions see it: params and body validated by the route's schema. */
export type ActivityRequest<Params = unknown, Body = unknown> = FastifyRequest & { params: Params; body: Body };

export interface ActivityRule<Data = unknown, Params = unknown, Body = unknown> {
  /** What it is about: blog, portfolio, contact, comment, certificate, content, user. */
  type: string;
  /** What was done ("Published post"); a function of the request and the answer's data; null records nothing. */
  action: string | ((request: ActivityRequest<Params, Body>, data: Data) => string | null);
  /**
   * What it was done to ("Hello World"), from the answer's data; `before` is what itemBefore found.
   * Without it the item is what itemBefore found, or none.
   */
  item?: (request: ActivityRequest<Params, Body>, data: Data, before: string | null) => string | null | undefined;
  /**
   * Looks the item up before the handler runs, for answers that do not name it: a delete answers only the
   * id of what is gone, a contact's status change answers no data.
   */
  itemBefore?: (request: ActivityRequest<Params, Body>) => Promise<string | null | undefined>;
  /** Who did it when that is not the signed-in user of the request (signing in: the user the answer names). */
  userId?: (request: ActivityRequest<Params, Body>, data: Data) => number | null;
}

/**
 * A route's activity rule, typed by the answer's data (and the route's params and body, `{ id }` and
 * nothing by default). The rule is kept in the route's config, which cannot carry these types.
 */
export function activity<Data = unknown, Params = { id: number }, Body = unknown>(
  rule: ActivityRule<Data, Params, Body>,
): ActivityRule {
  return rule as unknown as ActivityRule;
}

export interface ActivityRecorder {
  /** Stores an activity: in the caller's transaction, or on its own followed by pruning to the newest 50. */
  record(db: Kysely<DB> | Transaction<DB>, entry: ActivityEntry): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Record this route's successful answers in the recent activity (http/activity-log.ts). */
    activity?: ActivityRule;
  }
  interface FastifyInstance {
    activity: ActivityRecorder;
  }
}

export const activityRecorder: ActivityRecorder = {
  async record(db, entry) {
    // In the caller's transaction: the insert only (the activity-prune job and the next staff action prune).
    if (db.isTransaction) return insertActivity(db, entry);
    // Two short statements, no transaction: many staff writes at once never queue behind each other's prune.
    await retryWriteConflicts(() => insertActivity(db, entry));
    await retryWriteConflicts(() => pruneActivity(db as Kysely<DB>));
  },
};

export const activityLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('activity', activityRecorder);
    const itemsBefore = new WeakMap<FastifyRequest, string | null>();

    // After validation and the access check, before the handler changes or deletes what is looked up.
    app.addHook('preHandler', async (request) => {
      const rule = request.routeOptions.config.activity;
      if (!rule?.itemBefore) return;
      try {
        itemsBefore.set(request, (await rule.itemBefore(request as ActivityRequest)) ?? null);
      } catch (error) {
        request.log.error({ err: error, activity: rule.type }, 'activity item lookup failed');
      }
    });

    // The answer as the handler returned it, before it is serialised: nothing to parse, and it is
    // recorded before the client has the answer, so an Overview loaded next shows it.
    app.addHook('preSerialization', async (request, reply, payload: unknown) => {
      const rule = request.routeOptions.config.activity;
      if (!rule || reply.statusCode < 200 || reply.statusCode > 299) return payload;
      const answer = payload as { success?: unknown; data?: unknown } | null;
      if (typeof answer !== 'object' || answer === null || answer.success !== true) return payload;
      try {
        const req = request as ActivityRequest;
        const action = typeof rule.action === 'function' ? rule.action(req, answer.data) : rule.action;
        if (action) {
          const before = itemsBefore.get(request) ?? null;
          const item = rule.item ? rule.item(req, answer.data, before) : before;
          const userId = rule.userId ? rule.userId(req, answer.data) : (request.user?.id ?? null);
          await activityRecorder.record(app.database.db, { type: rule.type, action, item: item ?? null, userId });
        }
      } catch (error) {
        request.log.error({ err: error, activity: rule.type }, 'activity not recorded');
      }
      return payload;
    });
  },
  { name: 'activity-log' },
);
