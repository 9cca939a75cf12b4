import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { PageTag } from './page-tags';

/*
 * What a write through the API changes, declared by its route (ADR 0020, ADR 0039): the page-cache tags it
 * purges and whether it may change the redirects table. The page cache and the redirects read them from
 * the route's config after every successful non-GET /api request. A write route that declares no purge
 * purges every page: forgetting costs renders, never a stale page (page-purges.test.ts lists the routes
 * meant to).
 */

/** The route's path parameters, as the request gave them. */
export type RouteParams = Record<string, string>;

/** The tags a write purges: a list, 'all' (every page), or a list or 'all' from the route's parameters. */
export type PagePurge = readonly PageTag[] | 'all' | ((params: RouteParams) => readonly PageTag[] | 'all');

/** What a write changes, as a route declares it in its config. */
export interface WriteEffects {
  /** The page-cache tags a successful write purges; undeclared: every page. */
  purges?: PagePurge;
  /**
   * Purge this instance only. A counter (a like): the other instances show it refreshed within the TTL
   * rather than purging the page there on each like. A restore of every page: the others learn of it from
   * the restored generation row (page-cache-sync.ts).
   */
  purgeLocal?: boolean;
  /** A successful staff write may change the redirects table, which is read again (pages/redirects.ts). */
  changesRedirects?: boolean;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging of the route config
  interface FastifyContextConfig extends WriteEffects {}
}

/** No page shows what this write changes. */
export const NO_PAGES: readonly PageTag[] = [];

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Declares `effects` for every write route this plugin registers after the call, unless the route declares
 * its own (a route's own `purges`, `purgeLocal` or `changesRedirects` wins, field by field).
 */
export function declareWrites(app: FastifyInstance, effects: WriteEffects): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => READS.has(method))) return;
    route.config = { ...effects, ...route.config };
  });
}

/** The tags a successful write through a route with this config purges, and whether here only. */
export function purgeFor(
  config: FastifyContextConfig | undefined,
  params: RouteParams,
): { tags: readonly PageTag[] | 'all'; local: boolean } {
  const purges = config?.purges;
  const tags = purges === undefined ? 'all' : typeof purges === 'function' ? purges(params) : purges;
  return { tags, local: config?.purgeLocal ?? false };
}
