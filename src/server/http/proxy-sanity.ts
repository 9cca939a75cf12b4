import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The headers a reverse proxy or load balancer adds to say who the client is and how it connected. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/**
 * With TRUST_PROXY=false the app takes the connection's address as the client's. Behind a proxy that is
 * the proxy's, for every visitor: one rate-limit count for all, analytics and logs that cannot tell
 * visitors apart, and the proxy's scheme ignored. The first request that arrives with forwarding
 * headers while they are ignored logs a warning naming the setting, once per server (ADR 0030).
 */
export const proxySanityPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.trustProxy !== false) return;
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned) return;
      const header = FORWARDING_HEADERS.find((name) => request.headers[name] !== undefined);
      if (!header) return;
      warned = true;
      const proxy = request.socket.remoteAddress;
      request.log.warn(
        { header, proxy },
        `a request arrived with ${header} but TRUST_PROXY is false, so it is ignored: behind a proxy or load ` +
          'balancer every visitor gets its address (rate limits, analytics, logs). Set TRUST_PROXY to the ' +
          `proxy's address or range (e.g. TRUST_PROXY=${proxy ?? '10.0.0.0/8'}) or to the number of proxies in ` +
          'front (TRUST_PROXY=1). Without a proxy in front, a client sent the header and nothing needs to ' +
          'change. Logged once.',
      );
    });
  },
  { name: 'proxy-sanity' },
);
