import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

describe('the error envelope', () => {
  let app: FastifyInstance;
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' }),
      {
        database: db.database,
        logger: false,
      },
    );
    // Routes that exist only in this test, to exercise the shared error handler.
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/test/validate',
      {
        config: { access: 'public' },
        schema: { body: z.object({ email: z.email(), age: z.number().int().min(18) }) },
      },
      async (request) => ({ success: true, data: request.body }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('hides internals of a 500 and gives a request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    expect(res.body).not.toContain('hunter2');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names each invalid field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload: { email: 'not-an-email', age: 12 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['age', 'email']);
    // A sentence naming the first field, not the validator's wording.
    expect(body.message).toBe('email must be a valid email address');
    expect(body.errors).toContainEqual({ field: 'age', message: 'age must be at least 18' });
  });

  it('refuses a body that is not JSON where JSON is expected', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers an undecodable URL with the error envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'The address of this request is not valid.',
    });
  });

  it('answers a browser asking for a page at an undecodable address with a page, not the envelope', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/%', '/blog/%E0%A4%A', '/portfolio/%ZZ?x=1']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<h1>This address is not valid</h1>');
      expect(res.body).toContain('<a href="/">Go Home</a>');
      // Its one style is allowed by its hash; nothing else may load or run.
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
      const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
      expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    }
    // The API, and anything not asking for HTML, keep the envelope.
    const api = await app.inject({ method: 'GET', url: '/api/blog/posts/%E0%A4%A', headers: { accept } });
    expect(api.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    const script = await app.inject({ method: 'GET', url: '/%' });
    expect(script.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/company');
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    // Swagger UI styles itself inline; scripts come from files only.
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
