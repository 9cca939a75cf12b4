import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageCacheSync } from './page-cache-sync';
import { keptCounts, type KeptCount } from './kept-counts';
import { compressForCache, compressLight, etagFor, hashOf, matchesIfNoneMatch, pickEncoding } from './page-encoding';
import { purgeFor } from './page-purges';
import type { PageTag } from './page-tags';
import { SITE_PASS_COOKIE } from '../http/system-settings';
import { LRUCache } from 'lru-cache';

/*
 * The page cache (ADR 0020): anonymous visitors' GET/HEAD of public pages are answered from memory
 * with the finished bytes, compressed once (br, gzip) when the page was rendered. A hit renders nothing,
 * queries nothing and compresses nothing. Each entry carries the tags of what its loaders read (see
 * pages/web.ts; the tags are declared in page-tags.ts), and every write through the API purges the tags its
 * route declares (`purges` in the route's config, page-purges.ts; every page when it declares none).
 * Other instances learn of a purge at once through the instance bus, and through a generation row in the
 * settings table read every COHERENCE_POLL_SECONDS (page-cache-sync.ts).
 */

/** A page rendered to the end, with what its loaders read. */
export interface RenderedPage {
  status: number;
  /** Lower-case names. */
  headers: Array<[string, string]>;
  body: Buffer;
  tags: ReadonlySet<PageTag>;
  /** False when a part of the page failed to load (it shows its "try again"): never cached. */
  complete: boolean;
  /** The largest body kept (identity bytes), when not MAX_PAGE_BYTES: a sitemap child is bigger (ADR 0035). */
  maxBytes?: number;
}

/** Renders the request as it came (`null`), or the page at this canonical address for any anonymous visitor. */
export type PageRenderer = (canonicalUrl: string | null) => Promise<RenderedPage>;

interface Entry {
  key: string;
  headers: Array<[string, string]>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** sha256 of the identity bytes (base64url), the strong ETag's base. */
  hash: string;
  tags: ReadonlySet<PageTag>;
  freshUntil: number;
  staleUntil: number;
  bytes: number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** Renders made to fill the cache (in the foreground or in the background). */
  fills: number;
}

export interface PageCache {
  /**
   * Forgets the pages that carry any of these tags ('all': every page). Unless `local`, other instances
   * follow at once (the instance bus) or at their next poll (the generation row, page-cache-sync.ts); a
   * counter (likes) purges this instance only.
   */
  purge(tags: readonly PageTag[] | 'all', options?: { local?: boolean }): Promise<void>;
  /** Answers a page request: from the cache when it may, else by rendering it. `key` null: never cached. */
  serve(request: FastifyRequest, reply: FastifyReply, key: string | null, render: PageRenderer): Promise<FastifyReply>;
  /** Reads the generation row now (what every instance does every COHERENCE_POLL_SECONDS). */
  sync(): Promise<void>;
  /** The page address → cache key function (pages/web.ts), for the early answer of a hit. */
  useKeys(keyOf: (url: string) => string | null): void;
  stats(): PageCacheStats;
  /** The keys of the pages kept now, the least recently used first. */
  keys(): string[];
  /**
   * A value every page reads (the company profile, the SEO settings), kept in memory until a write purges
   * `tag`, so that a render does not query it again; read fresh while the cache switch is off.
   */
  keep<T>(tag: PageTag, read: () => Promise<T>): () => Promise<T>;
  /** Counts kept until a write purges `tag` (kept-counts.ts, ADR 0038); counted afresh while the switch is off. */
  counts(tag: PageTag): KeptCount;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
  }
}

/** Memory for cached pages (all three encodings count). The least recently used page goes first. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A page bigger than this (identity bytes) is served but not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** A page is rendered again after this long (bounds how old a counter shown on a page can be). */
export const PAGE_CACHE_TTL_MS = 60_000;
/** After its TTL, a page is still served while one request renders it again in the background. */
const STALE_SERVE_MS = 5 * 60_000;
/** Headers of one response, never kept with a page. */
const PER_RESPONSE_HEADERS = new Set(['x-request-id', 'content-length', 'content-encoding', 'etag', 'set-cookie']);

/** Browsers check again every time (ETag, 304); a CDN may keep a page a minute and serve it stale while it refreshes. */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** A request carrying a staff pass or credentials: its page is for this browser only. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';

/** A request that speaks for a person: the staff pass, a session-like cookie, or an Authorization header. */
export function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  const header = request.headers.cookie;
  if (!header) return false;
  // Read from the header itself: a hit is answered before the cookie plugin has parsed anything.
  return header.split(';').some((pair) => {
    const name = pair.split('=')[0]?.trim() ?? '';
    return name === SITE_PASS_COOKIE || /session|token|auth|^sid$/i.test(name);
  });
}

function compressible(headers: Array<[string, string]>): boolean {
  const type = headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  return /^(text\/|application\/(json|javascript|xml|[a-z.-]+\+xml))/i.test(type);
}

export const pageCachePlugin = fp(
  async (app: FastifyInstance) => {
    // The least recently used page goes first when the pages (all three encodings) pass the byte budget.
    const entries = new LRUCache<string, Entry>({
      maxSize: PAGE_CACHE_MAX_BYTES,
      sizeCalculation: (entry) => entry.bytes,
    });
    const inflight = new Map<string, Promise<Entry | RenderedPage>>();
    let hits = 0;
    let misses = 0;
    let fills = 0;
    /** Bumped by every purge: a render that started before a purge is served but not kept. */
    let epoch = 0;
    let keyOf: ((url: string) => string | null) | undefined;

    function store(entry: Entry) {
      entries.set(entry.key, entry);
    }

    /** What keep() and counts() hold: each value's tag and how to forget it. */
    const keptValues: Array<{ tag: PageTag; forget: () => void }> = [];
    const countsByTag = new Map<PageTag, KeptCount>();

    function purgeLocal(tags: readonly PageTag[] | 'all') {
      // Writes that change no page (a view, a beacon) must not stop renders under way from being kept.
      if (tags !== 'all' && tags.length === 0) return;
      epoch += 1;
      for (const kept of keptValues) if (tags === 'all' || tags.includes(kept.tag)) kept.forget();
      if (tags === 'all') {
        entries.clear();
        return;
      }
      for (const entry of [...entries.values()]) {
        if (tags.some((tag) => entry.tags.has(tag))) entries.delete(entry.key);
      }
    }

    const coherence = pageCacheSync(app, purgeLocal);

    /** Headers set before the handler (helmet's), kept with the page so that an early hit sends them too. */
    function baseHeaders(reply: FastifyReply): Array<[string, string]> {
      const kept: Array<[string, string]> = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
        kept.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
      }
      return kept;
    }

    async function buildEntry(key: string, page: RenderedPage, base: Array<[string, string]>): Promise<Entry> {
      const { br, gzip: gz } = await compressForCache(page.body);
      const now = Date.now();
      return {
        key,
        headers: [...base, ...page.headers],
        identity: page.body,
        br,
        gzip: gz,
        hash: hashOf(page.body),
        tags: page.tags,
        freshUntil: now + PAGE_CACHE_TTL_MS,
        staleUntil: now + PAGE_CACHE_TTL_MS + STALE_SERVE_MS,
        bytes: page.body.length + br.length + gz.length + key.length + 1024,
      };
    }

    function storable(page: RenderedPage): boolean {
      return (
        page.status === 200 &&
        page.complete &&
        page.body.length <= (page.maxBytes ?? MAX_PAGE_BYTES) &&
        !page.headers.some(([name]) => name === 'set-cookie' || name === 'cache-control')
      );
    }

    /** One render per key at a time: requests for a page being rendered wait for that render. */
    function fill(key: string, reply: FastifyReply, render: PageRenderer): Promise<Entry | RenderedPage> {
      const startedAt = epoch;
      fills += 1;
      const base = baseHeaders(reply);
      const promise = (async () => {
        const page = await render(key);
        if (!storable(page)) return page;
        const entry = await buildEntry(key, page, base);
        const settings = app.systemSettings.current();
        if (epoch === startedAt && settings.cacheEnabled && !settings.maintenanceMode) store(entry);
        return entry;
      })().finally(() => inflight.delete(key));
      inflight.set(key, promise);
      return promise;
    }

    function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry, cacheControl: string) {
      reply.status(200);
      for (const [name, value] of entry.headers) reply.header(name, value);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('etag', etagFor(entry.hash, encoding));
      reply.header('cache-control', cacheControl);
      reply.header('vary', 'Accept-Encoding');
      if (matchesIfNoneMatch(request.headers['if-none-match'], entry.hash)) {
        reply.removeHeader('content-type');
        return reply.status(304).send();
      }
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(entry[encoding]);
    }

    async function sendRendered(
      request: FastifyRequest,
      reply: FastifyReply,
      page: RenderedPage,
      cacheControl: string,
    ): Promise<FastifyReply> {
      reply.status(page.status);
      for (const [name, value] of page.headers) reply.header(name, value);
      let body = page.body;
      if (page.status === 200) {
        const hash = hashOf(body);
        const encoding =
          body.length >= 1024 && compressible(page.headers)
            ? pickEncoding(request.headers['accept-encoding'])
            : 'identity';
        reply.header('etag', etagFor(hash, encoding));
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl);
        reply.header('vary', 'Accept-Encoding');
        if (matchesIfNoneMatch(request.headers['if-none-match'], hash)) {
          reply.removeHeader('content-type');
          return reply.status(304).send();
        }
        if (encoding !== 'identity') {
          body = await compressLight(body, encoding);
          reply.header('content-encoding', encoding);
        }
        return reply.send(body);
      }
      if (body.length >= 1024 && compressible(page.headers)) {
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (encoding !== 'identity') {
          body = await compressLight(body, encoding);
          reply.header('content-encoding', encoding);
          reply.header('vary', 'Accept-Encoding');
        }
      }
      return reply.send(body.length > 0 ? body : undefined);
    }

    const cache: PageCache = {
      async purge(tags, options = {}) {
        purgeLocal(tags);
        // A local purge of every page is a restore's (its route's config): the others read the restored tables again.
        if (options.local && tags === 'all') return coherence.restored();
        if (options.local || (tags !== 'all' && tags.length === 0)) return;
        try {
          await coherence.announce(tags);
        } catch (err) {
          // This instance has purged; the others render again within the TTL at the latest.
          app.log.warn({ err }, 'page cache: the purge could not be announced to other instances');
        }
      },

      useKeys(fn) {
        keyOf = fn;
      },

      async serve(request, reply, key, render) {
        const settings = app.systemSettings.current();
        const credentials = carriesCredentials(request);
        const cacheControl = !settings.cacheEnabled
          ? 'no-store'
          : credentials
            ? PRIVATE_PAGE_CACHE_CONTROL
            : PUBLIC_PAGE_CACHE_CONTROL;
        const usable =
          key !== null &&
          settings.cacheEnabled &&
          !settings.maintenanceMode &&
          !credentials &&
          (request.method === 'GET' || request.method === 'HEAD');
        if (!usable) return sendRendered(request, reply, await render(null), cacheControl);

        const now = Date.now();
        // get() makes the page the most recently used.
        const entry = entries.get(key);
        if (entry && now < entry.staleUntil) {
          hits += 1;
          if (now >= entry.freshUntil && !inflight.has(key)) {
            fill(key, reply, render).catch((err: unknown) => request.log.error({ err }, 'page cache: refresh failed'));
          }
          return sendEntry(request, reply, entry, cacheControl);
        }
        misses += 1;
        const result = await (inflight.get(key) ?? fill(key, reply, render));
        return 'identity' in result
          ? sendEntry(request, reply, result, cacheControl)
          : sendRendered(request, reply, result, cacheControl);
      },

      sync: coherence.sync,
      stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, hits, misses, fills }),
      keys: () => [...entries.rkeys()],
      counts(tag) {
        let count = countsByTag.get(tag);
        if (!count) {
          const kept = keptCounts(() => app.systemSettings.current().cacheEnabled);
          keptValues.push({ tag, forget: kept.forget });
          countsByTag.set(tag, (count = kept.count));
        }
        return count;
      },
      keep<T>(tag: PageTag, read: () => Promise<T>) {
        let value: Promise<T> | undefined;
        keptValues.push({ tag, forget: () => (value = undefined) });
        return () => {
          if (!app.systemSettings.current().cacheEnabled) return read();
          // A failed read is not kept; a read under way when a purge came is given to its callers only.
          value ??= read().catch((error: unknown) => {
            value = undefined;
            throw error;
          });
          return value;
        };
      },
    };
    app.decorate('pageCache', cache);

    // A fresh hit is answered here, before the rest of the request's hooks (helmet builds its headers anew
    // on every request; the entry holds them): the cheapest path there is. Anything else goes on to the page
    // route's handler (serve), which also serves hits that are stale or found there.
    app.addHook('onRequest', async (request, reply) => {
      if (!keyOf || !request.routeOptions.config.page) return;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const settings = app.systemSettings.current();
      if (!settings.cacheEnabled || settings.maintenanceMode || carriesCredentials(request)) return;
      const key = keyOf(request.url);
      const entry = key === null ? undefined : entries.get(key);
      if (!entry || Date.now() >= entry.freshUntil) return;
      hits += 1;
      return sendEntry(request, reply, entry, PUBLIC_PAGE_CACHE_CONTROL);
    });

    // Every successful write through the API purges what its route declares it changes (page-purges.ts),
    // before its answer leaves: a client that reads the page after the answer sees the change.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
      if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      const route = request.routeOptions.url;
      if (!route?.startsWith('/api/')) return payload;
      const params = (request.params ?? {}) as Record<string, string>;
      const { tags, local } = purgeFor(request.routeOptions.config, params);
      await cache.purge(tags, { local });
      return payload;
    });
  },
  { name: 'page-cache', dependencies: ['instance-bus'] },
);
