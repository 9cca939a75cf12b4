import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DialectName } from '../db/database';
import { seedDemoContent } from '../seed/seed';
import { bearer, createStaff, type Session } from '../testing/auth-helpers';
import { requireBuild } from '../testing/server-process';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { TEST_ENV } from '../testing/test-app';

export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** What the page cache tests' beforeAll sets up: read it inside tests only. */
export interface PageCacheContext {
  database: TestDatabase;
  app: FastifyInstance;
  staff: Record<'admin' | 'editor' | 'viewer', Session>;
  post: { id: number; slug: string };
  project: { id: number; slug: string };
  article: string;
  projectPage: string;
}

/**
 * The production build's app (npm run build first) on a seeded database of the given dialect, its staff, a
 * published post and project with their pages, and the calls the page cache tests share.
 */
export function usePageCacheApp(dialect: DialectName) {
  const ctx = {} as PageCacheContext;
  const config = loadConfig({
    ...TEST_ENV,
    PASSWORD_HASHING: 'test',
  });
  const settings = { maintenanceMode: false, maintenanceMessage: '', debugMode: false, cacheEnabled: true };

  beforeAll(async () => {
    requireBuild();
    ctx.database = await createTestDatabase(dialect);
    await seedDemoContent(ctx.database.database.db);
    ctx.app = await buildApp(config, { database: ctx.database.database, logger: false, web: 'build' });
    await ctx.app.ready();
    ctx.staff = await createStaff(ctx.app, ctx.database.database.db);
    ctx.post = await ctx.database.database.db
      .selectFrom('blog_posts')
      .select(['id', 'slug'])
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ctx.project = await ctx.database.database.db
      .selectFrom('portfolio_projects')
      .select(['id', 'slug'])
      .where('published', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ctx.article = `/blog/${ctx.post.slug}`;
    ctx.projectPage = `/portfolio/${ctx.project.slug}`;
  }, 120_000);
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.drop();
  }, 60_000);

  const get = (url: string, headers: InjectOptions['headers'] = {}, on = ctx.app) =>
    on.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER, ...headers } });
  const fills = () => ctx.app.pageCache.stats().fills;
  const companyName = async () =>
    (await ctx.database.database.db.selectFrom('company_profile').select('name').executeTakeFirstOrThrow()).name;
  /** Changes the company name in the database behind the server's back (no API call, so no purge). */
  const renameCompany = (name: string) =>
    ctx.database.database.db.updateTable('company_profile').set({ name }).execute();
  /** A staff write through the API, as the admin sends it. */
  const asAdmin = (method: 'PATCH' | 'PUT', url: string, payload: object = {}) =>
    ctx.app.inject({ method, url, headers: bearer(ctx.staff.admin.token), payload });
  const putSettings = (next: typeof settings) => asAdmin('PUT', '/api/system/settings', next);
  const pages = () => ['/', '/blog', ctx.article, '/portfolio', ctx.projectPage, '/privacy'];
  const warm = async () => {
    for (const page of pages()) expect((await get(page)).statusCode).toBe(200);
    expect(ctx.app.pageCache.keys()).toEqual(expect.arrayContaining(pages()));
  };
  const kept = () => pages().filter((page) => ctx.app.pageCache.keys().includes(page));

  return { ctx, config, settings, get, fills, companyName, renameCompany, asAdmin, putSettings, pages, warm, kept };
}
