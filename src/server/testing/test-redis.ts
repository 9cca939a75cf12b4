import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { freePort } from './ports';

/**
 * The Redis server tests use: TEST_REDIS_URL, else one on 127.0.0.1:6379. Each test file names its own
 * database number (keys) — the channel of the instance bus carries it too — so files running at once do
 * not meet.
 */
export const TEST_REDIS_SERVER = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function testRedisUrlOn(server: string, database: number): string {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

export const testRedisUrl = (database: number): string => testRedisUrlOn(TEST_REDIS_SERVER, database);

/** Whether the test Redis answers (a test file without it is skipped, as one without TEST_POSTGRES_URL is). */
export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_SERVER, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A redis:// address where nothing listens: a port taken from the system and given back. */
export async function closedRedisUrl(): Promise<string> {
  return `redis://127.0.0.1:${await freePort()}/0`;
}

export interface ClaimedRedisDatabase {
  url: string;
  number: number;
  /** Empties the database (only while it still carries this claim). */
  release(): Promise<void>;
}

const CLAIM_KEY = 'test-claim';

/**
 * Claims an empty Redis database (15 down to 1) by writing a marker in it, for processes that cannot share
 * a fixed number (several instances of a journey, a benchmark); release() empties it. Channels are global
 * in Redis: the instance bus separates sites by the database number (instances/redis.ts).
 */
export async function claimRedisDatabase(serverUrl = TEST_REDIS_SERVER): Promise<ClaimedRedisDatabase> {
  const token = `${process.pid}-${randomBytes(4).toString('hex')}`;
  for (let n = 15; n >= 1; n -= 1) {
    const url = testRedisUrlOn(serverUrl, n);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new Error(`Redis at ${serverUrl} does not answer (start redis-server): ${String(error)}`);
    }
    try {
      const claimed = await client.set(CLAIM_KEY, token, 'EX', 3600, 'NX');
      if (claimed === 'OK' && (await client.dbsize()) === 1) {
        return {
          url,
          number: n,
          async release() {
            if ((await client.get(CLAIM_KEY)) === token) await client.flushdb();
            await client.quit();
          },
        };
      }
      if (claimed === 'OK') await client.del(CLAIM_KEY);
      await client.quit();
    } catch (error) {
      client.disconnect();
      throw error;
    }
  }
  throw new Error(`no empty Redis database (1-15) on ${serverUrl}`);
}

/** A TCP relay to the test Redis that a test can cut, hang (no answers) and restore. */
export interface RedisRelay {
  /** Its address, with a database number. */
  url(database: number): string;
  /** Drops every connection and refuses new ones, as a Redis that went down. */
  cut(): Promise<void>;
  /** Keeps connections open but passes nothing on, as a Redis that hangs. */
  hang(): void;
  /** Listens again on the same port and passes everything on. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startRedisRelay(): Promise<RedisRelay> {
  const target = new URL(TEST_REDIS_SERVER);
  const sockets = new Set<Socket>();
  let passing = true;
  let port = 0;
  let server: Server | undefined;

  function relay(client: Socket) {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    client.on('data', (chunk) => passing && upstream.write(chunk));
    upstream.on('data', (chunk) => passing && client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) socket.on('close', end).on('error', end);
  }
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(relay);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    url: (database) => `redis://127.0.0.1:${port}/${database}`,
    cut: stop,
    hang() {
      passing = false;
    },
    async restore() {
      passing = true;
      if (!server) await listen();
    },
    close: stop,
  };
}

/**
 * What /api/ready answers with a Redis configured: ready while Redis answers, degraded (still 200, the site
 * serves and counts limits in memory) while it does not.
 */
export function readyAnswerWithRedis(reachable: boolean) {
  return {
    success: true,
    data: {
      status: reachable ? 'ready' : 'degraded',
      database: true,
      migrations: true,
      storage: true,
      redis: reachable,
      setup: expect.any(Array),
    },
  };
}
