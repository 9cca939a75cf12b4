import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A count per client address (request.ip, which honours only trusted proxies) that several routes share:
 * @fastify/rate-limit gives every route its own in-memory store, so a `groupId` in two routes'
 * config.rateLimit would still count them apart (a group shares a bucket only in a shared store such as
 * Redis). The function counts one request, sets the X-RateLimit-* headers and, past the limit, sets
 * Retry-After and resolves false. Needs @fastify/rate-limit registered.
 */
export function createClientLimit(
  app: FastifyInstance,
  limit: { max: number; timeWindow: number },
): (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> {
  const limiter = app.createRateLimit(limit);
  return async (request, reply) => {
    const result = await limiter(request);
    if (result.isAllowed) return true;
    reply.header('x-ratelimit-limit', result.max);
    reply.header('x-ratelimit-remaining', result.remaining);
    reply.header('x-ratelimit-reset', result.ttlInSeconds);
    if (!result.isExceeded) return true;
    reply.header('retry-after', result.ttlInSeconds);
    return false;
  };
}
