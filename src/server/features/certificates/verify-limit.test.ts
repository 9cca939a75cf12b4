import { randomInt } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../http/error-handler';
import { rateLimitOptions } from '../../http/rate-limit-store';
import { certificatesContextFor } from './verify-page-context';
import { createTestDatabase, testDialects, type TestDatabase } from '../../testing/test-database';
import { claimRedisDatabase, redisAvailable, type ClaimedRedisDatabase } from '../../testing/test-redis';
import { certificatesRoutes } from './certificates.routes';
import { toCertificate } from './certificates.service';
import { certificateSite } from './verify-link';
import { certificateVerifyLimitPlugin } from './verify-limit';

/*
 * Walking the register: misses are limited per client address and site-wide, on the API and the verification
 * page together, in memory and in Redis shared by two instances. Small limits and no delay keep it quick.
 */

const KNOWN = 'SST-2025-48213';
const SECRET = 'a-test-secret-of-at-least-32-characters';
const LIMITS = {
  missDelayMs: 0,
  missesPerAddress: { max: 3, timeWindow: 60_000 },
  missBudget: { max: 8, timeWindow: 60_000 },
};
const hasRedis = await redisAvailable();

let ipCounter = randomInt(1, 50_000);
const newIp = () => {
  ipCounter += 1;
  return `10.${randomInt(256)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};
/** A well-formed number nobody issued. */
let serial = 90_000;
const unknownNumber = () => `SST-2024-${(serial += 1)}`;

async function lookupApp(database: TestDatabase, redis?: Redis): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  app.decorate('database', database.database);
  app.decorate('config', { publicUrl: 'http://localhost:3000', jwtSecret: SECRET } as never);
  app.decorate('redis', redis);
  await app.register(rateLimit, rateLimitOptions(app));
  await app.register(certificateVerifyLimitPlugin, LIMITS);
  await app.register(certificatesRoutes, { prefix: '/api/certificates' });
  app.get<{ Querystring: { number: string; sig?: string } }>('/page', async (request, reply) =>
    certificatesContextFor(app, request, reply).verify(request.query.number, request.query.sig),
  );
  await app.ready();
  return app;
}

const api = (app: FastifyInstance, number: string, ip: string, sig?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/certificates/verify/${number}`,
    query: sig ? { sig } : {},
    remoteAddress: ip,
  });
const page = async (app: FastifyInstance, number: string, ip: string, sig?: string) =>
  (
    await app.inject({ method: 'GET', url: '/page', query: sig ? { number, sig } : { number }, remoteAddress: ip })
  ).json().status as string;

async function withCertificate(dialect: (typeof testDialects)[number]): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect);
  await database.database.db
    .insertInto('certificates')
    .values({
      certificate_number: KNOWN,
      recipient_name: 'Hamza Ali',
      recipient_type: 'intern',
      issue_date: '2025-08-30',
      status: 'active',
      created_at: '2025-08-30T00:00:00.000Z',
      updated_at: '2025-08-30T00:00:00.000Z',
    })
    .execute();
  return database;
}

describe.each(testDialects)('certificate lookups on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await withCertificate(dialect);
    app = await lookupApp(database);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('closes an address after its misses, on the API and the page alike; other addresses go on', async () => {
    const walker = newIp();
    expect((await api(app, unknownNumber(), walker)).statusCode).toBe(404);
    expect(await page(app, unknownNumber(), walker)).toBe('not_found');
    expect((await api(app, unknownNumber(), walker)).statusCode).toBe(404);
    // Even a number that exists is refused now, so a walker learns nothing more from this address.
    const refused = await api(app, KNOWN, walker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await page(app, KNOWN, walker)).toBe('rate_limited');
    // Hits and malformed numbers are not misses: someone else verifies as often as the lookup limit allows.
    const reader = newIp();
    for (let i = 0; i < 5; i += 1) expect((await api(app, KNOWN, reader)).statusCode).toBe(200);
    expect((await api(app, 'not-a-number', reader)).statusCode).toBe(400);
    expect(await page(app, KNOWN, reader)).toBe('verified');
  });

  it('refuses every lookup once the site-wide miss budget is spent by many addresses', async () => {
    // What the first test left: three misses of the budget's eight. Each new address misses once.
    for (let i = 0; i < 5; i += 1) expect((await api(app, unknownNumber(), newIp())).statusCode).toBe(404);
    const fresh = await api(app, KNOWN, newIp());
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    expect(await page(app, KNOWN, newIp())).toBe('rate_limited');
  });

  it('still answers the signed address printed on a certificate when the budget is spent', async () => {
    // The budget is spent (the test above). The address staff print carries the number's signature.
    const certificate = await verifyUrlOf(app, KNOWN);
    const sig = new URL(certificate).searchParams.get('sig') ?? '';
    expect(sig).toMatch(/^[\w-]{16}$/);
    expect((await api(app, KNOWN, newIp(), sig)).statusCode).toBe(200);
    expect(await page(app, KNOWN, newIp(), sig)).toBe('verified');
    // Lower case as typed from the address: the same number, the same signature.
    expect((await api(app, KNOWN.toLowerCase(), newIp(), sig)).statusCode).toBe(200);
    // A signature of another number, a forged one or an overlong one is no signature.
    const other = app.certificateLinks.sign('SST-2025-48214');
    for (const wrong of [other, `${sig.slice(0, -1)}A`, 'x'.repeat(64), 'x'.repeat(65)]) {
      expect([429, 400]).toContain((await api(app, KNOWN, newIp(), wrong)).statusCode);
      expect(await page(app, KNOWN, newIp(), wrong)).toBe('rate_limited');
    }
    // The address's own limits still hold for signed lookups.
    const busy = newIp();
    for (let i = 0; i < 30; i += 1) await api(app, KNOWN, busy, sig);
    expect((await api(app, KNOWN, busy, sig)).statusCode).toBe(429);
  });
});

/** The verification address staff see for a certificate (what its PDF's QR code holds). */
async function verifyUrlOf(app: FastifyInstance, number: string): Promise<string> {
  const row = await app.database.db
    .selectFrom('certificates')
    .selectAll()
    .where('certificate_number', '=', number)
    .executeTakeFirstOrThrow();
  return toCertificate(row, certificateSite('http://localhost:3000', app.certificateLinks)).verify_url;
}

describe.skipIf(!hasRedis)('certificate lookups counted in Redis by two instances', () => {
  let database: TestDatabase;
  let claimed: ClaimedRedisDatabase;
  let redis: [Redis, Redis];
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await withCertificate('sqlite');
    claimed = await claimRedisDatabase();
    redis = [new Redis(claimed.url), new Redis(claimed.url)];
    // Counted in memory until the connection is ready (rate-limit-store.ts): wait for it.
    await Promise.all(redis.map((client) => client.ping()));
    [a, b] = await Promise.all([lookupApp(database, redis[0]), lookupApp(database, redis[1])]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    redis?.forEach((client) => client.disconnect());
    await claimed?.release();
    await database?.drop();
  });

  it("counts one address's misses and the site's budget once for both instances", async () => {
    const walker = newIp();
    expect((await api(a, unknownNumber(), walker)).statusCode).toBe(404);
    expect((await api(b, unknownNumber(), walker)).statusCode).toBe(404);
    expect((await api(a, unknownNumber(), walker)).statusCode).toBe(404);
    expect((await api(a, KNOWN, walker)).statusCode).toBe(429);
    // B learns it from the shared count at the address's next miss, and closes too.
    expect((await api(b, unknownNumber(), walker)).statusCode).toBe(404);
    expect((await api(b, KNOWN, walker)).statusCode).toBe(429);
    // The site-wide budget (eight): four misses so far; four more from new addresses through both.
    for (let i = 0; i < 4; i += 1) {
      expect((await api(i % 2 ? a : b, unknownNumber(), newIp())).statusCode).toBe(404);
    }
    expect((await api(a, KNOWN, newIp())).statusCode).toBe(429);
    // The eighth miss went through A; B learns it from the count of its own next miss (one more, at most).
    expect((await api(b, unknownNumber(), newIp())).statusCode).toBe(404);
    expect((await api(b, KNOWN, newIp())).statusCode).toBe(429);
    expect((await api(a, unknownNumber(), newIp())).statusCode).toBe(429);
  });
});
