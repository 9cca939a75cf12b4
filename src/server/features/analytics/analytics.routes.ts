import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsEventRequestSchema,
  beaconAnswerSchema,
  pageviewRequestSchema,
} from '../../../shared/contracts/analytics';
import { optionalUser } from '../../http/auth';
import { recordEvent, recordPageView, type BeaconOutcome, type BeaconSender } from './analytics.service';
import { createVisitorHasher } from './visitor-hash';
import { ok } from '../../../shared/contracts/common';
import type { z } from '../../../shared/zod';

const tags = ['analytics'];
/** Per client address: a visitor reading quickly sends a page view and a few events a page. */
export const BEACON_RATE_LIMIT = { max: 240, timeWindow: 60_000 };

async function senderOf(request: FastifyRequest): Promise<BeaconSender> {
  const header = (name: string) => request.headers[name];
  return {
    address: request.ip,
    userAgent: typeof header('user-agent') === 'string' ? (header('user-agent') as string) : undefined,
    optedOut: header('dnt') === '1' || header('sec-gpc') === '1',
    staff: (await optionalUser(request)) !== null,
  };
}

const answer = (outcome: BeaconOutcome) =>
  ok(outcome.recorded ? { recorded: true } : { recorded: false, reason: outcome.reason });

/**
 * /api/analytics: what the public pages report with navigator.sendBeacon (ADR 0016). 202 whether or not
 * the beacon was counted (bots, Do Not Track / Global Privacy Control and staff are not); 400 for junk,
 * a page address that is not a public page (/admin/…, /api/…, a built file, a dot segment) included.
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  // Visitors' beacons: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const hasher = createVisitorHasher(db);
  const ownOrigin = new URL(app.config.publicUrl).origin;

  /** A beacon of a public page: recorded (or not) for this sender, answered 202 and never kept by a cache. */
  function beacon<B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    record: (sender: BeaconSender, input: z.infer<B>) => Promise<BeaconOutcome>,
  ) {
    r.post(
      path,
      {
        config: { access: 'public', rateLimit: BEACON_RATE_LIMIT },
        schema: { tags, summary, body, response: { 202: beaconAnswerSchema } },
      },
      async (request, reply) => {
        const outcome = await record(await senderOf(request), request.body as z.infer<B>);
        reply.status(202).header('cache-control', 'no-store');
        return answer(outcome);
      },
    );
  }

  beacon(
    '/pageview',
    'Record a page view (no cookies; the address is hashed with a daily salt, never stored)',
    pageviewRequestSchema,
    (sender, input) => recordPageView(db(), hasher, sender, input, ownOrigin),
  );
  beacon(
    '/event',
    'Record an event of a public page (like, share, comment, quote, verification, outbound click...)',
    analyticsEventRequestSchema,
    (sender, input) => recordEvent(db(), hasher, sender, input),
  );
}
