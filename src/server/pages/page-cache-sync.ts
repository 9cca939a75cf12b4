import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { RESYNC_TOPIC } from '../instances/instance-bus';
import { readSettingText, swapSettingText } from '../db/settings.repository';
import type { PageTag } from './page-tags';

/*
 * How a purge of the page cache reaches the other instances (ADR 0020, ADR 0030). Two ways, the second the
 * fallback of the first:
 *
 * - A message on the instance bus with the purged tags and the generation before and after: a receiver
 *   whose last seen generation is the message's previous one purges exactly those tags; any other
 *   receiver has missed something and purges every page. Applied within milliseconds.
 * - The generation row in the settings table, swapped by every purge and read by every instance every
 *   COHERENCE_POLL_SECONDS: a generation other than the one last seen purges every page. It covers a
 *   message lost, an instance that was not listening, and sites with no bus at all.
 */

export const PAGE_CACHE_TOPIC = 'page-cache';
const GENERATION_KEY = 'page_cache';

type Tags = readonly PageTag[] | 'all';

interface PurgeMessage {
  tags: PageTag[] | 'all';
  previous: string | null;
  generation: string;
}

function parsePurge(data: unknown): PurgeMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { tags, previous, generation } = data as Partial<PurgeMessage>;
  const tagsValid = tags === 'all' || (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string'));
  if (!tagsValid || typeof generation !== 'string' || (previous !== null && typeof previous !== 'string')) {
    return undefined;
  }
  return { tags, previous, generation };
}

export interface PageCacheSync {
  /** After a purge here: a new generation row (a generation changed meanwhile purges all here too), then the message. */
  announce(tags: Tags): Promise<void>;
  /** Reads the generation row now; a generation other than the last seen purges every page. */
  sync(): Promise<void>;
  /** A restore replaced the tables here (generation row and system settings included): the others read them again. */
  restored(): Promise<void>;
}

/** Wires the page cache to the other instances: `purgeLocal` forgets pages in this one. */
export function pageCacheSync(app: FastifyInstance, purgeLocal: (tags: Tags) => void): PageCacheSync {
  const db = () => app.database.db;
  const bus = app.instanceBus;
  /** The generation row as this instance last saw it. */
  let seenGeneration: string | undefined;
  const generationValue = () => JSON.stringify({ generation: randomUUID(), at: new Date().toISOString() });

  async function sync() {
    const current = await readSettingText(db(), GENERATION_KEY);
    if (current !== seenGeneration) {
      seenGeneration = current;
      purgeLocal('all');
    }
  }

  async function announce(tags: Tags) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const previous = seenGeneration;
      const next = generationValue();
      if (await swapSettingText(db(), GENERATION_KEY, previous, next)) {
        seenGeneration = next;
        const message: PurgeMessage = {
          tags: tags === 'all' ? 'all' : [...tags],
          previous: previous ?? null,
          generation: next,
        };
        await bus.publish(PAGE_CACHE_TOPIC, message);
        return;
      }
      // Another instance purged since our last look: what it purged, we have not.
      seenGeneration = await readSettingText(db(), GENERATION_KEY);
      purgeLocal('all');
    }
  }

  function receive(data: unknown) {
    const message = parsePurge(data);
    if (!message) return;
    purgeLocal(message.previous === (seenGeneration ?? null) ? message.tags : 'all');
    seenGeneration = message.generation;
  }

  const catchUp = (what: string) => () =>
    sync().catch((err: unknown) => app.log.warn({ err }, `page cache: generation not read after ${what}`));
  bus.subscribe(PAGE_CACHE_TOPIC, receive);
  bus.subscribe(RESYNC_TOPIC, catchUp('a restore elsewhere'));
  bus.onReconnect(catchUp('the bus came back'));

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    try {
      seenGeneration = await readSettingText(db(), GENERATION_KEY);
    } catch (err) {
      app.log.warn({ err }, 'page cache: generation not read yet');
    }
    timer = setInterval(() => {
      sync().catch((err: unknown) => app.log.warn({ err }, 'page cache: generation not read; keeping pages'));
    }, app.config.coherencePollSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  return {
    announce,
    sync,
    async restored() {
      await bus.publish(RESYNC_TOPIC, {});
      // The restored settings apply here at once too (the bus does not bring a message back to its sender).
      await app.systemSettings
        .refresh()
        .catch((err: unknown) => app.log.warn({ err }, 'system settings not read after the restore'));
    },
  };
}
