import type { FastifyInstance } from 'fastify';
import { normalizePublishAt, resolveSchedule, type Schedule } from '../../shared/contracts/publishing.values';
import { ErrorCode } from '../../shared/errors';
import { AppError } from '../lib/errors';
import type { PageTag } from '../pages/page-tags';

/*
 * Scheduled publishing (ADR 0040). A scheduled item is stored unpublished with its `publish_at`; a job of
 * the scheduler publishes what is due with one conditional UPDATE per item, so that of several instances
 * (or of a job and a staff member's save) exactly one makes the change, then purges the pages it changes
 * on every instance and records it in the recent activity.
 */

/** How often each instance looks for due items: an item goes live at most this long after its time. */
export const SCHEDULED_PUBLISH_EVERY_MS = 15_000;

/**
 * What a create or update stores, from the body's `published` and `publish_at` (absent: not sent) and the
 * stored values (absent on a create). An unreadable time is refused with a message naming the field.
 */
export function scheduleOfWrite(
  sent: { published?: boolean; publish_at?: string | null },
  stored: Schedule | undefined,
  now: Date,
): Schedule {
  let publishAt: string | null | undefined = sent.publish_at;
  if (typeof publishAt === 'string') {
    const normalized = normalizePublishAt(publishAt);
    if ('error' in normalized) {
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, normalized.error, [
        { field: 'publish_at', message: normalized.error },
      ]);
    }
    publishAt = normalized.iso;
  }
  return resolveSchedule({ published: sent.published, publishAt }, stored, now);
}

export interface ScheduledPublisher {
  /** The scheduler job's name (unique). */
  name: string;
  /** The activity's type ('blog', 'portfolio'). */
  type: string;
  /** The activity's action ("Published scheduled post"). */
  action: string;
  /** The page-cache tags an item's publication changes. */
  tags: (item: { id: number; slug: string }) => PageTag[];
  /** Publishes every item due at `now`, each once (write conflicts retried); answers those this call published. */
  publishDue(now: Date): Promise<Array<{ id: number; slug: string; title: string }>>;
}

/** Runs `publisher` every SCHEDULED_PUBLISH_EVERY_MS on the scheduler (once per interval across instances). */
export function addScheduledPublisher(app: FastifyInstance, publisher: ScheduledPublisher): void {
  app.scheduler.add({
    name: publisher.name,
    everyMs: SCHEDULED_PUBLISH_EVERY_MS,
    leaseMs: 5 * 60_000,
    run: async (now) => {
      const published = await publisher.publishDue(now);
      if (published.length === 0) return;
      await app.pageCache.purge([...new Set(published.flatMap((item) => publisher.tags(item)))]);
      for (const item of published) {
        await app.activity.record(app.database.db, {
          type: publisher.type,
          action: publisher.action,
          item: item.title,
          userId: null,
          now,
        });
      }
      app.log.info({ job: publisher.name, ids: published.map((item) => item.id) }, 'scheduled items published');
    },
  });
}
