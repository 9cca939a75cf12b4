/**
 * The services the instances of `npm run bench -- --instances` share: a fresh PostgreSQL database, a bucket
 * in a local s3rver (temp folder), a Redis database number of their own; and what carries their bus.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { createTestDatabase, type TestDatabase } from '../src/server/testing/test-database';
import { claimRedisDatabase, type ClaimedRedisDatabase } from '../src/server/testing/test-redis';
import { BENCH_ADMIN } from './api-bench';
import { freePort } from '../tests/e2e/support/harness';

const BUCKET = 'bench-instances';

export interface Services {
  database: TestDatabase;
  redis: ClaimedRedisDatabase;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startServices(): Promise<Services> {
  const postgres =
    process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  process.env.TEST_POSTGRES_URL = postgres; // createTestDatabase reads the tests' name
  const redis = await claimRedisDatabase(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  const database = await createTestDatabase('postgres', { migrate: false }).catch(async (error: unknown) => {
    await redis.release();
    throw error;
  });
  const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'bench-s3rver-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const s3Port = (await s3.run()).port;
  return {
    database,
    redis,
    env: {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // The one site address, as behind a load balancer; no instance listens there.
      PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
      STORAGE_S3_BUCKET: BUCKET,
      STORAGE_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      STORAGE_S3_PREFIX: 'site/',
      REDIS_URL: redis.url,
      COHERENCE_POLL_SECONDS: '3600',
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
    },
    async close() {
      await Promise.allSettled([s3.close(), redis.release()]);
      rmSync(s3Dir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/** What carries the bus, seen from outside: subscribed Redis connections in our database, LISTENing sessions. */
export async function busTransport(services: Services): Promise<string> {
  const seen: string[] = [];
  const client = new Redis(services.redis.url, { maxRetriesPerRequest: 1 });
  try {
    const list = String(await client.call('CLIENT', 'LIST'));
    const subscribed = list
      .split('\n')
      .filter((line) => line.includes(` db=${services.redis.number} `) && /\b(sub|psub|ssub)=[1-9]/.test(line));
    if (subscribed.length > 0)
      seen.push(`Redis pub/sub (${subscribed.length} subscribed connections in db ${services.redis.number})`);
  } finally {
    client.disconnect();
  }
  const listening = await sql<{ n: string }>`
    select count(*) as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(
    services.database.database.db,
  );
  const n = Number(listening.rows[0]?.n ?? 0);
  if (n > 0) seen.push(`PostgreSQL LISTEN/NOTIFY (${n} listening sessions)`);
  return seen.length > 0 ? seen.join(' + ') : 'none seen (neither a subscribed Redis connection nor a LISTEN session)';
}
