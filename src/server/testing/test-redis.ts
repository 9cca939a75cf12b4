import { createServer } from 'node:net';
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
