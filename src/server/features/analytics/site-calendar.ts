import { TZDate } from '@date-fns/tz';
// One module each: the package's index loads all of date-fns (~9 MB of a server's memory, ADR 0027).
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import {
  ANALYTICS_DEFAULT_PERIOD_DAYS,
  type AnalyticsPeriodQuery,
} from '../../../shared/contracts/analytics-dashboard';

/**
 * Calendar days in the site's time zone (SITE_TIME_ZONE, ADR 0017). A day is YYYY-MM-DD; its page views are
 * those recorded from its local midnight (as a UTC instant) to the next one, so a 23- or 25-hour day at a
 * daylight-saving change is still one day.
 */
export interface SiteCalendar {
  timeZone: string;
  /** The local day of an instant. */
  dayOf(instant: Date): string;
  /** The UTC instant (ISO text, as stored) at which a local day begins. */
  startOf(day: string): string;
  /** The day `count` days after (or before, when negative) `day`. */
  addDays(day: string, count: number): string;
  /** Days from `from` to `to`, both included. */
  span(from: string, to: string): number;
  /** Local day of the week of an instant (0 Sunday … 6 Saturday) and hour. */
  weekdayAndHour(instant: Date): { weekday: number; hour: number };
}

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

export function siteCalendar(timeZone: string): SiteCalendar {
  const utcDay = (day: string) => {
    const [y, m, d] = parts(day);
    return new TZDate(y, m - 1, d, 'UTC');
  };
  return {
    timeZone,
    dayOf: (instant) => format(new TZDate(instant, timeZone), 'yyyy-MM-dd'),
    startOf: (day) => {
      const [y, m, d] = parts(day);
      return new Date(new TZDate(y, m - 1, d, timeZone).getTime()).toISOString();
    },
    addDays: (day, count) => format(addDays(utcDay(day), count), 'yyyy-MM-dd'),
    span: (from, to) => differenceInCalendarDays(utcDay(to), utcDay(from)) + 1,
    weekdayAndHour: (instant) => {
      const local = new TZDate(instant, timeZone);
      return { weekday: local.getDay(), hour: local.getHours() };
    },
  };
}

/** A resolved period: days `from`..`to` (both included) and the UTC instants that bound them. */
export interface Period {
  from: string;
  to: string;
  days: number;
  timeZone: string;
  /** Start of `from`. */
  startIso: string;
  /** Start of the day after `to`. */
  endIso: string;
}

export function periodOf(calendar: SiteCalendar, from: string, to: string): Period {
  return {
    from,
    to,
    days: calendar.span(from, to),
    timeZone: calendar.timeZone,
    startIso: calendar.startOf(from),
    endIso: calendar.startOf(calendar.addDays(to, 1)),
  };
}

/** The query's period: a custom from..to, or the last `period` days (30 by default) ending today. */
export function resolvePeriod(calendar: SiteCalendar, query: AnalyticsPeriodQuery, now: Date): Period {
  if (query.from && query.to) return periodOf(calendar, query.from, query.to);
  const today = calendar.dayOf(now);
  const days = query.period ?? ANALYTICS_DEFAULT_PERIOD_DAYS;
  return periodOf(calendar, calendar.addDays(today, 1 - days), today);
}

/** The period as the answers show it. */
export const periodAnswer = (period: Period) => ({
  from: period.from,
  to: period.to,
  days: period.days,
  time_zone: period.timeZone,
});
