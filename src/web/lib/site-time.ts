import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { PublishingMessage } from '../../shared/contracts/publishing.values';

/*
 * Wall-clock times in the site's time zone (SITE_TIME_ZONE), as a `datetime-local` input holds them
 * ("2026-12-01T09:00"), and the UTC instants the API stores.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The site's wall-clock time of an instant, "YYYY-MM-DDTHH:mm". */
export function toSiteLocal(instant: string | Date, timeZone: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** The instant (ISO 8601 UTC) of a wall-clock time in the site's time zone; null when it is not one. */
export function fromSiteLocal(local: string, timeZone: string): string | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const instant = new TZDate(year, month - 1, day, hour, minute, timeZone);
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime()).toISOString();
}

/** The browser's own time zone (the staff member's). */
export function ownTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Tomorrow at 09:00 in the site's time zone: where a new schedule starts. */
export function defaultScheduleTime(timeZone: string, now = new Date()): string {
  const tomorrow = toSiteLocal(new Date(now.getTime() + 24 * 60 * 60_000), timeZone);
  return `${tomorrow.slice(0, 10)}T09:00`;
}

/**
 * The `publish_at` a form sends for its "Publish on" field: null when not scheduled (which takes a
 * schedule off), the instant when scheduled, an error when the field holds no time.
 */
export function publishAtOfField(local: string, timeZone: string): { publish_at: string | null } | { error: string } {
  if (local === '') return { publish_at: null };
  const instant = fromSiteLocal(local, timeZone);
  return instant ? { publish_at: instant } : { error: PublishingMessage.PUBLISH_AT_REQUIRED };
}
