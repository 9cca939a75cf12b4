import { describe, expect, it } from 'vitest';
import { setUnauthorizedHandler, type UnauthorizedContext } from './api-auth';
import { get } from './api-client';
import { rejection, startApiTestServer } from './api-test-server';

const testApi = startApiTestServer();

describe('401 handling', () => {
  it('runs the replaceable handler, which can ask for one retry', async () => {
    const seen: UnauthorizedContext[] = [];
    setUnauthorizedHandler((context) => {
      seen.push(context);
      return 'retry';
    });
    const body = await get<{ user: string }>('/auth/flaky');
    expect(body.data.user).toBe('ada');
    expect(testApi.flakyAuthHits).toBe(2);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: `${testApi.baseUrl}/auth/flaky`, isRetry: false });
    expect(seen[0]!.error.status).toBe(401);
  });

  it('retries once only: a second 401 rejects', async () => {
    const retries: boolean[] = [];
    setUnauthorizedHandler(async (context) => {
      retries.push(context.isRetry);
      return 'retry';
    });
    const error = await rejection(get('/auth/me'));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Authentication required. Please log in and try again.');
    expect(retries).toEqual([false, true]);
    expect(testApi.hitCount('GET /api/auth/me')).toBe(2);
  });

  it('skips the handler when the call opts out (login, refresh), and the default handler is safe in Node', async () => {
    let called = 0;
    setUnauthorizedHandler(() => {
      called += 1;
    });
    await rejection(get('/auth/me', undefined, { handleUnauthorized: false }));
    expect(called).toBe(0);

    setUnauthorizedHandler(null);
    const error = await rejection(get('/auth/me'));
    expect(error.status).toBe(401);
    expect(testApi.hitCount('GET /api/auth/me')).toBe(2);
  });
});
