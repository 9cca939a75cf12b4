import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type Pg from 'pg';
import { dialectOf } from '../db/database';
import { closeClient, reconnectDelay, redisDatabaseNumber, watchConnection } from './redis';

/*
 * The instance bus (ADR 0030): small JSON messages from one instance to all the others, so that a purge of
 * the page cache or a change of the system settings applies everywhere within milliseconds. Each message
 * carries its sender's instance id; an instance ignores its own. The transport is Redis pub/sub with
 * REDIS_URL; else PostgreSQL LISTEN/NOTIFY when the database is PostgreSQL; else none. Messages are not
 * kept: one sent while an instance cannot hear is lost, so every receiver also polls the database
 * (COHERENCE_POLL_SECONDS) and reads everything again when its listening connection comes back.
 */

export type BusTransport = 'redis' | 'postgres' | 'none';

export interface InstanceBus {
  /** This process's id, in every message it sends. */
  readonly instanceId: string;
  readonly transport: BusTransport;
  /** Sends to every other instance. Never throws: false when it could not be sent (the poll covers it). */
  publish(topic: string, data: unknown): Promise<boolean>;
  /** Calls `handler` with the data of each message of `topic` from another instance; the result stops it. */
  subscribe(topic: string, handler: (data: unknown) => void | Promise<void>): () => void;
  /** Calls `handler` when the listening connection is back after a loss: messages may have been missed. */
  onReconnect(handler: () => void | Promise<void>): void;
  /** Whether messages from other instances are heard now. */
  listening(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    instanceBus: InstanceBus;
  }
}

/** A restore replaced the shared tables: every receiver reads what it keeps from them again. */
export const RESYNC_TOPIC = 'resync';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_MESSAGE_BYTES = 7_500;
/** The PostgreSQL channel (NOTIFY reaches the listeners of the same database only). */
export const POSTGRES_CHANNEL = 'instance_bus';
/** The listening connection's name in pg_stat_activity. */
export const POSTGRES_APPLICATION_NAME = 'site-instance-bus';
/** The Redis channel: pub/sub ignores database numbers, so the channel carries REDIS_URL's. */
export const redisChannel = (redisUrl: string): string => `site:instance-bus:${redisDatabaseNumber(redisUrl)}`;
/** How long the start waits to be listening before going on without it. */
const START_WAIT_MS = 3_000;

interface Envelope {
  from: string;
  topic: string;
  data: unknown;
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const value = JSON.parse(text) as Partial<Envelope> | null;
    if (typeof value?.from !== 'string' || typeof value.topic !== 'string') return undefined;
    return { from: value.from, topic: value.topic, data: value.data };
  } catch {
    return undefined;
  }
}

/** One way of carrying messages; what it hears goes to TransportEvents. */
interface Transport {
  send(text: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  listening(): boolean;
}

interface TransportEvents {
  deliver(text: string): void;
  reconnected(): void;
}

function redisTransport(redis: Redis, url: string, log: FastifyBaseLogger, events: TransportEvents): Transport {
  const channel = redisChannel(url);
  // A connection in subscriber mode can do nothing else; no request ever waits on it. It subscribes on
  // each connection itself (not ioredis' autoResubscribe) to know when it hears again, and only then
  // catches up: nothing sent in between is missed.
  const subscriber = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
    autoResubscribe: false,
    connectionName: 'site-bus',
  });
  watchConnection(subscriber, log, 'bus', url);
  let subscribed = false;
  let everSubscribed = false;
  let firstSubscribed: () => void = () => {};
  const first = new Promise<void>((resolve) => (firstSubscribed = resolve));
  subscriber.on('message', (from: string, text: string) => {
    if (from === channel) events.deliver(text);
  });
  subscriber.on('close', () => {
    subscribed = false;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
        if (everSubscribed) events.reconnected();
        everSubscribed = true;
        firstSubscribed();
      },
      // Lost again before the answer: the next connection subscribes.
      () => {},
    );
  });
  return {
    async send(text) {
      await redis.publish(channel, text);
    },
    start: () => first,
    stop: () => closeClient(subscriber),
    listening: () => subscribed,
  };
}

function postgresTransport(app: FastifyInstance, url: string, events: TransportEvents): Transport {
  // Loaded only here: a site on another database does not keep pg in memory (as db/database.ts does).
  const pgModule = import('pg').then((module) => module.default);
  let client: Pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let attempt = 0;
  let everListened = false;
  let timer: NodeJS.Timeout | undefined;
  let reportedDown = false;

  function retry(err: unknown) {
    listening = false;
    if (stopped || timer) return;
    if (!reportedDown) {
      reportedDown = true;
      app.log.warn({ err }, 'instance bus (PostgreSQL): not listening; retrying in the background');
    }
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, reconnectDelay(attempt));
    timer.unref();
  }

  /** A dedicated connection, not one of Kysely's pool: LISTEN holds it for as long as the instance runs. */
  async function connect(): Promise<void> {
    if (stopped) return;
    const pg = await pgModule;
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: POSTGRES_APPLICATION_NAME });
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      retry(err);
    };
    next.on('error', fail);
    next.on('end', () => fail(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel === POSTGRES_CHANNEL && message.payload !== undefined) events.deliver(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${POSTGRES_CHANNEL}`);
    } catch (err) {
      fail(err);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    listening = true;
    attempt = 0;
    if (reportedDown) app.log.info('instance bus (PostgreSQL): listening again');
    reportedDown = false;
    if (everListened) events.reconnected();
    everListened = true;
  }

  return {
    async send(text) {
      // Through the pool: a sender need not be listening.
      await sql`select pg_notify(${POSTGRES_CHANNEL}, ${text})`.execute(app.database.db);
    },
    start: connect,
    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      last?.removeAllListeners('end');
      await last?.end().catch(() => {});
    },
    listening: () => listening,
  };
}

export const instanceBusPlugin = fp(
  async (app: FastifyInstance) => {
    const instanceId = randomUUID();
    const handlers = new Map<string, Array<(data: unknown) => void | Promise<void>>>();
    const reconnectHandlers: Array<() => void | Promise<void>> = [];

    const run = (what: string, call: () => void | Promise<void>) => {
      try {
        Promise.resolve(call()).catch((err: unknown) => app.log.warn({ err }, `instance bus: ${what} failed`));
      } catch (err) {
        app.log.warn({ err }, `instance bus: ${what} failed`);
      }
    };
    const events: TransportEvents = {
      deliver(text) {
        const envelope = parseEnvelope(text);
        if (!envelope || envelope.from === instanceId) return;
        for (const handler of handlers.get(envelope.topic) ?? []) {
          run(`a '${envelope.topic}' message`, () => handler(envelope.data));
        }
      },
      reconnected() {
        for (const handler of reconnectHandlers) run('the catch-up after a reconnection', handler);
      },
    };

    const { redisUrl, databaseUrl } = app.config;
    let transport: Transport | undefined;
    let kind: BusTransport = 'none';
    if (app.redis && redisUrl) {
      transport = redisTransport(app.redis, redisUrl, app.log, events);
      kind = 'redis';
    } else if (app.database.dialect === 'postgres' && dialectOf(databaseUrl) === 'postgres') {
      transport = postgresTransport(app, databaseUrl, events);
      kind = 'postgres';
    }

    let warnedUnsent = false;
    const bus: InstanceBus = {
      instanceId,
      transport: kind,
      async publish(topic, data) {
        if (!transport) return false;
        const text = JSON.stringify({ from: instanceId, topic, data } satisfies Envelope);
        if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) {
          app.log.warn({ topic, bytes: Buffer.byteLength(text) }, 'instance bus: message too long; not sent');
          return false;
        }
        try {
          await transport.send(text);
          warnedUnsent = false;
          return true;
        } catch (err) {
          // Once per outage: the others follow at their next poll.
          if (!warnedUnsent)
            app.log.warn({ err, topic }, 'instance bus: message not sent; others follow at their poll');
          warnedUnsent = true;
          return false;
        }
      },
      subscribe(topic, handler) {
        handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
        return () =>
          handlers.set(
            topic,
            (handlers.get(topic) ?? []).filter((other) => other !== handler),
          );
      },
      onReconnect(handler) {
        reconnectHandlers.push(handler);
      },
      listening: () => transport?.listening() ?? false,
    };
    app.decorate('instanceBus', bus);

    app.addHook('onReady', async () => {
      app.log.info(
        { transport: kind, pollSeconds: app.config.coherencePollSeconds },
        kind === 'none'
          ? 'instance bus: none (no REDIS_URL, database not PostgreSQL); other instances are read at the poll'
          : `instance bus: ${kind}`,
      );
      if (!transport) return;
      // A Redis the start already waited for in vain (instances/redis.ts): listening follows when it comes.
      const waitFor = kind === 'redis' && app.redis?.status !== 'ready' ? 0 : START_WAIT_MS;
      const started = transport.start().then(
        () => true,
        (err: unknown) => {
          app.log.warn({ err }, 'instance bus: not listening yet; the poll covers until it is');
          return false;
        },
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitFor)));
      await Promise.race([started, late]);
      clearTimeout(timer);
    });
    app.addHook('onClose', async () => transport?.stop());
  },
  { name: 'instance-bus' },
);
