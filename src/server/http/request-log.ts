import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The address as the request log keeps it: secrets that travel in a query string (a download link's or
 * a password reset's token) are replaced, so that log files do not become a way in.
 */
export function loggedUrl(url: string): string {
  return url.replace(/([?&](?:token|refreshToken)=)[^&#]*/gi, '$1[redacted]');
}

/** The probes a load balancer or orchestrator sends every few seconds: answered 2xx, logged at debug only. */
const PROBE_ROUTES = new Set(['/api/health', '/api/ready']);

/** A User-Agent header may be kilobytes long; the log keeps its beginning. */
export const USER_AGENT_LOGGED_MAX = 300;

/**
 * Every request gets an id (the `reqId` of each of its log lines, and the X-Request-Id header of its answer)
 * and, once answered, one `request completed` line at info: method, address (path and query as received,
 * tokens redacted), status, time, the client's address as the app sees it (the proxy's unless TRUST_PROXY
 * names it), its user agent and the signed-in staff member's id. Headers that carry credentials (Cookie,
 * Authorization) and bodies are never logged. Health and readiness probes that succeed are logged at debug:
 * polled every few seconds, they would otherwise be most of the log; a failing one is logged at info.
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      const userAgent = request.headers['user-agent'];
      const probe = PROBE_ROUTES.has(request.routeOptions.url ?? '') && reply.statusCode < 300;
      request.log[probe ? 'debug' : 'info'](
        {
          method: request.method,
          url: loggedUrl(request.url),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
          ip: request.ip,
          userAgent: userAgent?.slice(0, USER_AGENT_LOGGED_MAX),
          userId: request.user?.id,
        },
        'request completed',
      );
    });
  },
  { name: 'request-log' },
);
