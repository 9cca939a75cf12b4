import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../../http/error-handler';
import { CONTACT_RATE_LIMIT, contactLimitPlugin, contactSubmitLimit } from './contact-limit';

describe('the quote-form limiter', () => {
  it('counts the API and the page form of one client together, and each client apart', async () => {
    const app = Fastify();
    app.decorate('database', { dialect: 'sqlite' } as never);
    await app.register(errorHandlerPlugin);
    await app.register(rateLimit, { global: false });
    await app.register(contactLimitPlugin);
    app.post('/api', { onRequest: contactSubmitLimit }, async () => 'stored');
    app.post('/page', async (request, reply) =>
      (await app.contactSubmitAllowed(request, reply)) ? 'stored' : 'page 429',
    );
    await app.ready();
    const send = (url: string, ip = '203.0.113.1') => app.inject({ method: 'POST', url, remoteAddress: ip });

    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      const res = await send(i % 2 === 0 ? '/api' : '/page');
      expect(res.body).toBe('stored');
    }
    const api = await send('/api');
    expect(api.statusCode).toBe(429);
    expect(api.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
    const page = await send('/page');
    expect(page.body).toBe('page 429');
    expect(page.headers['retry-after']).toBeDefined();
    expect((await send('/page', '203.0.113.2')).body).toBe('stored');
    await app.close();
  });
});
