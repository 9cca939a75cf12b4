import type { Kysely } from 'kysely';
import {
  ACTIVITY_SHOWN,
  OVERVIEW_FOLLOW_UPS_SHOWN,
  OVERVIEW_SCHEDULED_SHOWN,
  ANALYTICS_REALTIME_MINUTES,
  ANALYTICS_TOP_PAGES,
  ANALYTICS_TOP_POSTS,
  ANALYTICS_TOP_REFERRERS,
  ANALYTICS_TOP_TECHNOLOGIES,
  type AnalyticsDashboard,
  type AnalyticsOverview,
  type AnalyticsRealtime,
} from '../../../shared/contracts/analytics-dashboard';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { listActivity } from './activity.repository';
import {
  firstRecordedAt,
  pageFigures,
  rawDayFigures,
  rawViewTotals,
  realtimeFigures,
  referrerFigures,
  replaceDayRollup,
  rolledDays,
  rolledTotals,
  rolledUpThrough,
  type DayFigures,
  type PageSort,
  type Span,
} from './analytics-report.repository';
import { scheduledFigures, waitingFigures } from './overview-queues';
import type { SiteFigures } from './site-figures';
import { periodAnswer, type Period, type SiteCalendar } from './site-calendar';

/*
 * Every figure the Analytics and Overview tabs and the weekly report show, computed from recorded page
 * views and events (ADR 0017): finished days from the roll-ups, the rest from the raw rows.
 */

const DAY_MS = 86_400_000;
/** A roll-up run catches up at most this many days (a long-stopped site catches up over several runs). */
const MAX_DAYS_PER_ROLLUP = 400;

/** `part` of `whole` as a percent with `digits` decimals; 0 when there is no whole. */
export function percent(part: number, whole: number, digits = 1): number {
  if (whole <= 0) return 0;
  const factor = 10 ** digits;
  return Math.round((part / whole) * 100 * factor) / factor;
}

/** Rolls up every finished day not rolled up yet (yesterday at the latest); returns the days it rolled up. */
export async function rollUpFinishedDays(db: Kysely<DB>, calendar: SiteCalendar, now: Date): Promise<string[]> {
  const through = await rolledUpThrough(db);
  let day: string;
  if (through) day = calendar.addDays(through, 1);
  else {
    const first = await firstRecordedAt(db);
    if (!first) return [];
    day = calendar.dayOf(new Date(first));
  }
  const yesterday = calendar.addDays(calendar.dayOf(now), -1);
  const rolled: string[] = [];
  const nowIso = now.toISOString();
  while (day <= yesterday && rolled.length < MAX_DAYS_PER_ROLLUP) {
    const current = day;
    const next = calendar.addDays(current, 1);
    await writeTransaction(db, (trx) =>
      replaceDayRollup(trx, current, calendar.startOf(current), calendar.startOf(next), nowIso),
    );
    rolled.push(current);
    day = next;
  }
  return rolled;
}

interface SpanPlan {
  span: Span;
  /** Days of the period read from raw rows (not rolled up yet, up to today). */
  rawDays: string[];
}

/** Which days of the period come from the roll-ups and which from the raw rows. */
async function planSpan(db: Kysely<DB>, calendar: SiteCalendar, period: Period, now: Date): Promise<SpanPlan> {
  const through = await rolledUpThrough(db);
  const rolledTo = through && through < period.to ? through : period.to;
  const rolled = through && through >= period.from ? { from: period.from, to: rolledTo } : null;
  let rawFrom = through && through >= period.from ? calendar.addDays(through, 1) : period.from;
  if (!through) {
    // Nothing rolled up yet: days before the first recorded row have no traffic to read.
    const first = await firstRecordedAt(db);
    const firstDay = first ? calendar.dayOf(new Date(first)) : null;
    if (!firstDay) return { span: { rolled: null, raw: null }, rawDays: [] };
    if (firstDay > rawFrom) rawFrom = firstDay;
  }
  const today = calendar.dayOf(now);
  const rawTo = period.to < today ? period.to : today;
  if (rawFrom > rawTo) return { span: { rolled, raw: null }, rawDays: [] };
  const rawDays: string[] = [];
  for (let day = rawFrom; day <= rawTo; day = calendar.addDays(day, 1)) rawDays.push(day);
  return {
    span: { rolled, raw: { start: calendar.startOf(rawFrom), end: calendar.startOf(calendar.addDays(rawTo, 1)) } },
    rawDays,
  };
}

const emptyDay = (): DayFigures => ({
  views: 0,
  visitors: 0,
  bounces: 0,
  engaged_visitors: 0,
  engaged_seconds: 0,
  sample_views: 0,
});

/** Each day of the period with its figures, oldest first, zeros for days without traffic. */
async function dailySeries(db: Kysely<DB>, calendar: SiteCalendar, period: Period, plan: SpanPlan) {
  const byDay = new Map<string, DayFigures>();
  if (plan.span.rolled) {
    for (const row of await rolledDays(db, plan.span.rolled.from, plan.span.rolled.to)) byDay.set(row.day, row);
  }
  const raw = await Promise.all(
    plan.rawDays.map((day) => rawDayFigures(db, calendar.startOf(day), calendar.startOf(calendar.addDays(day, 1)))),
  );
  plan.rawDays.forEach((day, i) => byDay.set(day, raw[i]!));
  const series: (DayFigures & { date: string })[] = [];
  for (let day = period.from; day <= period.to; day = calendar.addDays(day, 1)) {
    series.push({ date: day, ...(byDay.get(day) ?? emptyDay()) });
  }
  return series;
}

function totalsOf(series: DayFigures[]): DayFigures {
  return series.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      visitors: sum.visitors + day.visitors,
      bounces: sum.bounces + day.bounces,
      engaged_visitors: sum.engaged_visitors + day.engaged_visitors,
      engaged_seconds: sum.engaged_seconds + day.engaged_seconds,
      sample_views: sum.sample_views + day.sample_views,
    }),
    emptyDay(),
  );
}

/** Today's page views: from the period's series when it holds today, else counted. */
async function todayViews(
  db: Kysely<DB>,
  calendar: SiteCalendar,
  now: Date,
  series: { date: string; views: number }[] = [],
): Promise<number> {
  const today = calendar.dayOf(now);
  const known = series.find((d) => d.date === today);
  if (known) return known.views;
  return (await rawViewTotals(db, calendar.startOf(today), calendar.startOf(calendar.addDays(today, 1)))).views;
}

/** GET /api/analytics/dashboard. */
export async function dashboard(
  db: Kysely<DB>,
  calendar: SiteCalendar,
  period: Period,
  now: Date,
  figures: SiteFigures,
): Promise<AnalyticsDashboard> {
  const plan = await planSpan(db, calendar, period, now);
  const [series, pages, referrers, blog, portfolio, contacts] = await Promise.all([
    dailySeries(db, calendar, period, plan),
    pageFigures(db, plan.span, { sort: 'views', limit: ANALYTICS_TOP_PAGES, offset: 0, withVisitors: false }),
    referrerFigures(db, plan.span, ANALYTICS_TOP_REFERRERS),
    figures.blog(db, ANALYTICS_TOP_POSTS),
    figures.portfolio(db, ANALYTICS_TOP_TECHNOLOGIES),
    figures.contacts(db, {
      weekStart: new Date(now.getTime() - 7 * DAY_MS).toISOString(),
      periodStart: period.startIso,
      periodEnd: period.endIso,
    }),
  ]);
  const totals = totalsOf(series);
  const today = await todayViews(db, calendar, now, series);
  const visits = referrers.reduce((sum, r) => sum + r.visits, 0);
  return {
    period: periodAnswer(period),
    overview: {
      page_views: totals.views,
      today_views: today,
      unique_visitors: totals.visitors,
      avg_session_duration: totals.engaged_visitors ? Math.round(totals.engaged_seconds / totals.engaged_visitors) : 0,
      bounce_rate: percent(totals.bounces, totals.visitors),
    },
    views_by_day: series.map((d) => ({ date: d.date, views: d.views, visitors: d.visitors })),
    top_pages: pages.rows.map((p) => ({
      page_url: p.page_url,
      views: p.views,
      percent: percent(p.views, totals.views),
    })),
    top_referrers: referrers.map((r) => ({ ...r, percent: percent(r.visits, visits) })),
    sample_views: totals.sample_views,
    blog: {
      total_posts: blog.total,
      published_posts: blog.published,
      total_views: blog.views,
      total_likes: blog.likes,
      engagement_rate: percent(blog.likes, blog.views),
      top_posts: blog.top.map((p) => ({ ...p, like_rate: percent(p.likes, p.views) })),
    },
    portfolio: {
      total: portfolio.total,
      completed: portfolio.completed,
      success_rate: percent(portfolio.completed, portfolio.total),
      featured: portfolio.featured,
      by_industry: portfolio.byIndustry,
      top_technologies: portfolio.topTechnologies,
    },
    contacts: {
      total: contacts.total,
      new_this_week: contacts.thisWeek,
      response_rate: percent(contacts.answered, contacts.total),
      conversion_rate: percent(contacts.inPeriod, totals.views, 2),
    },
  };
}

/** GET /api/analytics/pages: one page of the period's pages. */
export async function pagesReport(
  db: Kysely<DB>,
  calendar: SiteCalendar,
  period: Period,
  query: { page: number; limit: number; sort: PageSort },
  now: Date,
) {
  const plan = await planSpan(db, calendar, period, now);
  const [pages, series] = await Promise.all([
    pageFigures(db, plan.span, {
      sort: query.sort,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      withVisitors: true,
    }),
    dailySeries(db, calendar, period, plan),
  ]);
  const totalViews = totalsOf(series).views;
  return {
    period: periodAnswer(period),
    items: pages.rows.map((p) => ({ ...p, percent: percent(p.views, totalViews) })),
    total_views: totalViews,
    total: pages.total,
    page: query.page,
    limit: query.limit,
    pages: Math.max(1, Math.ceil(pages.total / query.limit)),
  };
}

/** GET /api/analytics/referrers. */
export async function referrersReport(
  db: Kysely<DB>,
  calendar: SiteCalendar,
  period: Period,
  limit: number,
  now: Date,
) {
  const plan = await planSpan(db, calendar, period, now);
  const rows = await referrerFigures(db, plan.span, limit);
  // The percentages are of all visits of the period, not only of the listed sources.
  const all = limit >= ANALYTICS_TOP_REFERRERS ? rows : await referrerFigures(db, plan.span, ANALYTICS_TOP_REFERRERS);
  const visits = all.reduce((sum, r) => sum + r.visits, 0);
  return {
    period: periodAnswer(period),
    items: rows.map((r) => ({ ...r, percent: percent(r.visits, visits) })),
    total_visits: visits,
  };
}

/** GET /api/analytics/realtime. */
export async function realtime(db: Kysely<DB>, now: Date): Promise<AnalyticsRealtime> {
  const since = new Date(now.getTime() - ANALYTICS_REALTIME_MINUTES * 60_000).toISOString();
  const figures = await realtimeFigures(db, since, 5);
  return {
    minutes: ANALYTICS_REALTIME_MINUTES,
    visitors: figures.visitors,
    page_views: figures.views,
    pages: figures.pages,
  };
}

/** GET /api/analytics/overview: the Overview tab's cards, rates and recent activity. */
export async function overview(
  db: Kysely<DB>,
  calendar: SiteCalendar,
  now: Date,
  figures: SiteFigures,
): Promise<AnalyticsOverview> {
  const through = await rolledUpThrough(db);
  // ISO times compare as text: every stored time is after '0000' and before '9999'.
  const rawStart = through ? calendar.startOf(calendar.addDays(through, 1)) : '0000';
  const [rolled, raw, today, blog, portfolio, contacts, activity, scheduled, waiting] = await Promise.all([
    rolledTotals(db),
    rawViewTotals(db, rawStart, '9999'),
    todayViews(db, calendar, now),
    figures.blog(db, 0),
    figures.portfolio(db, 0),
    figures.contacts(db, {
      weekStart: now.toISOString(),
      periodStart: now.toISOString(),
      periodEnd: now.toISOString(),
    }),
    listActivity(db, ACTIVITY_SHOWN, { oneSignInPerUser: true }),
    scheduledFigures(db, figures, OVERVIEW_SCHEDULED_SHOWN),
    waitingFigures(db, figures, calendar.dayOf(now), OVERVIEW_FOLLOW_UPS_SHOWN),
  ]);
  return {
    blog: { total: blog.total, published: blog.published },
    portfolio: { total: portfolio.total, completed: portfolio.completed },
    page_views: { total: rolled.views + raw.views, today, sample: rolled.sample_views + raw.sample_views },
    contacts: { total: contacts.total, new: contacts.stillNew },
    rates: {
      like_rate: percent(blog.likes, blog.views),
      success_rate: percent(portfolio.completed, portfolio.total),
      response_rate: percent(contacts.answered, contacts.total),
    },
    recent_activity: activity,
    scheduled,
    waiting,
  };
}
