import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SystemSettings } from '../../shared/contracts/system-settings';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DialectName } from '../db/database';
import { seedDemoContent } from '../seed/seed';
import { bearer, createStaff, type Session } from '../testing/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { redisAvailable, testRedisUrl } from '../testing/test-redis';
import { POSTGRES_APPLICATION_NAME, type BusTransport } from './instance-bus';
import { readSettingText, swapSettingText, writeSetting } from '../db/settings.repository';
import type { PageTag } from '../pages/page-tags';
import { TEST_ENV } from '../testing/test-app';

/*
 * Coherence between instances (ADR 0030): two apps in this process on one database, as two instances
 * behind a load balancer, each polling only every hour (COHERENCE_POLL_SECONDS=3600), so that only the
 * instance bus can explain what one learns of the other's writes: page-cache purges (exactly the tags, or
 * every page when a message was missed), a maintenance switch, a restore, and the catch-up after the
 * listening connection comes back. Through Redis pub/sub and through PostgreSQL LISTEN/NOTIFY.
 */

/** This file's Redis database (the bus channel carries its number): no other test file uses it. */
const REDIS_DB = 12;
const hasRedis = await redisAvailable();
const hasPostgres = Boolean(process.env.TEST_POSTGRES_URL);
/** Generous: a message takes milliseconds; a reconnection a few hundred. */
const WAIT = { timeout: 10_000, interval: 20 };

const SETTINGS: SystemSettings = {
  maintenanceMode: false,
  maintenanceMessage: '',
  debugMode: false,
  cacheEnabled: true,
};

interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  database: TestDatabase;
  admin: Session;
}

function usePair(dialect: DialectName, env: (database: TestDatabase) => Record<string, string>): Pair {
  const ctx = {} as Pair;
  beforeAll(async () => {
    ctx.database = await createTestDatabase(dialect);
    await seedDemoContent(ctx.database.database.db);
    const config = loadConfig({
      ...TEST_ENV,
      PUBLIC_URL: 'http://localhost:3000',
      COHERENCE_POLL_SECONDS: '3600',
      ...env(ctx.database),
    });
    const build = async () => {
      const app = await buildApp(config, { database: ctx.database.database, logger: false });
      // A public page as the web plugin serves them (config.page), without needing a production build.
      app.get('/probe-page', { config: { page: true } }, async (_request, reply) =>
        reply.type('text/html').send('<p>page</p>'),
      );
      await app.ready();
      return app;
    };
    [ctx.a, ctx.b] = await Promise.all([build(), build()]);
    ctx.admin = (await createStaff(ctx.a, ctx.database.database.db)).admin;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([ctx.a?.close(), ctx.b?.close()]);
    await ctx.database?.drop();
  }, 60_000);
  return ctx;
}

/** A value kept by the page cache under `tag` on `app`, and how many times it was read. */
function kept(app: FastifyInstance, tag: PageTag) {
  let reads = 0;
  const get = app.pageCache.keep(tag, async () => (reads += 1));
  return { get, reads: () => reads };
}

/** Changes the generation row as a purge whose message got lost would. */
async function changeGenerationBehindTheirBacks(t: Pair) {
  const db = t.database.database.db;
  const current = await readSettingText(db, 'page_cache');
  expect(await swapSettingText(db, 'page_cache', current, JSON.stringify({ generation: 'lost message' }))).toBe(true);
}

let settled = 0;
/**
 * Waits until B has heard everything A sent so far (a write sends two messages: the settings, then the
 * purge), so that no late message of one test purges what the next one keeps: A's messages arrive in order.
 */
async function settle(t: Pair) {
  settled += 1;
  const mark = settled;
  let heard = false;
  const stop = t.b.instanceBus.subscribe('settle', (data) => {
    if (data === mark) heard = true;
  });
  await t.a.instanceBus.publish('settle', mark);
  await vi.waitFor(() => expect(heard).toBe(true), WAIT);
  stop();
}

function coherence(t: Pair, transport: BusTransport) {
  beforeEach(() => settle(t));
  const page = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/probe-page' });
  const putSettings = (settings: SystemSettings) =>
    t.a.inject({ method: 'PUT', url: '/api/system/settings', payload: settings, headers: bearer(t.admin.token) });

  it(`listens on ${transport}`, () => {
    for (const app of [t.a, t.b]) {
      expect(app.instanceBus.transport).toBe(transport);
      expect(app.instanceBus.listening()).toBe(true);
    }
    expect(t.a.instanceBus.instanceId).not.toBe(t.b.instanceBus.instanceId);
  });

  it('brings a message to the other instance, never back to its sender', async () => {
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    t.a.instanceBus.subscribe('test', (data) => void heardByA.push(data));
    t.b.instanceBus.subscribe('test', (data) => void heardByB.push(data));
    expect(await t.a.instanceBus.publish('test', { n: 1 })).toBe(true);
    await vi.waitFor(() => expect(heardByB).toEqual([{ n: 1 }]), WAIT);
    // B answers only once it has heard A: A's own message, sent first, would have reached A before this one.
    await t.b.instanceBus.publish('test', { n: 2 });
    await vi.waitFor(() => expect(heardByA).toEqual([{ n: 2 }]), WAIT);
    expect(heardByB).toEqual([{ n: 1 }]);
  });

  it('purges on the other instance exactly the tags one purged, without waiting for the poll', async () => {
    const company = kept(t.b, 'company');
    const seo = kept(t.b, 'seo');
    await Promise.all([company.get(), seo.get(), company.get()]);
    expect([company.reads(), seo.reads()]).toEqual([1, 1]);

    await t.a.pageCache.purge(['company']);
    await vi.waitFor(async () => {
      await company.get();
      expect(company.reads()).toBe(2);
    }, WAIT);
    await seo.get();
    expect(seo.reads()).toBe(1);
  });

  it('purges on the other instance what a write through the API changes', async () => {
    const landing = kept(t.b, 'landing');
    const seo = kept(t.b, 'seo');
    await Promise.all([landing.get(), seo.get()]);
    const service = await t.database.database.db.selectFrom('services').select('id').executeTakeFirstOrThrow();
    const res = await t.a.inject({
      method: 'PATCH',
      url: `/api/services/${service.id}/visibility`,
      payload: { active: true },
      headers: bearer(t.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(async () => {
      await landing.get();
      expect(landing.reads()).toBe(2);
    }, WAIT);
    await seo.get();
    expect(seo.reads()).toBe(1);
  });

  it('purges every page on an instance that missed a message', async () => {
    const company = kept(t.b, 'company');
    const seo = kept(t.b, 'seo');
    await Promise.all([company.get(), seo.get()]);
    await changeGenerationBehindTheirBacks(t);
    await t.a.pageCache.purge(['company']);
    await vi.waitFor(async () => {
      await seo.get();
      expect(seo.reads()).toBe(2);
    }, WAIT);
    await company.get();
    expect(company.reads()).toBe(2);
    // Both follow the same generation again: the next purge is by tag once more.
    await t.a.pageCache.purge(['company']);
    await vi.waitFor(async () => {
      await company.get();
      expect(company.reads()).toBe(3);
    }, WAIT);
    await seo.get();
    expect(seo.reads()).toBe(2);
  });

  it('applies maintenance saved on one instance to the other at once, and its end too', async () => {
    expect((await page(t.b)).statusCode).toBe(200);
    expect((await putSettings({ ...SETTINGS, maintenanceMode: true })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await page(t.b)).statusCode).toBe(503), WAIT);
    expect(t.b.systemSettings.current().maintenanceMode).toBe(true);
    expect((await putSettings(SETTINGS)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await page(t.b)).statusCode).toBe(200), WAIT);
  });

  it('reads the settings again everywhere after a restore (which replaces the settings table)', async () => {
    const db = t.database.database.db;
    // What a restore does to the table, then what its route's purge does.
    await db.transaction().execute((trx) => writeSetting(trx, 'system', { ...SETTINGS, maintenanceMode: true }));
    await t.a.pageCache.purge('all', { local: true });
    expect(t.a.systemSettings.current().maintenanceMode).toBe(true);
    await vi.waitFor(() => expect(t.b.systemSettings.current().maintenanceMode).toBe(true), WAIT);
    expect((await putSettings(SETTINGS)).statusCode).toBe(200);
    await vi.waitFor(() => expect(t.b.systemSettings.current().maintenanceMode).toBe(false), WAIT);
  });
}

/** Both instances catch up (read the generation row) when their listening connection comes back. */
function catchUp(t: Pair, cut: () => Promise<void>) {
  it('listens again after its connection is cut, and catches up on what it may have missed', async () => {
    await settle(t);
    const seo = kept(t.b, 'seo');
    await seo.get();
    await changeGenerationBehindTheirBacks(t);
    await cut();
    await vi.waitFor(async () => {
      await seo.get();
      expect(seo.reads()).toBe(2);
    }, WAIT);
    await vi.waitFor(() => expect(t.b.instanceBus.listening()).toBe(true), WAIT);
    const heard: unknown[] = [];
    t.b.instanceBus.subscribe('after-cut', (data) => void heard.push(data));
    await t.a.instanceBus.publish('after-cut', 'again');
    await vi.waitFor(() => expect(heard).toEqual(['again']), WAIT);
  });
}

describe.skipIf(!hasRedis)('coherence through Redis pub/sub', () => {
  const t = usePair(hasPostgres ? 'postgres' : 'sqlite', (database) => ({
    REDIS_URL: testRedisUrl(REDIS_DB),
    // Redis goes first even where PostgreSQL could carry the messages.
    ...(hasPostgres ? { DATABASE_URL: database.url } : {}),
  }));
  coherence(t, 'redis');
  catchUp(t, async () => {
    // This file's bus connections: named site-bus, on its own database number.
    const admin = new Redis(testRedisUrl(REDIS_DB));
    try {
      const clients = String(await admin.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(' name=site-bus ') && line.includes(` db=${REDIS_DB} `));
      expect(clients.length).toBeGreaterThanOrEqual(2);
      for (const line of clients) await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line)?.[1] ?? '');
    } finally {
      admin.disconnect();
    }
  });
});

describe.skipIf(!hasPostgres)('coherence through PostgreSQL LISTEN/NOTIFY', () => {
  const t = usePair('postgres', (database) => ({ DATABASE_URL: database.url }));
  coherence(t, 'postgres');
  catchUp(t, async () => {
    const { rows } = await sql<{ killed: boolean }>`
      select pg_terminate_backend(pid) as killed from pg_stat_activity
      where application_name = ${POSTGRES_APPLICATION_NAME} and datname = current_database()`.execute(
      t.database.database.db,
    );
    expect(rows.length).toBe(2);
  });
});

describe('coherence without a bus (SQLite, no Redis)', () => {
  const t = usePair('sqlite', () => ({}));

  it('has no transport and leaves it to the poll', async () => {
    expect(t.a.instanceBus.transport).toBe('none');
    expect(t.a.instanceBus.listening()).toBe(false);
    expect(await t.a.instanceBus.publish('test', {})).toBe(false);
    const company = kept(t.b, 'company');
    await company.get();
    await t.a.pageCache.purge(['company']);
    await t.b.pageCache.sync();
    await company.get();
    expect(company.reads()).toBe(2);
  });
});
