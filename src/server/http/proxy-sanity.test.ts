import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { TEST_ENV } from '../testing/test-app';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const WARN = 40;

/** The app on its own database, with its JSON log lines kept for the test to read. */
function useLoggedApp(trustProxy: string) {
  const ctx = { lines: [] as LogLine[] } as { app: FastifyInstance; db: TestDatabase; lines: LogLine[] };
  beforeAll(async () => {
    ctx.db = await createTestDatabase('sqlite');
    const config = loadConfig({
      ...TEST_ENV,
      // The health checks these tests send are logged at debug (http/request-log.ts).
      LOG_LEVEL: 'debug',
      TRUST_PROXY: trustProxy,
    });
    ctx.app = await buildApp(config, {
      database: ctx.db.database,
      logger: { write: (line: string) => void ctx.lines.push(JSON.parse(line) as LogLine) },
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.db.drop();
  });
  return ctx;
}

const proxyWarnings = (lines: LogLine[]) => lines.filter((l) => l.level === WARN && l.msg.includes('TRUST_PROXY'));
const completed = (lines: LogLine[]) => lines.filter((l) => l.msg === 'request completed');

describe('behind a proxy with TRUST_PROXY=false', () => {
  const t = useLoggedApp('false');

  it('logs no warning for requests without forwarding headers', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(proxyWarnings(t.lines)).toEqual([]);
  });

  it('warns once, naming TRUST_PROXY and the proxy, however many forwarded requests arrive', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-proto': 'https' },
      { forwarded: 'for=198.51.100.4;proto=https' },
      { 'x-forwarded-for': '203.0.113.8' },
    ]) {
      await t.app.inject({ method: 'GET', url: '/api/health', headers });
    }
    const warnings = proxyWarnings(t.lines);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ header: 'x-forwarded-for', proxy: '127.0.0.1' });
    expect(warnings[0]?.msg).toContain('TRUST_PROXY=127.0.0.1');
    expect(warnings[0]?.msg).toContain('TRUST_PROXY=1');
  });

  it('logs each request with the address the app sees: the proxy’s', async () => {
    const lines = completed(t.lines);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.every((l) => l.ip === '127.0.0.1')).toBe(true);
  });
});

describe('behind a proxy with TRUST_PROXY set', () => {
  const t = useLoggedApp('1');

  it('takes the client’s address from X-Forwarded-For, logs it, and warns about nothing', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.7' } });
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { forwarded: 'for=198.51.100.4' } });
    expect(proxyWarnings(t.lines)).toEqual([]);
    expect(completed(t.lines)[0]).toMatchObject({ ip: '203.0.113.7', statusCode: 200, url: '/api/health' });
  });
});
