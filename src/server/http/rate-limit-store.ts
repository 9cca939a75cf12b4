import type { FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import LocalStoreModule from '@fastify/rate-limit/store/LocalStore.js';
import RedisStoreModule from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/*
 * Where @fastify/rate-limit counts (ADR 0030). Without REDIS_URL: in this process's memory, the plugin's own
 * LocalStore. With it: in Redis, one count per limit and client for every instance, through the plugin's own
 * RedisStore (its Lua script). The failure rule: while Redis cannot be reached (refused at once, or no answer
 * within COMMAND_TIMEOUT_MS), each instance counts in its own memory until Redis is back. Limits never
 * disappear and never answer 5xx; while Redis is out, a client can get up to the limit once per instance.
 * After a command fails on an open connection (a Redis that hangs), Redis is left alone for SKIP_AFTER_ERROR_MS
 * (or until it connects again), so that requests do not each wait COMMAND_TIMEOUT_MS for it.
 */

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store interface @fastify/rate-limit calls (its typings leave out the window and the maximum). */
interface Store {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  child(options: ChildOptions): Store;
}

/** What the plugin passes to child(): a route's merged options, or createRateLimit's (routeInfo empty). */
interface ChildOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Store;

// The plugin's stores are its files, not named exports (the package has no exports map, so they can be imported;
// rate-limit-stores.d.ts declares them).
const LocalStore = LocalStoreModule as LocalStoreCtor;
const RedisStore = RedisStoreModule as RedisStoreCtor;

/** How long the stores count in memory after a Redis command failed, unless Redis connects again first. */
export const SKIP_AFTER_ERROR_MS = 5_000;

/** Whether to ask Redis: connected, and no command failed lately. One per Redis client, shared by its stores. */
class RedisUse {
  private skipUntil = 0;
  private warned = false;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.on('ready', () => {
      this.skipUntil = 0;
    });
  }

  usable(): boolean {
    return this.redis.status === 'ready' && Date.now() >= this.skipUntil;
  }

  failed(error: Error): void {
    this.skipUntil = Date.now() + SKIP_AFTER_ERROR_MS;
    // Once until a command goes through again (a lost connection is logged by instances/redis.ts).
    if (this.warned) return;
    this.warned = true;
    this.log.warn({ err: error }, 'rate limits: Redis did not answer; counting in this instance for now');
  }

  succeeded(): void {
    this.warned = false;
  }
}

/** Prefix of every rate-limit key in Redis. */
export const RATE_LIMIT_KEY_PREFIX = 'rate-limit:';

/**
 * Each limit's own key space: a route's method and address (as RedisStore names them), or, for a limiter
 * made by app.createRateLimit (no route), one space whose keys carry the limiter's name (client-limit.ts).
 */
export function childNamespace(parent: string, options: ChildOptions): string {
  const route = options.routeInfo;
  if (route?.url) return `${parent}${[route.method ?? ''].flat().join(',')}${route.url}-`;
  return `${parent}limiter-`;
}

/** Counts in Redis while it answers, else in this instance's memory. */
class SharedStore implements Store {
  private readonly shared: Store;
  private readonly local: Store;

  constructor(
    private readonly use: RedisUse,
    private readonly namespace: string,
    private readonly options: ChildOptions,
  ) {
    const continueExceeding = options.continueExceeding ?? false;
    const exponentialBackoff = options.exponentialBackoff ?? false;
    this.shared = new RedisStore(continueExceeding, exponentialBackoff, use.redis, namespace);
    this.local = new LocalStore(continueExceeding, exponentialBackoff, options.cache);
  }

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    // Down, still connecting, or failing lately: counted here.
    if (!this.use.usable()) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          this.use.succeeded();
          callback(null, result);
          return;
        }
        this.use.failed(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(options: ChildOptions): Store {
    return new SharedStore(this.use, childNamespace(this.namespace, options), { ...this.options, ...options });
  }
}

/** The options @fastify/rate-limit is registered with: limits per route only, counted where this file says. */
export function rateLimitOptions(app: FastifyInstance): RateLimitPluginOptions {
  if (!app.redis) return { global: false };
  const use = new RedisUse(app.redis, app.log);
  class Shared extends SharedStore {
    constructor(options: ChildOptions) {
      super(use, RATE_LIMIT_KEY_PREFIX, options);
    }
  }
  return { global: false, store: Shared as unknown as FastifyRateLimitStoreCtor };
}
