import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, ErrorMessage } from '../../../shared/errors';
import { createClientLimit } from '../../http/client-limit';
import { AppError } from '../../lib/errors';

/*
 * One count of quote-form submissions per client address, whichever way they arrive: POST /api/contacts
 * (the form with JavaScript) and POST / (the page form without it). @fastify/rate-limit counts every
 * route's config.rateLimit apart, so both routes call this one limiter; with REDIS_URL it counts once for
 * every instance (rate-limit-store.ts).
 */

/** Five submissions per ten minutes per client address (request.ip honours only trusted proxies). */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one submission by this request's client. Sets the X-RateLimit-* headers; past the limit sets
     * Retry-After and resolves false.
     */
    contactSubmitAllowed(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

export const contactLimitPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('contactSubmitAllowed', createClientLimit(app, 'contact', CONTACT_RATE_LIMIT));
  },
  { name: 'contact-limit', dependencies: ['@fastify/rate-limit'] },
);

/** onRequest hook of POST /api/contacts: past the limit, 429 RATE_LIMITED in the envelope. */
export async function contactSubmitLimit(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!(await this.contactSubmitAllowed(request, reply))) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, ErrorMessage.RATE_LIMITED);
  }
}
