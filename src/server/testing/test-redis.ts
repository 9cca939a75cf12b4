import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';

/**
 * The Redis server tests use: TEST_REDIS_URL, else one on 127.0.0.1:6379. Each test file names its own
 * database number (keys) — the channel of the instance bus carries it too — so files running at once do
 * not meet.
 */
export const TEST_REDIS_SERVER = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function testRedisUrl(database: number): string {
  const url = new URL(TEST_REDIS_SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

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
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `redis://127.0.0.1:${port}/0`;
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
