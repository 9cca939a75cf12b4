import { build } from 'esbuild';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type * as AuthModule from '../../src/web/lib/api-auth';
import type * as ClientModule from '../../src/web/lib/api-client';
import type * as LogModule from '../../src/web/lib/error-log';
import type * as HandlersModule from '../../src/web/lib/global-error-handlers';
import { launchBrowser, newPage } from './support/harness';

/**
 * The API client and the client error log in real Chromium: the two modules are bundled with esbuild
 * (with a build-time API key, as Vite would inline it) and served with a tiny page and test API routes
 * from a local server. No production build needed.
 */

interface PageGlobals {
  apiClient: typeof ClientModule;
  apiAuth: typeof AuthModule;
  errorLog: typeof LogModule;
  errorHandlers: typeof HandlersModule;
  marker?: number;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const hits = new Map<string, number>();
let bundle = '';
let server: Server;
let origin = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const key = `${req.method} ${url.pathname}`;
  hits.set(key, (hits.get(key) ?? 0) + 1);
  let bytes = 0;
  for await (const chunk of req) bytes += (chunk as Buffer).length;
  const authorization = req.headers.authorization ?? null;

  if (url.pathname === '/bundle.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
    return void res.end(bundle);
  }
  if (!url.pathname.startsWith('/api/')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end(
      `<!doctype html><html><head><title>${url.pathname}</title><script type="module" src="/bundle.js"></script></head><body><h1>${url.pathname}</h1></body></html>`,
    );
  }
  switch (url.pathname) {
    case '/api/echo':
      return json(res, 200, {
        success: true,
        data: { method: req.method, authorization, apiKey: req.headers['x-api-key'] ?? null },
      });
    case '/api/blog/posts':
      return json(res, req.method === 'POST' ? 201 : 200, { success: true, data: { posts: [], total: 0 } });
    case '/api/auth/me':
      return json(res, 401, { success: false, message: 'Authentication required.', code: 'UNAUTHENTICATED' });
    case '/api/auth/check':
      if (authorization !== 'Bearer fresh') {
        return json(res, 401, { success: false, message: 'Token expired', code: 'UNAUTHENTICATED' });
      }
      return json(res, 200, { success: true, data: { authorization } });
    case '/api/uploads/images':
      return json(res, 201, {
        success: true,
        data: { bytes, contentType: req.headers['content-type'] ?? null, authorization },
      });
    case '/api/slow': {
      const timer = setTimeout(() => json(res, 200, { success: true, data: 'late' }), 5_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    case '/api/delayed': {
      const timer = setTimeout(
        () => json(res, 200, { success: true, data: 'answered' }),
        Number(url.searchParams.get('ms')),
      );
      res.on('close', () => clearTimeout(timer));
      return;
    }
    default:
      return json(res, 404, {
        success: false,
        message: `Missing ${url.searchParams.get('n') ?? ''}`.trim(),
        code: 'NOT_FOUND',
      });
  }
}

async function openPage(pathname: string): Promise<void> {
  await page.goto(`${origin}${pathname}`);
  await page.waitForFunction(() => 'apiClient' in window && 'errorLog' in window);
}

function hitCount(key: string): number {
  return hits.get(key) ?? 0;
}

beforeAll(async () => {
  const result = await build({
    stdin: {
      contents: [
        `import * as apiAuth from './src/web/lib/api-auth.ts';`,
        `import * as apiClient from './src/web/lib/api-client.ts';`,
        `import * as errorLog from './src/web/lib/error-log.ts';`,
        `import * as errorHandlers from './src/web/lib/global-error-handlers.ts';`,
        `Object.assign(window, { apiAuth, apiClient, errorLog, errorHandlers });`,
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
      sourcefile: 'api-client-page.ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
    define: { 'import.meta.env.VITE_API_KEY': '"test-key"' },
  });
  bundle = result.outputFiles[0]!.text;

  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

beforeEach(async () => {
  hits.clear();
  ({ context, page } = await newPage(browser));
});

afterEach(async () => {
  await context.close();
});

describe('API client in the browser', () => {
  it('sends the stored bearer token and the build-time API key; a token change is seen by the next read', async () => {
    await openPage('/');
    const result = await page.evaluate(async () => {
      const { apiClient } = window as unknown as PageGlobals;
      localStorage.setItem('authToken', 'tok-1');
      const signedIn = await apiClient.get<{ authorization: string | null; apiKey: string | null }>('/echo');
      localStorage.removeItem('authToken');
      const signedOut = await apiClient.get<{ authorization: string | null; apiKey: string | null }>('/echo');
      return { signedIn: signedIn.data, signedOut: signedOut.data };
    });
    expect(result.signedIn).toEqual({ method: 'GET', authorization: 'Bearer tok-1', apiKey: 'test-key' });
    expect(result.signedOut).toEqual({ method: 'GET', authorization: null, apiKey: 'test-key' });
    expect(hitCount('GET /api/echo')).toBe(2);
  });

  it('sends every read to the server and tells the write listeners of each write', async () => {
    await openPage('/blog');
    const told = await page.evaluate(async () => {
      const { apiClient } = window as unknown as PageGlobals;
      const paths: string[] = [];
      apiClient.onApiWrite((path) => paths.push(path));
      await apiClient.get('/blog/posts', { page: 1 });
      await apiClient.get('/blog/posts', { page: 1 });
      await apiClient.post('/blog/posts', { title: 'New' });
      return paths;
    });
    expect(hitCount('GET /api/blog/posts')).toBe(2);
    expect(told).toEqual(['/blog/posts']);
  });

  it('tells a sign-out when the calls sent with the token have their answers, or gives up at its timeout', async () => {
    await openPage('/admin/blog');
    const waited = await page.evaluate(async () => {
      const { apiClient } = window as unknown as PageGlobals;
      const measure = async (timeoutMs: number) => {
        const started = performance.now();
        await apiClient.untilTokenCallsAnswered(timeoutMs);
        return performance.now() - started;
      };
      const idle = await measure(5000);
      // One call with the token (answered after 600 ms), one without (5 s): only the first is waited for.
      localStorage.setItem('authToken', 'tok-1');
      const withToken = apiClient.get('/delayed', { ms: 600 });
      localStorage.removeItem('authToken');
      void apiClient.get('/slow', undefined).catch(() => undefined);
      const answered = await measure(5000);
      await withToken;
      // A call with the token that takes too long: the wait ends at its timeout.
      localStorage.setItem('authToken', 'tok-1');
      void apiClient.get('/slow', undefined).catch(() => undefined);
      localStorage.removeItem('authToken');
      const gaveUp = await measure(400);
      return { idle, answered, gaveUp };
    });
    expect(waited.idle).toBeLessThan(300);
    expect(waited.answered).toBeGreaterThanOrEqual(500);
    expect(waited.answered).toBeLessThan(4000);
    expect(waited.gaveUp).toBeGreaterThanOrEqual(350);
    expect(waited.gaveUp).toBeLessThan(4000);
  });

  it('a 401 removes both tokens and sends the browser to /admin/login', async () => {
    await openPage('/admin/blog');
    await page.evaluate(() => {
      localStorage.setItem('authToken', 'expired');
      localStorage.setItem('refreshToken', 'refresh-1');
    });
    await Promise.all([
      page.waitForURL(`${origin}/admin/login`),
      page.evaluate(() => {
        const { apiClient } = window as unknown as PageGlobals;
        void apiClient.get('/auth/me').catch(() => undefined);
      }),
    ]);
    const stored = await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')]);
    expect(stored).toEqual([null, null]);
  });

  it('on /admin/login itself a 401 clears the tokens and rejects without navigating again', async () => {
    await openPage('/admin/login');
    const result = await page.evaluate(async () => {
      const globals = window as unknown as PageGlobals;
      globals.marker = 1;
      localStorage.setItem('authToken', 'expired');
      localStorage.setItem('refreshToken', 'refresh-1');
      // A navigation started by the page (location.assign) fires the Navigation API's navigate event at once,
      // before the call that started it returns: the 401 handler has run by the time the call rejects.
      let navigated = false;
      (window as unknown as { navigation: EventTarget }).navigation.addEventListener('navigate', () => {
        navigated = true;
      });
      try {
        await globals.apiClient.post('/auth/me', { username: 'a' });
        return null;
      } catch (error) {
        const e = error as InstanceType<typeof globals.apiClient.ApiError>;
        return {
          isApiError: e instanceof globals.apiClient.ApiError,
          status: e.status,
          code: e.code,
          tokens: [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')],
          navigated,
        };
      }
    });
    expect(result).toEqual({
      isApiError: true,
      status: 401,
      code: 'UNAUTHENTICATED',
      tokens: [null, null],
      navigated: false,
    });
    expect(page.url()).toBe(`${origin}/admin/login`);
    expect(await page.evaluate(() => (window as unknown as PageGlobals).marker)).toBe(1);
  });

  it('a replacement 401 handler can refresh the token and retry the call once', async () => {
    await openPage('/admin/blog');
    const result = await page.evaluate(async () => {
      const { apiAuth, apiClient } = window as unknown as PageGlobals;
      localStorage.setItem('authToken', 'stale');
      localStorage.setItem('refreshToken', 'refresh-1');
      let calls = 0;
      apiAuth.setUnauthorizedHandler(() => {
        calls += 1;
        localStorage.setItem('authToken', 'fresh');
        return 'retry';
      });
      const body = await apiClient.get<{ authorization: string }>('/auth/check');
      return { data: body.data, calls, refresh: localStorage.getItem('refreshToken') };
    });
    expect(result).toEqual({ data: { authorization: 'Bearer fresh' }, calls: 1, refresh: 'refresh-1' });
    expect(hitCount('GET /api/auth/check')).toBe(2);
    expect(page.url()).toBe(`${origin}/admin/blog`);
  });

  it('upload posts multipart data with XMLHttpRequest and reports progress up to 100%', async () => {
    await openPage('/admin/portfolio');
    const result = await page.evaluate(async () => {
      const { apiClient } = window as unknown as PageGlobals;
      localStorage.setItem('authToken', 'tok-up');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(4 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
      const events: { loaded: number; total: number; percent: number }[] = [];
      const body = await apiClient.upload<{ bytes: number; contentType: string; authorization: string }>(
        '/uploads/images',
        form,
        (progress) => events.push(progress),
      );
      return { data: body.data, events };
    });
    expect(result.data.bytes).toBeGreaterThan(4 * 1024 * 1024);
    expect(result.data.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.data.authorization).toBe('Bearer tok-up');
    expect(result.events.length).toBeGreaterThan(0);
    const last = result.events.at(-1)!;
    expect(last.percent).toBe(100);
    expect(last.loaded).toBe(last.total);
    expect(last.total).toBeGreaterThan(4 * 1024 * 1024);
    const percents = result.events.map((event) => event.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('upload failures and timeouts reject with ApiError like every other call', async () => {
    await openPage('/admin/portfolio');
    const result = await page.evaluate(async () => {
      const { apiClient } = window as unknown as PageGlobals;
      const outcome = async (call: Promise<unknown>) => {
        try {
          await call;
          return null;
        } catch (error) {
          const e = error as InstanceType<typeof apiClient.ApiError>;
          return { isApiError: e instanceof apiClient.ApiError, status: e.status, code: e.code, message: e.message };
        }
      };
      const form = new FormData();
      form.append('file', new Blob(['abc']), 'a.txt');
      return {
        missing: await outcome(apiClient.upload('/nowhere?n=7', form)),
        slow: await outcome(apiClient.upload('/slow', form, undefined, { timeoutMs: 100 })),
      };
    });
    expect(result.missing).toEqual({ isApiError: true, status: 404, code: 'NOT_FOUND', message: 'Missing 7' });
    expect(result.slow).toEqual({
      isApiError: true,
      status: 0,
      code: 'TIMEOUT',
      message: 'Network error - Unable to connect to server',
    });
  });
});

describe('client error log in the browser', () => {
  it('persists the last 10 failures (no tokens), keeps more in memory and survives a reload', async () => {
    await openPage('/');
    const result = await page.evaluate(async () => {
      const { apiClient, errorLog } = window as unknown as PageGlobals;
      localStorage.setItem('authToken', 'secret-token-value');
      for (let n = 0; n < 12; n += 1) await apiClient.get('/missing', { n }).catch(() => undefined);
      return { stored: localStorage.getItem('errorLog'), memory: errorLog.getErrorLog() };
    });
    expect(result.memory).toHaveLength(12);
    expect(result.stored).not.toBeNull();
    expect(result.stored).not.toContain('secret-token-value');
    const stored = JSON.parse(result.stored!) as LogModule.ErrorLogEntry[];
    expect(stored).toHaveLength(10);
    expect(stored.map((entry) => entry.message)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `Missing ${n}`));
    expect(stored[0]).toMatchObject({
      type: 'NOT_FOUND',
      severity: 'LOW',
      stack: null,
      context: { method: 'GET', status: 404, url: '/api/missing?n=11' },
    });
    expect(typeof stored[0]!.id).toBe('string');
    expect(Number.isNaN(Date.parse(stored[0]!.time))).toBe(false);
    expect(new Set(stored.map((entry) => entry.id)).size).toBe(10);

    await page.reload();
    await page.waitForFunction(() => 'errorLog' in window);
    const afterReload = await page.evaluate(() =>
      (window as unknown as PageGlobals).errorLog.getErrorLog().map((entry) => entry.message),
    );
    expect(afterReload).toHaveLength(10);
    expect(afterReload[0]).toBe('Missing 11');

    const cleared = await page.evaluate(() => {
      const { errorLog } = window as unknown as PageGlobals;
      errorLog.clearErrorLog();
      return { stored: localStorage.getItem('errorLog'), memory: errorLog.getErrorLog().length };
    });
    expect(cleared).toEqual({ stored: null, memory: 0 });
  });

  it('logs uncaught errors and unhandled rejections once each as CLIENT / HIGH', async () => {
    await openPage('/');
    const entries = await page.evaluate(async () => {
      const { errorLog, errorHandlers } = window as unknown as PageGlobals;
      errorHandlers.installGlobalErrorHandlers();
      errorHandlers.installGlobalErrorHandlers();
      setTimeout(() => {
        throw new Error('boom-sync');
      }, 0);
      void Promise.reject(new Error('boom-async'));
      void Promise.reject('plain reason');
      // Each error reaches every listener in one dispatch: once the third entry is there, a listener
      // installed twice would have logged its copies too. (After 10 s, what there is, for the expectation.)
      const deadline = Date.now() + 10_000;
      while (errorLog.getErrorLog().length < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return errorLog.getErrorLog().map((entry) => ({
        message: entry.message,
        type: entry.type,
        severity: entry.severity,
        hasStack: typeof entry.stack === 'string' && entry.stack.length > 0,
      }));
    });
    expect(entries).toHaveLength(3);
    expect(entries).toEqual(
      expect.arrayContaining([
        { message: 'boom-sync', type: 'CLIENT', severity: 'HIGH', hasStack: true },
        { message: 'boom-async', type: 'CLIENT', severity: 'HIGH', hasStack: true },
        { message: 'plain reason', type: 'CLIENT', severity: 'HIGH', hasStack: false },
      ]),
    );
    const persisted = await page.evaluate(() => JSON.parse(localStorage.getItem('errorLog') ?? '[]') as unknown[]);
    expect(persisted).toHaveLength(3);
  });
});
