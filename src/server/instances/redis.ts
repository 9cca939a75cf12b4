import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

/*
 * The one Redis connection of this instance (REDIS_URL, ADR 0030): shared rate limits and the instance bus.
 * Redis is a help, never a requirement: a request never waits for a Redis that cannot be reached. Commands
 * are refused at once while the connection is down (no offline queue) and given up after COMMAND_TIMEOUT_MS
 * when it hangs; the callers then count in memory (rate-limit-store.ts) or leave it to the poll
 * (instance-bus.ts). The connection is retried in the background for ever.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client, or undefined without REDIS_URL. Its `status` is 'ready' when commands go through. */
    redis: Redis | undefined;
  }
}

/** How long a connection attempt may take. */
export const CONNECT_TIMEOUT_MS = 2_000;
/** How long a command may wait for its answer on an open connection. */
export const COMMAND_TIMEOUT_MS = 500;
/** How long the start waits for the first connection before going on without it. */
const START_WAIT_MS = 2_000;

/** Reconnection delays: 200 ms doubling to at most 5 s, for ever. */
export const reconnectDelay = (attempt: number): number => Math.min(200 * 2 ** Math.min(attempt - 1, 5), 5_000);

export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  connectTimeout: CONNECT_TIMEOUT_MS,
  commandTimeout: COMMAND_TIMEOUT_MS,
  maxRetriesPerRequest: 1,
  retryStrategy: reconnectDelay,
};

/** The database number of a Redis URL (its path, 0 when none): what separates two sites sharing one Redis. */
export function redisDatabaseNumber(url: string): number {
  const match = /^\/(\d+)/.exec(new URL(url).pathname);
  return match ? Number(match[1]) : 0;
}

/** The address without its password, for the log. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Logs a connection's losses once each (not at every retry) and its returns. `name` tells the connections
 * apart in the log.
 */
export function watchConnection(client: Redis, log: FastifyBaseLogger, name: string, url: string): void {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err, redis: redactedUrl(url) }, `redis (${name}): not reachable; retrying in the background`);
  });
  // After a connection that was open closes (a Redis restart): 'reconnecting' comes only when it will retry.
  client.on('reconnecting', () => {
    if (down) return;
    down = true;
    log.warn({ redis: redactedUrl(url) }, `redis (${name}): connection lost; retrying in the background`);
  });
  client.on('ready', () => {
    if (down) log.info({ redis: redactedUrl(url) }, `redis (${name}): connected again`);
    down = false;
  });
}

/** Resolves when the client is ready, or after `ms` without it (false). */
export function waitReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.on('ready', onReady);
  });
}

/** Closes a client whether or not it is connected. */
export async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    if (client.status === 'ready') {
      await client.quit();
      return;
    }
  } catch {
    // not answered: drop it below
  }
  client.disconnect();
}

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', undefined);
      return;
    }
    const client = new Redis(url, { ...REDIS_OPTIONS, connectionName: 'site' });
    watchConnection(client, app.log, 'commands', url);
    app.decorate('redis', client);
    app.addHook('onReady', async () => {
      if (!(await waitReady(client, START_WAIT_MS))) {
        app.log.warn('redis: not reachable at start; rate limits count in this instance until it is');
      }
    });
    app.addHook('onClose', async () => closeClient(client));
  },
  { name: 'redis' },
);
