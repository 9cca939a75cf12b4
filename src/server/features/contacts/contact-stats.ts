import type { Kysely } from 'kysely';
import type { ContactAnalytics, ContactStats } from '../../../shared/contracts/contacts';
import { contactPriorities, contactStatuses } from '../../../shared/contracts/contacts.values';
import type { DB } from '../../db/schema';
import { countBy, countContacts, countPerDay, type ContactFilter } from './contacts.repository';

/* The contact figures staff read: the tab's header totals and the figures over a period. */

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function tally<K extends string>(keys: readonly K[], rows: { value: string | null; count: number }[]) {
  const result = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) if (row.value !== null && row.value in result) result[row.value as K] += row.count;
  return result;
}

/** Totals for the tab's header: `today` since 00:00 UTC, `thisWeek` over the last seven days. */
export async function contactStats(db: Kysely<DB>, now = new Date()): Promise<ContactStats> {
  const today = startOfUtcDay(now);
  const weekAgo = new Date(today.getTime() - 6 * DAY_MS);
  // The total is the sum of the per-status counts: no separate count of the whole table.
  const [unread, todayCount, week, failing, byStatus, byPriority] = await Promise.all([
    countContacts(db, { read: 'unread' }),
    countContacts(db, { from: today.toISOString() }),
    countContacts(db, { from: weekAgo.toISOString() }),
    countContacts(db, { failing: true }),
    countBy(db, 'status', {}),
    countBy(db, 'priority', {}),
  ]);
  const statusCounts = tally(contactStatuses, byStatus);
  return {
    total: Object.values(statusCounts).reduce((sum, count) => sum + count, 0),
    unread,
    today: todayCount,
    thisWeek: week,
    failing,
    byStatus: statusCounts,
    byPriority: tally(contactPriorities, byPriority),
  };
}

const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

/** Figures over the last `period` days (today included, UTC days). */
export async function contactAnalytics(
  db: Kysely<DB>,
  period: keyof typeof PERIOD_DAYS,
  now = new Date(),
): Promise<ContactAnalytics> {
  const days = PERIOD_DAYS[period];
  const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
  const filter: ContactFilter = { from: from.toISOString() };
  const [perDayRows, services, statuses, sources] = await Promise.all([
    countPerDay(db, filter),
    countBy(db, 'service', filter),
    countBy(db, 'status', filter),
    countBy(db, 'source', filter),
  ]);
  const counts = new Map(perDayRows.map((row) => [row.date, row.count]));
  const perDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
  const byStatus = tally(contactStatuses, statuses);
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count;
  return {
    period,
    from: from.toISOString(),
    to: now.toISOString(),
    total,
    perDay,
    byService: services
      .filter((row) => row.value !== null)
      .map((row) => ({ service: row.value as string, count: row.count }))
      .sort(byCount),
    byStatus,
    bySource: sources.map((row) => ({ source: row.value ?? '', count: row.count })).sort(byCount),
    responseRate: percent(total - byStatus.new, total),
    conversionRate: percent(byStatus.converted + byStatus.completed, total),
  };
}
