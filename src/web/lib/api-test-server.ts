import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { configureApiClient, resetApiClient } from './api-client';
import { ApiError } from './api-error';
import { clearErrorLog } from './error-log';

/** A real HTTP server answering like our API does, on a random local port. */
const hits = new Map<string, number>();
let flakyAuthHits = 0;
let server: Server;
let baseUrl: string;
let closedPortBase: string;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const key = `${req.method} ${url.pathname}`;
  hits.set(key, (hits.get(key) ?? 0) + 1);
  const body = await readBody(req);
  const query = url.search.slice(1);

  switch (url.pathname) {
    case '/api/echo':
      return send(res, 200, {
        success: true,
        data: {
          method: req.method,
          query,
          body,
          contentType: req.headers['content-type'] ?? null,
          authorization: req.headers.authorization ?? null,
          apiKey: req.headers['x-api-key'] ?? null,
          accept: req.headers.accept ?? null,
        },
      });
    case '/api/blog/posts':
      if (req.method === 'POST') return send(res, 201, { success: true, data: { id: 2, received: JSON.parse(body) } });
      return send(res, 200, { success: true, data: { posts: [{ id: 1, title: 'Hello' }], total: 1, pages: 1, query } });
    case '/api/portfolio/projects':
      return send(res, 200, { success: true, data: { projects: [{ id: 7 }], total: 1, pages: 1 } });
    case '/api/contacts':
      return send(res, 400, {
        success: false,
        message: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'email', message: 'Enter a valid email address' }],
      });
    case '/api/auth/me':
      return send(res, 401, {
        success: false,
        message: 'Authentication required. Please log in and try again.',
        code: 'UNAUTHENTICATED',
      });
    case '/api/auth/flaky':
      flakyAuthHits += 1;
      if (flakyAuthHits === 1) {
        return send(res, 401, { success: false, message: 'Token expired', code: 'UNAUTHENTICATED' });
      }
      return send(res, 200, { success: true, data: { user: 'ada' } });
    case '/api/blog/posts/missing':
      return send(res, 404, { success: false, message: 'Blog post not found', code: 'NOT_FOUND' });
    case '/api/boom':
      return send(res, 500, { success: false, message: 'Internal server error', code: 'INTERNAL_ERROR' });
    case '/api/db-down':
      return send(res, 503, {
        success: false,
        message: 'Database not available. Please ensure PostgreSQL is running and database is configured.',
        code: 'DATABASE_UNAVAILABLE',
      });
    case '/api/proxy-error':
      res.writeHead(502, { 'content-type': 'text/html' });
      return void res.end('<html><body>Bad gateway</body></html>');
    case '/api/empty':
      res.writeHead(204);
      return void res.end();
    case '/api/not-json':
      res.writeHead(200, { 'content-type': 'text/plain' });
      return void res.end('hello');
    case '/api/slow': {
      const timer = setTimeout(() => send(res, 200, { success: true, data: 'late' }), 5_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    default:
      return send(res, 404, {
        success: false,
        message: `Route ${req.method} ${url.pathname} not found`,
        code: 'NOT_FOUND',
      });
  }
}

export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to reject');
}

/**
 * Starts the test API before the file's tests and points the client at it before each test (settings,
 * listeners, 401 handler and error log back to their defaults). Read the values through the returned
 * object: they are set once the server listens.
 */
export function startApiTestServer() {
  beforeAll(async () => {
    server = createServer((req, res) => {
      handle(req, res).catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

    // A port that was free a moment ago and has nothing listening now: connection refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    closedPortBase = `http://127.0.0.1:${closedPort}/api`;
  });

  afterAll(async () => {
    resetApiClient();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    resetApiClient();
    configureApiClient({ baseUrl });
    clearErrorLog();
    hits.clear();
    flakyAuthHits = 0;
  });

  return {
    /** The test API's base URL. */
    get baseUrl() {
      return baseUrl;
    },
    /** A base URL where nothing listens: connection refused. */
    get closedPortBase() {
      return closedPortBase;
    },
    /** How often `/api/auth/flaky` was called since the test began (its first call answers 401). */
    get flakyAuthHits() {
      return flakyAuthHits;
    },
    /** How many different `METHOD /api/path` pairs were called since the test began. */
    routesCalled: (): number => hits.size,
    /** How often `METHOD /api/path` was called since the test began. */
    hitCount: (key: string): number => hits.get(key) ?? 0,
  };
}
