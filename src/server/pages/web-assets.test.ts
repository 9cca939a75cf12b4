import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemoContent } from '../seed/seed';
import { requireBuild } from '../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { TEST_ENV } from '../testing/test-app';

/*
 * Built files under /assets (npm run build first) are sent with what a file needs, not with a page's
 * security headers (ADR 0025); pages and the API keep theirs.
 */

const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('built assets', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let assets: string[];

  beforeAll(async () => {
    requireBuild();
    database = await createTestDatabase('sqlite');
    await seedDemoContent(database.database.db);
    const config = loadConfig(TEST_ENV);
    app = await buildApp(config, { database: database.database, logger: false, web: 'build' });
    await app.ready();
    const html = (await app.inject({ method: 'GET', url: '/' })).body;
    assets = ['js', 'css', 'svg'].map((kind) => {
      const found = new RegExp(`/assets/[\\w.-]+\\.${kind}`).exec(html)?.[0];
      if (!found) throw new Error(`the home page links no .${kind} asset`);
      return found;
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  }, 60_000);

  it('sends scripts, styles and the icon sprite with long caching, nosniff and same-origin only, and no page headers', async () => {
    for (const asset of assets) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url: asset, headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.statusCode, `${method} ${asset}`).toBe(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['content-type']).toMatch(
          /^(text\/javascript|application\/javascript|text\/css|image\/svg\+xml)/,
        );
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        for (const name of PAGE_ONLY_HEADERS) expect(res.headers[name], `${asset} ${name}`).toBeUndefined();
      }
    }
  });

  it('keeps the page headers on pages, the API and files outside /assets', async () => {
    for (const url of ['/', '/blog', '/api/health', '/favicon.svg', '/assets/no-such-file.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});
