import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RESYNC_TOPIC } from '../instances/instance-bus';
import { resolvedPath } from './page-path';
import { addRedirectHits, allRedirectTargets, redirectsFingerprint } from './redirects.repository';

/*
 * Redirects answered from memory (ADR 0039). Each instance keeps the whole table (old address → target)
 * and answers a page request for an old address with a 301 before the page cache or a render, without a
 * query. It reads the table again when a write here changed it, when another instance says so on the
 * instance bus, after a restore, and when the table's fingerprint (rows, largest id, latest change) read
 * every COHERENCE_POLL_SECONDS differs from the one it read. Hits are counted in memory and added to the
 * rows every HITS_FLUSH_MS by each instance for its own counts, and when it stops.
 */

export const REDIRECTS_TOPIC = 'redirects';
export const HITS_FLUSH_MS = 30_000;
/** A CDN may keep the answer a minute; browsers ask again (a deleted redirect must stop at once for them). */
export const REDIRECT_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';
/** Query keys React Router adds to a data request, not part of the page's address. */
const DATA_KEYS = new Set(['_routes', 'index']);

interface Kept {
  id: number;
  target: string;
}

export interface Redirects {
  /** Where an address leads, if it is an old one (`path` as normalised for the table). */
  lookup(path: string): Kept | undefined;
  /** Reads the fingerprint and, when it changed, the table; true when it changed. */
  sync(): Promise<boolean>;
  /** Adds this instance's counted hits to the rows now. */
  flushHits(): Promise<void>;
  /** Hits counted here and not yet written (tests). */
  pendingHits(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    redirects: Redirects;
  }
}

/** A request path as the table keys it: resolved, no trailing slash; `data` for React Router's `.data` fetch. */
export function requestedPath(url: string): { path: string; data: boolean } {
  let path = resolvedPath(url).replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (!path.endsWith('.data')) return { path, data: false };
  path = path.slice(0, -'.data'.length);
  return { path: path === '/_root' ? '/' : path, data: true };
}

/** The Location: the target, with the request's query when the target has none of its own. */
function locationFor(target: string, url: string, data: boolean): string {
  const mark = url.indexOf('?');
  if (mark === -1 || !target.startsWith('/') || /[?#]/.test(target)) return target;
  const query = new URLSearchParams(url.slice(mark + 1));
  if (data) for (const key of DATA_KEYS) query.delete(key);
  const text = query.toString();
  return text ? `${target}?${text}` : target;
}

export const redirectsPlugin = fp(
  async (app: FastifyInstance) => {
    const db = () => app.database.db;
    let table = new Map<string, Kept>();
    let fingerprint: string | undefined;
    let hits = new Map<number, { count: number; last: string }>();

    async function sync(): Promise<boolean> {
      const current = await redirectsFingerprint(db());
      if (current === fingerprint) return false;
      const rows = await allRedirectTargets(db());
      table = new Map(rows.map((row) => [row.from_path, { id: row.id, target: row.target }]));
      fingerprint = current;
      return true;
    }

    async function flushHits(): Promise<void> {
      if (hits.size === 0) return;
      const batch = hits;
      hits = new Map();
      for (const [id, { count, last }] of batch) {
        try {
          await addRedirectHits(db(), id, count, last);
        } catch (err) {
          // Kept for the next flush.
          const later = hits.get(id);
          hits.set(id, { count: count + (later?.count ?? 0), last: later?.last ?? last });
          app.log.warn({ err }, 'redirects: hits not written; kept for the next flush');
          return;
        }
      }
    }

    const redirects: Redirects = {
      lookup: (path) => table.get(path),
      sync,
      flushHits,
      pendingHits: () => [...hits.values()].reduce((sum, hit) => sum + hit.count, 0),
    };
    app.decorate('redirects', redirects);

    const catchUp = (what: string) => () =>
      sync().then(
        () => undefined,
        (err: unknown) => app.log.warn({ err }, `redirects: table not read after ${what}`),
      );
    app.instanceBus.subscribe(REDIRECTS_TOPIC, catchUp('a change elsewhere'));
    app.instanceBus.subscribe(RESYNC_TOPIC, catchUp('a restore elsewhere'));
    app.instanceBus.onReconnect(catchUp('the bus came back'));

    function answer(request: FastifyRequest, reply: FastifyReply) {
      const { path, data } = requestedPath(request.url);
      const kept = table.get(path);
      if (!kept) return undefined;
      const previous = hits.get(kept.id);
      hits.set(kept.id, { count: (previous?.count ?? 0) + 1, last: new Date().toISOString() });
      const location = locationFor(kept.target, request.url, data);
      reply.header('cache-control', REDIRECT_CACHE_CONTROL);
      // React Router's client reads a redirect of its data request from these headers and navigates there.
      if (data) return reply.status(204).header('x-remix-redirect', location).header('x-remix-status', '301').send();
      return reply.status(301).header('location', location).send();
    }

    // Before the page cache's own early answer (registered first): an old address never reaches a kept page.
    app.addHook('onRequest', async (request, reply) => {
      if (table.size === 0 || !request.routeOptions.config.page) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      return answer(request, reply);
    });

    // A write that may have changed the table: read here before the answer leaves, then tell the others.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
      if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      // Staff writes only: a visitor's like or view beacon changes no address.
      if (request.routeOptions.config.access === 'public') return payload;
      // Declared by the route (`changesRedirects`, page-purges.ts): redirects, posts and projects (slugs), a restore.
      if (!request.routeOptions.config.changesRedirects) return payload;
      try {
        if (await sync()) await app.instanceBus.publish(REDIRECTS_TOPIC, {});
      } catch (err) {
        request.log.warn({ err }, 'redirects: table not read after a write; the poll reads it');
      }
      return payload;
    });

    let poll: NodeJS.Timeout | undefined;
    let flush: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await catchUp('the start')();
      poll = setInterval(catchUp('the poll'), app.config.coherencePollSeconds * 1000);
      flush = setInterval(() => void flushHits(), HITS_FLUSH_MS);
      poll.unref();
      flush.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      clearInterval(flush);
      await flushHits().catch(() => undefined);
    });
  },
  { name: 'redirects', dependencies: ['instance-bus'] },
);
