import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../../testing/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { CERTIFICATE_VERIFY_RATE_LIMIT, certificateVerifyLimit, certificateVerifyLimitPlugin } from './verify-limit';
import { certificatesContextFor } from './verify-page-context';

/** The verification page's lookup (load context): the API's rules, outcomes instead of HTTP errors. */
describe('the load context of /verify-certificate', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let broken = false;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await database.database.db
      .insertInto('certificates')
      .values({
        certificate_number: 'SST-2025-48213',
        recipient_name: 'Hamza Ali',
        recipient_type: 'intern',
        issue_date: '2025-08-30',
        expiry_date: null,
        status: 'revoked',
        revoked_at: '2026-01-02T03:04:05.000Z',
        revocation_reason: 'Private reason',
        created_at: '2025-08-30T00:00:00.000Z',
        updated_at: '2025-08-30T00:00:00.000Z',
      })
      .execute();
    app = Fastify();
    app.decorate('config', { jwtSecret: 'a-test-secret-of-at-least-32-characters' } as never);
    // A database that fails every query when `broken` is set.
    app.decorate('database', {
      get db() {
        if (broken) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
        return database.database.db;
      },
    } as never);
    await app.register(rateLimit, { global: false });
    await app.register(certificateVerifyLimitPlugin);
    app.get<{ Querystring: { number: string } }>('/page', async (request, reply) =>
      certificatesContextFor(app, request, reply).verify(request.query.number),
    );
    // The API route's hook, as GET /api/certificates/verify/{number} has it.
    app.get('/api', { onRequest: certificateVerifyLimit }, async () => 'api answered');
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const lookUp = async (number: string, ip = freshIp()) =>
    (await app.inject({ method: 'GET', url: '/page', query: { number }, remoteAddress: ip })).json();

  it('answers a certificate as the API does, with the public fields only', async () => {
    expect(await lookUp(' sst-2025-48213 ')).toEqual({
      status: 'verified',
      certificate: {
        certificate_number: 'SST-2025-48213',
        recipient_name: 'Hamza Ali',
        recipient_type: 'intern',
        course_name: null,
        issue_date: '2025-08-30',
        expiry_date: null,
        duration: null,
        description: null,
        status: 'revoked',
        revoked_on: '2026-01-02',
      },
    });
  });

  it('tells an unknown number from one that cannot be a number', async () => {
    expect(await lookUp('SST-2025-99999')).toEqual({ status: 'not_found' });
    expect(await lookUp('hello')).toEqual({ status: 'invalid' });
    expect(await lookUp('')).toEqual({ status: 'invalid' });
  });

  it('counts page and API lookups of one client together, and says when the limit is reached', async () => {
    const ip = freshIp();
    const api = () => app.inject({ method: 'GET', url: '/api', remoteAddress: ip });
    for (let i = 0; i < CERTIFICATE_VERIFY_RATE_LIMIT.max; i += 1) {
      if (i % 2 === 0) expect((await lookUp('SST-2025-48213', ip)).status).toBe('verified');
      else expect((await api()).body).toBe('api answered');
    }
    expect(await lookUp('SST-2025-48213', ip)).toEqual({ status: 'rate_limited' });
    expect((await api()).statusCode).toBe(429);
    expect((await lookUp('SST-2025-48213')).status).toBe('verified');
  });

  it('answers failed, without the error, when the database cannot be read', async () => {
    broken = true;
    try {
      expect(await lookUp('SST-2025-48213')).toEqual({ status: 'failed' });
    } finally {
      broken = false;
    }
  });
});
