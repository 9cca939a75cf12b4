import {
  ANALYTICS_DEFAULT_PERIOD_DAYS,
  analyticsPeriodQuerySchema,
  type AnalyticsDashboard,
} from '../../../shared/contracts/analytics-dashboard';
import { AnalyticsAdminMessage } from '../../../shared/contracts/analytics-admin.values';
import { formatDayRange } from '../../lib/dashboard-format';

/**
 * The Analytics tab's period in the address: /admin/analytics for the last 30 days (what the tab opens
 * with), ?period=7 or ?period=90 for another number of days ending today, ?from=YYYY-MM-DD&to=YYYY-MM-DD for
 * a custom range. A chosen period survives a reload and can be linked; the contract's own rules decide
 * what is valid, and anything else falls back to the 30 days.
 */

export type AnalyticsPeriod = { kind: 'days'; days: number } | { kind: 'range'; from: string; to: string };

export const defaultAnalyticsPeriod: AnalyticsPeriod = { kind: 'days', days: ANALYTICS_DEFAULT_PERIOD_DAYS };

const periodKeys = ['period', 'from', 'to'] as const;

/** The period a query string names, or the default. */
export function readAnalyticsPeriod(params: URLSearchParams): AnalyticsPeriod {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const range = analyticsPeriodQuerySchema.safeParse({ from: from ?? undefined, to: to ?? undefined });
    if (range.success && range.data.from && range.data.to) {
      return { kind: 'range', from: range.data.from, to: range.data.to };
    }
    return defaultAnalyticsPeriod;
  }
  const period = params.get('period');
  if (period === null) return defaultAnalyticsPeriod;
  const days = analyticsPeriodQuerySchema.safeParse({ period });
  return days.success && days.data.period !== undefined
    ? { kind: 'days', days: days.data.period }
    : defaultAnalyticsPeriod;
}

/** `params` (other keys kept) with the period written in, the default period left out. */
export function writeAnalyticsPeriod(period: AnalyticsPeriod, params = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of periodKeys) next.delete(key);
  if (period.kind === 'range') {
    next.set('from', period.from);
    next.set('to', period.to);
  } else if (period.days !== ANALYTICS_DEFAULT_PERIOD_DAYS) {
    next.set('period', String(period.days));
  }
  return next;
}

/** The query parameters the dashboard and export calls take for the period. */
export function periodParams(period: AnalyticsPeriod): { period?: number; from?: string; to?: string } {
  return period.kind === 'range' ? { from: period.from, to: period.to } : { period: period.days };
}

export function samePeriod(a: AnalyticsPeriod, b: AnalyticsPeriod): boolean {
  return a.kind === 'days' && b.kind === 'days'
    ? a.days === b.days
    : a.kind === 'range' && b.kind === 'range' && a.from === b.from && a.to === b.to;
}

/** "Last 30 days", or the custom range's days. */
export function periodTitle(period: AnalyticsPeriod): string {
  if (period.kind === 'range') return formatDayRange(period.from, period.to);
  return period.days === 1 ? 'Today' : `Last ${period.days} days`;
}

/**
 * A custom range typed in the form: the period, or the contract's message for what is wrong with it
 * (the server refuses the same ranges with the same words).
 */
export function customRange(from: string, to: string): { period: AnalyticsPeriod } | { error: string } {
  if (!from || !to) return { error: AnalyticsAdminMessage.RANGE_INCOMPLETE };
  const parsed = analyticsPeriodQuerySchema.safeParse({ from, to });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? AnalyticsAdminMessage.RANGE_INVALID };
  return { period: { kind: 'range', from, to } };
}

/** The export's file name for the period the server resolved: analytics_2026-10-25_2026-11-23.csv. */
export function exportFilename(resolved: AnalyticsDashboard['period'], format: 'csv' | 'json'): string {
  return `analytics_${resolved.from}_${resolved.to}.${format}`;
}
