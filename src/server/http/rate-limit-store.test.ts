import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { CERTIFICATE_VERIFY_RATE_LIMIT } from '../features/certificates/verify-limit';
import { CONTACT_RATE_LIMIT } from '../features/contacts/contact-limit';
import { SENSITIVE_RATE_LIMIT } from '../features/users/auth.routes';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import {
  closedRedisUrl,
  readyAnswerWithRedis,
  redisAvailable,
  startRedisRelay,
  testRedisUrl,
  type RedisRelay,
} from '../testing/test-redis';
import { RATE_LIMIT_KEY_PREFIX } from './rate-limit-store';
import { TEST_ENV } from '../testing/test-app';

/*
 * Rate limits shared by instances (ADR 0030): two apps in this process on one database, as two instances
 * behind a load balancer. With Redis every limit counts once for both; with a Redis that cannot be reached
 * each counts in its own memory, and nothing answers 5xx or waits.
 */

/** This file's Redis database: no other test file uses it. */
const REDIS_DB = 11;
const dialect = process.env.TEST_POSTGRES_URL ? 'postgres' : 'sqlite';
const hasRedis = await redisAvailable();

/** A client address no earlier run used (counts live in Redis for up to ten minutes). */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Instances {
  a: FastifyInstance;
  b: FastifyInstance;
}

function useTwoInstances(redisUrl: () => Promise<string>): Instances {
  const ctx = {} as Instances;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const config = loadConfig({
      ...TEST_ENV,
      REDIS_URL: await redisUrl(),
    });
    const build = () => buildApp(config, { database: database.database, logger: false });
    [ctx.a, ctx.b] = await Promise.all([build(), build()]);
    await Promise.all([ctx.a.ready(), ctx.b.ready()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([ctx.a?.close(), ctx.b?.close()]);
    await database?.drop();
  }, 60_000);
  return ctx;
}

const contact = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/contacts', payload: {}, remoteAddress: ip });
const verify = (app: FastifyInstance, ip: string) =>
  // A malformed number: counted like any lookup, without the cost of a miss (verify-limit.ts).
  app.inject({ method: 'GET', url: '/api/certificates/verify/not-a-number', remoteAddress: ip });
const login = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: ip });

/** Sends `count` requests, every other one through each app: none is refused, none fails. */
async function spend(
  apps: FastifyInstance[],
  send: (app: FastifyInstance, ip: string) => Promise<LightMyRequestResponse>,
  ip: string,
  count: number,
) {
  for (let i = 0; i < count; i += 1) {
    const res = await send(apps[i % apps.length] as FastifyInstance, ip);
    expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBeLessThan(429);
  }
}

describe.skipIf(!hasRedis)('rate limits with Redis', () => {
  const t = useTwoInstances(async () => testRedisUrl(REDIS_DB));

  it('counts the quote form once across instances: the sixth submission through the other one gets 429', async () => {
    const ip = randomIp();
    await spend([t.a, t.b], contact, ip, CONTACT_RATE_LIMIT.max);
    const refused = await contact(t.b, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await contact(t.a, ip)).statusCode).toBe(429);
    expect((await contact(t.a, randomIp())).statusCode).toBe(400);
  });

  it('counts certificate lookups once across instances', async () => {
    const ip = randomIp();
    await spend([t.a, t.b], verify, ip, CERTIFICATE_VERIFY_RATE_LIMIT.max);
    expect((await verify(t.a, ip)).statusCode).toBe(429);
    expect((await verify(t.b, ip)).statusCode).toBe(429);
  });

  it('keeps the quote form and certificate lookups apart: one spent does not touch the other', async () => {
    const ip = randomIp();
    await spend([t.a, t.b], contact, ip, CONTACT_RATE_LIMIT.max);
    expect((await contact(t.a, ip)).statusCode).toBe(429);
    await spend([t.b, t.a], verify, ip, CERTIFICATE_VERIFY_RATE_LIMIT.max);
    expect((await verify(t.b, ip)).statusCode).toBe(429);

    const redis = new Redis(testRedisUrl(REDIS_DB));
    try {
      const keys = await redis.keys(`${RATE_LIMIT_KEY_PREFIX}*${ip}`);
      expect(keys.sort()).toEqual([
        `${RATE_LIMIT_KEY_PREFIX}limiter-certificate-verify|${ip}`,
        `${RATE_LIMIT_KEY_PREFIX}limiter-contact|${ip}`,
      ]);
      expect(Number(await redis.get(`${RATE_LIMIT_KEY_PREFIX}limiter-contact|${ip}`))).toBe(CONTACT_RATE_LIMIT.max + 1);
    } finally {
      redis.disconnect();
    }
  });

  it('counts a route’s own limit (sign-in) once across instances', async () => {
    const ip = randomIp();
    await spend([t.a, t.b], login, ip, SENSITIVE_RATE_LIMIT.max);
    const refused = await login(t.a, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await login(t.b, ip)).statusCode).toBe(429);
    // Another route's count is its own.
    expect((await contact(t.b, ip)).statusCode).toBe(400);
  });

  it('says Redis is reachable in /api/ready', async () => {
    const res = await t.a.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(readyAnswerWithRedis(true));
  });
});

describe('rate limits with a Redis that cannot be reached', () => {
  const t = useTwoInstances(closedRedisUrl);

  it('answers every request and counts each instance in its own memory', async () => {
    const ip = randomIp();
    await spend([t.a], contact, ip, CONTACT_RATE_LIMIT.max);
    expect((await contact(t.a, ip)).statusCode).toBe(429);
    // The other instance has its own count while Redis is out.
    await spend([t.b], contact, ip, CONTACT_RATE_LIMIT.max);
    expect((await contact(t.b, ip)).statusCode).toBe(429);

    await spend([t.a], login, ip, SENSITIVE_RATE_LIMIT.max);
    expect((await login(t.a, ip)).statusCode).toBe(429);
    expect((await verify(t.a, ip)).statusCode).toBeLessThan(429);
  });

  it('is ready but degraded: the site keeps serving', async () => {
    const res = await t.b.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(readyAnswerWithRedis(false));
  });
});

describe.skipIf(!hasRedis)('rate limits through a Redis outage', () => {
  let relay: RedisRelay;
  const t = useTwoInstances(async () => {
    relay = await startRedisRelay();
    return relay.url(REDIS_DB);
  });
  afterAll(() => relay?.close());

  const ready = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    return res.json().data as { status: string; redis: boolean };
  };

  it('counts in each instance while Redis is down, and in Redis again once it is back', async () => {
    const ip = randomIp();
    await spend([t.a, t.b], contact, ip, 3);
    await relay.cut();
    // Each instance counts alone while Redis is out: its own five, then 429. Nothing fails.
    for (const app of [t.a, t.b]) {
      await spend([app], contact, ip, CONTACT_RATE_LIMIT.max);
      expect((await contact(app, ip)).statusCode).toBe(429);
      expect(await ready(app)).toMatchObject({ status: 'degraded', redis: false });
    }
    await relay.restore();
    for (const app of [t.a, t.b]) {
      await vi.waitFor(async () => expect(await ready(app)).toMatchObject({ status: 'ready', redis: true }), {
        timeout: 20_000,
        interval: 100,
      });
    }
    // The count kept in Redis from before the outage (three) holds again, for both.
    await spend([t.a, t.b], contact, ip, CONTACT_RATE_LIMIT.max - 3);
    expect((await contact(t.b, ip)).statusCode).toBe(429);
    expect((await contact(t.a, ip)).statusCode).toBe(429);
  }, 60_000);

  it('answers while Redis hangs: a command is given up after a moment and counted in memory', async () => {
    const ip = randomIp();
    relay.hang();
    try {
      await spend([t.a], contact, ip, CONTACT_RATE_LIMIT.max);
      expect((await contact(t.a, ip)).statusCode).toBe(429);
      expect(await ready(t.a)).toMatchObject({ status: 'degraded', redis: false });
    } finally {
      await relay.restore();
    }
  }, 60_000);
});
