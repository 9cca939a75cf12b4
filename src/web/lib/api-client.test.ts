import { describe, expect, it } from 'vitest';
import {
  api,
  configureApiClient,
  del,
  get,
  onApiWrite,
  patch,
  post,
  put,
  request,
  resetApiClient,
  upload,
  userMessage,
} from './api-client';
import { getErrorLog } from './error-log';
import { rejection, startApiTestServer } from './api-test-server';

const testApi = startApiTestServer();

describe('helpers', () => {
  it('GET resolves with the response body and encodes query params, skipping empty values', async () => {
    const body = await get<{ posts: unknown[]; total: number; query: string }>('/blog/posts', {
      page: 2,
      search: 'a b&c',
      empty: '',
      nothing: null,
      missing: undefined,
      tag: ['x', 'y'],
      featured: true,
    });
    expect(body.success).toBe(true);
    expect(body.data.posts).toEqual([{ id: 1, title: 'Hello' }]);
    expect(body.data.total).toBe(1);
    expect(body.data.query).toBe('page=2&search=a%20b%26c&tag=x&tag=y&featured=true');
  });

  it('POST, PUT and PATCH send JSON bodies; DELETE sends params; every call asks for JSON', async () => {
    const created = await post<{ body: string; contentType: string; method: string; accept: string }>('/echo', {
      title: 'Hi',
    });
    expect(created.data).toMatchObject({
      method: 'POST',
      body: '{"title":"Hi"}',
      contentType: 'application/json',
      accept: 'application/json',
    });

    const replaced = await put<{ body: string; method: string }>('/echo', { a: 1 });
    expect(replaced.data).toMatchObject({ method: 'PUT', body: '{"a":1}' });

    const changed = await patch<{ body: string; method: string }>('/echo', { status: 'done' });
    expect(changed.data).toMatchObject({ method: 'PATCH', body: '{"status":"done"}' });

    const removed = await del<{ method: string; query: string; body: string }>('/echo', { ids: [1, 2] });
    expect(removed.data).toMatchObject({ method: 'DELETE', query: 'ids=1&ids=2', body: '' });

    expect(await api.delete<{ method: string }>('/echo')).toMatchObject({ data: { method: 'DELETE' } });
  });

  it('POST without data sends no body and no JSON content type (an empty JSON body is a 400 in Fastify)', async () => {
    const body = await post<{ body: string; contentType: string | null }>('/echo');
    expect(body.data.body).toBe('');
    expect(body.data.contentType).toBeNull();
  });

  it('sends X-API-Key when a key is configured and no Authorization without a stored token', async () => {
    configureApiClient({ apiKey: 'k-123' });
    const body = await get<{ apiKey: string | null; authorization: string | null }>('/echo');
    expect(body.data.apiKey).toBe('k-123');
    expect(body.data.authorization).toBeNull();

    configureApiClient({ apiKey: null });
    expect((await get<{ apiKey: string | null }>('/echo')).data.apiKey).toBeNull();
  });

  it('the generic request takes any letter case, data and params', async () => {
    const body = await request<{ method: string; query: string; body: string }>({
      method: 'patch',
      path: '/echo',
      data: { x: 1 },
      params: { page: 1, q: '' },
    });
    expect(body.data).toEqual(expect.objectContaining({ method: 'PATCH', query: 'page=1', body: '{"x":1}' }));
  });

  it('the generic request rejects an unsupported method without calling the server', async () => {
    const error = await rejection(request({ method: 'TRACE', path: '/echo' }));
    expect(error.message).toBe('Unsupported HTTP method: TRACE');
    expect(error.status).toBe(0);
    expect(testApi.hitCount('TRACE /api/echo')).toBe(0);
    expect(testApi.routesCalled()).toBe(0);
  });

  it('upload posts multipart form data and reports completion (fetch fallback outside a browser)', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(1000)], { type: 'image/png' }), 'a.png');
    const progress: number[] = [];
    const body = await upload<{ method: string; contentType: string; body: string }>('/echo', form, (p) =>
      progress.push(p.percent),
    );
    expect(body.data.method).toBe('POST');
    expect(body.data.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.data.body).toContain('filename="a.png"');
    expect(progress.at(-1)).toBe(100);
  });

  it('an empty 204 answer resolves as success with null data', async () => {
    expect(await get('/empty')).toEqual({ success: true, data: null });
  });
});

describe('errors', () => {
  it('400 carries status, code, the server message, field errors and the body', async () => {
    const error = await rejection(post('/contacts', { email: 'nope' }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Validation failed');
    expect(error.errors).toEqual([{ field: 'email', message: 'Enter a valid email address' }]);
    expect(error.data).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('404, 500 and 503 take the message and code from the body', async () => {
    const notFound = await rejection(get('/blog/posts/missing'));
    expect([notFound.status, notFound.code, notFound.message]).toEqual([404, 'NOT_FOUND', 'Blog post not found']);

    const boom = await rejection(get('/boom'));
    expect([boom.status, boom.code, boom.message]).toEqual([500, 'INTERNAL_ERROR', 'Internal server error']);

    const dbDown = await rejection(request({ method: 'GET', path: '/db-down' }));
    expect(dbDown.status).toBe(503);
    expect(dbDown.code).toBe('DATABASE_UNAVAILABLE');
    expect(dbDown.message).toBe(
      'Database not available. Please ensure PostgreSQL is running and database is configured.',
    );
  });

  it('an answer without a JSON body falls back to the error text, keeping the raw body', async () => {
    const error = await rejection(get('/proxy-error'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status code 502');
    expect(error.data).toBe('<html><body>Bad gateway</body></html>');

    const invalid = await rejection(get('/not-json'));
    expect(invalid.code).toBe('INVALID_RESPONSE');
  });

  it("responseType 'text' resolves with the raw body, uncached, and still fails like any call", async () => {
    expect(await get('/not-json', undefined, { responseType: 'text' })).toEqual({ success: true, data: 'hello' });
    await get('/not-json', undefined, { responseType: 'text' });
    expect(testApi.hitCount('GET /api/not-json')).toBe(2);
    const error = await rejection(get('/blog/posts/missing', undefined, { responseType: 'text' }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Blog post not found');
  });

  it("responseType 'blob' resolves with the body as a Blob, uncached, and still fails like any call", async () => {
    const first = await get('/not-json', undefined, { responseType: 'blob' });
    expect(first.data).toBeInstanceOf(Blob);
    expect(await (first.data as Blob).text()).toBe('hello');
    await get('/not-json', undefined, { responseType: 'blob' });
    expect(testApi.hitCount('GET /api/not-json')).toBe(2);
    const error = await rejection(get('/blog/posts/missing', undefined, { responseType: 'blob' }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Blog post not found');
  });

  it('no answer (connection refused) is status 0 with the network message', async () => {
    configureApiClient({ baseUrl: testApi.closedPortBase });
    const error = await rejection(request({ method: 'GET', path: '/echo' }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe('Network error - Unable to connect to server');
    expect(error.data).toBeNull();
  });

  it('a call slower than the timeout fails as a status-0 network error', async () => {
    const started = Date.now();
    const error = await rejection(get('/slow', undefined, { timeoutMs: 100 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.status).toBe(0);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('Network error - Unable to connect to server');

    configureApiClient({ timeoutMs: 100 });
    const viaConfig = await rejection(post('/slow'));
    expect(viaConfig.code).toBe('TIMEOUT');
  });

  it('a call the caller aborts rejects with ABORTED and is not logged as a failure', async () => {
    const controller = new AbortController();
    const pending = get('/slow', undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect(error.code).toBe('ABORTED');
    expect(getErrorLog()).toEqual([]);
  });

  it('every failed call is logged with url, method, status and message, with secrets redacted', async () => {
    await rejection(post('/contacts', { email: 'nope', password: 'hunter2' }));
    await rejection(get('/boom', { token: 'secret-token-value', page: 3 }));
    configureApiClient({ baseUrl: testApi.closedPortBase });
    await rejection(del('/echo'));

    const log = getErrorLog();
    expect(log).toHaveLength(3);
    const [network, server500, validation] = log;
    expect(network).toMatchObject({
      type: 'NETWORK',
      severity: 'HIGH',
      message: 'Network error - Unable to connect to server',
      context: { url: `${testApi.closedPortBase}/echo`, method: 'DELETE', status: 0 },
    });
    expect(server500).toMatchObject({
      type: 'SERVER',
      severity: 'HIGH',
      message: 'Internal server error',
      context: { url: `${testApi.baseUrl}/boom?token=[redacted]&page=3`, method: 'GET', status: 500 },
    });
    expect(validation).toMatchObject({
      type: 'VALIDATION',
      message: 'Validation failed',
      context: { url: `${testApi.baseUrl}/contacts`, method: 'POST', status: 400 },
    });
    const stored = JSON.stringify(log);
    expect(stored).not.toContain('secret-token-value');
    expect(stored).not.toContain('hunter2');
  });
});

describe('reads and writes', () => {
  it('every GET goes to the server and hands out its own copy: the client keeps no answers', async () => {
    const first = await get<{ posts: { title: string }[] }>('/blog/posts', { page: 1 });
    first.data.posts[0]!.title = 'mutated by a caller';
    const second = await get<{ posts: { title: string }[] }>('/blog/posts', { page: 1 });
    expect(testApi.hitCount('GET /api/blog/posts')).toBe(2);
    expect(second.data.posts[0]!.title).toBe('Hello');
  });

  it('tells the write listeners of every write, failed or not, once its answer is in; never of a read', async () => {
    const told: string[] = [];
    const stop = onApiWrite((path) => told.push(path));
    await get('/blog/posts');
    await post('/blog/posts', { title: 'New' });
    expect(told).toEqual(['/blog/posts']);

    // A failed write may have changed state too.
    await rejection(put('/blog/posts/missing', { title: 'x' }));
    expect(told).toEqual(['/blog/posts', '/blog/posts/missing']);

    stop();
    await post('/blog/posts', { title: 'Another' });
    expect(told).toHaveLength(2);
  });

  it('a failing write listener does not fail the call; resetApiClient drops the listeners', async () => {
    const told: string[] = [];
    onApiWrite(() => {
      throw new Error('listener bug');
    });
    onApiWrite((path) => told.push(path));
    await expect(post('/echo', { a: 1 })).resolves.toMatchObject({ success: true });
    expect(told).toEqual(['/echo']);

    resetApiClient();
    configureApiClient({ baseUrl: testApi.baseUrl });
    await post('/echo', { a: 2 });
    expect(told).toEqual(['/echo']);
  });
});

describe('userMessage', () => {
  it('maps each failure to the text the decisions call true, per surface', async () => {
    const validation = await rejection(post('/contacts', {}));
    const dbDown = await rejection(get('/db-down'));
    const boom = await rejection(get('/boom'));
    const notFound = await rejection(get('/blog/posts/missing'));
    const proxy = await rejection(get('/proxy-error'));
    const timeout = await rejection(get('/slow', undefined, { timeoutMs: 50 }));
    configureApiClient({ baseUrl: testApi.closedPortBase });
    const network = await rejection(get('/echo'));

    const admin = { surface: 'admin', fallback: 'Failed to save blog post' } as const;
    const visitor = { surface: 'public', fallback: 'Failed to load blog posts' } as const;

    expect(userMessage(validation, admin)).toBe('Enter a valid email address');
    expect(userMessage(validation, visitor)).toBe('Enter a valid email address');

    expect(userMessage(dbDown, admin)).toBe(
      'Database not available. Please ensure PostgreSQL is running and database is configured.',
    );
    expect(userMessage(dbDown, visitor)).toBe('Failed to load blog posts');

    expect(userMessage(network, admin)).toBe('Backend server not available. Please start the backend server.');
    expect(userMessage(timeout, admin)).toBe('Backend server not available. Please start the backend server.');
    expect(userMessage(network, visitor)).toBe('Failed to load blog posts');

    expect(userMessage(boom, admin)).toBe('Internal server error');
    expect(userMessage(boom, visitor)).toBe('Failed to load blog posts');
    expect(userMessage(notFound, admin)).toBe('Blog post not found');
    expect(userMessage(notFound, visitor)).toBe('Blog post not found');
    expect(userMessage(proxy, admin)).toBe('Failed to save blog post');

    expect(userMessage(new TypeError('x is undefined'), admin)).toBe('Failed to save blog post');
    for (const error of [validation, boom, notFound, proxy]) {
      expect(userMessage(error, admin)).not.toMatch(/Database not available|Backend server not available/);
    }
  });
});
