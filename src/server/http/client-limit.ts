import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A count per client address (request.ip, which honours only trusted proxies) that several routes share:
 * @fastify/rate-limit counts every route's config.rateLimit under that route's own address (a `groupId`
 * does not join two routes' counts), so routes that share a count call one limiter made here. `name` keeps
 * each limiter's count apart from the others' in a store every limiter shares (Redis, rate-limit-store.ts).
 * The function counts one request, sets the X-RateLimit-* headers and, past the limit, sets Retry-After and
 * resolves false. Needs @fastify/rate-limit registered.
 */
export function createClientLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
): (request: FastifyRequest, reply: FastifyReply) => Promise<boolean> {
  const limiter = app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}|${request.ip}` });
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
