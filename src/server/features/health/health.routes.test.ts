import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { readyAnswerWithRedis, redisAvailable, testRedisUrl } from '../../testing/test-redis';

describe.each(testDialects)('health and errors on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('answers /api/health while the process lives', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers /api/ready when the database is reachable and migrated and the upload folder writable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { status: 'ready', database: true, migrations: true, storage: true, setup: expect.any(Array) },
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Route GET /api/nope not found' });
  });

  it('rejects a malformed JSON body with 400 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON.',
    });
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(t.config.bodyLimit + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sends security headers on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain("unsafe-inline';script");
  });
});

/** This file's Redis database: no other test file uses it. */
const REDIS_DB = 13;
const hasRedis = await redisAvailable();

describe.skipIf(!hasRedis)('/api/ready with Redis', () => {
  const t = useTestApp('sqlite', { seed: false, env: { REDIS_URL: testRedisUrl(REDIS_DB) } });

  it('says Redis is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(readyAnswerWithRedis(true));
  });
});

describe('/api/ready with a Redis that cannot be reached', () => {
  const t = useTestApp('sqlite', { seed: false, env: { REDIS_URL: 'redis://127.0.0.1:1/0' } });

  it('stays ready (the site serves, counting limits in memory) but says it is degraded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(readyAnswerWithRedis(false));
  });

  it('still answers 503 for what it cannot serve without, and names Redis there too', async () => {
    const storage = vi.spyOn(t.app, 'checkUploadStorage').mockRejectedValueOnce(new Error('read-only'));
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    storage.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'STORAGE_UNAVAILABLE',
      data: { database: true, migrations: true, storage: false, redis: false },
    });
  });
});
