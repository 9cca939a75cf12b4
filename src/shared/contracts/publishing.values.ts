/*
 * Scheduled publishing of posts and projects (ADR 0040). An item is published, a draft, or scheduled: a
 * draft with a `publish_at` time, which the server's publishing job makes published at that time. These
 * rules are shared by the server (what a write stores) and the admin (what its forms show and send).
 */

export const publicationStatuses = ['draft', 'scheduled', 'published'] as const;
export type PublicationStatus = (typeof publicationStatuses)[number];

export const PublishingMessage = {
  PUBLISH_AT_INVALID: 'Publish time must be a date and time with its offset, such as 2026-12-01T09:00:00+01:00',
  PUBLISH_AT_OUT_OF_RANGE: 'Publish time must be between the year 2000 and the year 2999',
  PUBLISH_AT_REQUIRED: 'Choose the date and time to publish, or untick Schedule for later',
} as const;

/** Where an item stands for visitors: a stored publish time makes an unpublished item scheduled. */
export function publicationStatus(published: boolean, publishAt: string | null | undefined): PublicationStatus {
  if (published) return 'published';
  return publishAt ? 'scheduled' : 'draft';
}

export interface Schedule {
  published: boolean;
  /** ISO 8601 UTC instant, or null when the item is not scheduled. */
  publish_at: string | null;
}

/**
 * What a write stores, from what it sent and what was stored (absent on a create, when `published` is
 * true unless sent). A publish time in the future schedules the item, whatever `published` says; one
 * that has passed publishes it now; null takes the schedule off (the item stays as `published` says).
 * Without a publish time, a stored schedule is kept unless the item is published outright.
 */
export function resolveSchedule(
  sent: { published?: boolean; publishAt?: string | null },
  stored: Schedule | undefined,
  now: Date,
): Schedule {
  const published = sent.published ?? stored?.published ?? true;
  if (sent.publishAt === null) return { published, publish_at: null };
  if (sent.publishAt !== undefined) {
    return Date.parse(sent.publishAt) > now.getTime()
      ? { published: false, publish_at: sent.publishAt }
      : { published: true, publish_at: null };
  }
  if (stored?.publish_at && sent.published !== true) return { published: false, publish_at: stored.publish_at };
  return { published, publish_at: null };
}

/** A publish time as written (any ISO 8601 offset) to the stored UTC form, or an error message. */
export function normalizePublishAt(value: string): { iso: string } | { error: string } {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())
    ? new Date(value.trim())
    : null;
  if (!iso || Number.isNaN(iso.getTime())) return { error: PublishingMessage.PUBLISH_AT_INVALID };
  const year = iso.getUTCFullYear();
  if (year < 2000 || year > 2999) return { error: PublishingMessage.PUBLISH_AT_OUT_OF_RANGE };
  return { iso: iso.toISOString() };
}
