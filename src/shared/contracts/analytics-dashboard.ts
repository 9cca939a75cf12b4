import { z } from '../zod';
import { pageQueryFields, pageTotalsFields } from './common';

/*
 * The analytics read side (ADR 0017): what the Analytics and Overview tabs and the weekly report
 * show. Every figure is computed from recorded page views and events; `sample_views` says how
 * many of the period's page views are the demo seed's generated sample traffic, so the tabs can label them.
 * Days are calendar days in the site's time zone (SITE_TIME_ZONE).
 */

export const ANALYTICS_DEFAULT_PERIOD_DAYS = 30;
export const ANALYTICS_MAX_PERIOD_DAYS = 366;
/** The periods the tab offers besides a custom range. */
export const analyticsPeriodPresets = [7, 30, 90] as const;
export const ANALYTICS_TOP_PAGES = 10;
export const ANALYTICS_TOP_REFERRERS = 20;
export const ANALYTICS_EVENTS_LIMIT = 50;
export const ANALYTICS_TOP_POSTS = 5;
export const ANALYTICS_TOP_TECHNOLOGIES = 5;
/** "Visitors right now": distinct visitors in the last this many minutes. */
export const ANALYTICS_REALTIME_MINUTES = 5;
/** Activities kept; the Overview shows the first ten. */
export const ACTIVITY_KEPT = 50;
export const ACTIVITY_SHOWN = 10;
/** The action every sign-in is recorded with (password, second step or passkey). */
export const ACTIVITY_SIGNED_IN = 'Signed in';
/** Typed in Clear Analytics' confirmation, and sent with the call. */
export const CLEAR_ANALYTICS_CONFIRMATION = 'CLEAR';

/** The referrer sources, in the order the tab lists their colours. */
export const referrerSources = ['Google', 'Direct', 'LinkedIn', 'Twitter', 'Facebook', 'Other'] as const;

const isoDay = z.iso.date({ error: 'Dates must be real days written YYYY-MM-DD' });
const DAY_MS = 86_400_000;

/**
 * A period: `period` days ending today (a number, or "30d"), or a custom `from`..`to` (both days included).
 * Without either: the last 30 days.
 */
export const analyticsPeriodFields = {
  period: z
    .string()
    .regex(/^\d{1,3}d?$/, 'Period must be a number of days, e.g. 30 or 30d')
    .transform((value) => Number.parseInt(value, 10))
    .refine(
      (days) => days >= 1 && days <= ANALYTICS_MAX_PERIOD_DAYS,
      `Period must be between 1 and ${ANALYTICS_MAX_PERIOD_DAYS} days`,
    )
    .optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
};

const periodRules = <S extends z.ZodType<{ from?: string; to?: string }>>(schema: S): S =>
  schema
    .refine((q) => (q.from === undefined) === (q.to === undefined), {
      message: 'A custom period needs both from and to',
      path: ['from'],
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after to', path: ['from'] })
    .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < ANALYTICS_MAX_PERIOD_DAYS, {
      message: `A period may span at most ${ANALYTICS_MAX_PERIOD_DAYS} days`,
      path: ['to'],
    });

export const analyticsPeriodQuerySchema = periodRules(z.object(analyticsPeriodFields));
export type AnalyticsPeriodQuery = z.infer<typeof analyticsPeriodQuerySchema>;

export const analyticsPagesSorts = ['views', 'visitors', 'page_url'] as const;
export const analyticsPagesQuerySchema = periodRules(
  z.object({
    ...analyticsPeriodFields,
    ...pageQueryFields(ANALYTICS_TOP_PAGES, 100),
    sort: z.enum(analyticsPagesSorts).default('views'),
  }),
);
export type AnalyticsPagesQuery = z.infer<typeof analyticsPagesQuerySchema>;

export const analyticsReferrersQuerySchema = periodRules(
  z.object({
    ...analyticsPeriodFields,
    limit: z.coerce.number().int().min(1).max(100).default(ANALYTICS_TOP_REFERRERS),
  }),
);

export const analyticsEventsQuerySchema = periodRules(
  z.object({
    ...analyticsPeriodFields,
    category: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    /** A page path: only events sent from that page. */
    page: z.string().trim().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(ANALYTICS_EVENTS_LIMIT),
  }),
);

export const analyticsExportQuerySchema = periodRules(
  z.object({ ...analyticsPeriodFields, format: z.enum(['csv', 'json']).default('json') }),
);

export const clearAnalyticsRequestSchema = z.object({
  confirm: z.literal(CLEAR_ANALYTICS_CONFIRMATION, {
    error: `Type ${CLEAR_ANALYTICS_CONFIRMATION} to confirm clearing analytics`,
  }),
});

/** The period a figure covers, as the server resolved it. */
export const resolvedPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  time_zone: z.string(),
});

export const pageFigureSchema = z.object({ page_url: z.string(), views: z.number().int(), percent: z.number() });
export const referrerFigureSchema = z.object({ source: z.string(), visits: z.number().int(), percent: z.number() });

export const analyticsDashboardSchema = z.object({
  period: resolvedPeriodSchema,
  overview: z.object({
    page_views: z.number().int(),
    today_views: z.number().int(),
    unique_visitors: z.number().int(),
    /** Seconds: time on pages per visitor-day that reported it. */
    avg_session_duration: z.number(),
    /** Percent of visitor-days that saw one page only. */
    bounce_rate: z.number(),
  }),
  /** Every day of the period, oldest first, zeros included. */
  views_by_day: z.array(z.object({ date: z.string(), views: z.number().int(), visitors: z.number().int() })),
  top_pages: z.array(pageFigureSchema),
  top_referrers: z.array(referrerFigureSchema),
  /** How many of the period's page views are generated sample traffic (demo seed). */
  sample_views: z.number().int(),
  blog: z.object({
    total_posts: z.number().int(),
    published_posts: z.number().int(),
    total_views: z.number().int(),
    total_likes: z.number().int(),
    /** Likes per view, percent. */
    engagement_rate: z.number(),
    top_posts: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        slug: z.string(),
        views: z.number().int(),
        likes: z.number().int(),
        published: z.boolean(),
        /** likes / views, percent. */
        like_rate: z.number(),
      }),
    ),
  }),
  portfolio: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    /** completed / total, percent. */
    success_rate: z.number(),
    featured: z.number().int(),
    by_industry: z.array(z.object({ industry: z.string(), count: z.number().int() })),
    top_technologies: z.array(z.object({ name: z.string(), count: z.number().int() })),
  }),
  contacts: z.object({
    total: z.number().int(),
    new_this_week: z.number().int(),
    /** Contacts answered (status moved on from new), percent of all. */
    response_rate: z.number(),
    /** Contacts received in the period per page view of the period, percent with two decimals. */
    conversion_rate: z.number(),
  }),
});
export type AnalyticsDashboard = z.infer<typeof analyticsDashboardSchema>;

export const analyticsRealtimeSchema = z.object({
  minutes: z.number().int(),
  visitors: z.number().int(),
  page_views: z.number().int(),
  pages: z.array(z.object({ page_url: z.string(), views: z.number().int() })),
});
export type AnalyticsRealtime = z.infer<typeof analyticsRealtimeSchema>;

export const analyticsPagesSchema = z.object({
  period: resolvedPeriodSchema,
  items: z.array(pageFigureSchema.extend({ visitors: z.number().int() })),
  total_views: z.number().int(),
  limit: z.number().int(),
  ...pageTotalsFields,
});
export type AnalyticsPages = z.infer<typeof analyticsPagesSchema>;

export const analyticsReferrersSchema = z.object({
  period: resolvedPeriodSchema,
  items: z.array(referrerFigureSchema),
  total_visits: z.number().int(),
});

/** Events of the period counted by type, category and action (single events are never listed: no tracking). */
export const analyticsEventsSchema = z.object({
  period: resolvedPeriodSchema,
  items: z.array(
    z.object({
      event_type: z.string(),
      event_category: z.string().nullable(),
      event_action: z.string().nullable(),
      count: z.number().int(),
      last_at: z.string(),
    }),
  ),
});

export const activityItemSchema = z.object({
  id: z.number().int(),
  /** What it is about: blog, portfolio, contact, comment, certificate, content, user, analytics, system. */
  type: z.string(),
  action: z.string(),
  item: z.string().nullable(),
  /** The staff member who did it; null for a visitor's action (a new contact or comment). */
  user: z.string().nullable(),
  time: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const analyticsOverviewSchema = z.object({
  blog: z.object({ total: z.number().int(), published: z.number().int() }),
  portfolio: z.object({ total: z.number().int(), completed: z.number().int() }),
  page_views: z.object({ total: z.number().int(), today: z.number().int(), sample: z.number().int() }),
  contacts: z.object({ total: z.number().int(), new: z.number().int() }),
  rates: z.object({
    /** Blog likes per view, percent. */
    like_rate: z.number(),
    /** Completed projects, percent. */
    success_rate: z.number(),
    /** Contacts answered, percent. */
    response_rate: z.number(),
  }),
  recent_activity: z.array(activityItemSchema),
  /** Posts and projects waiting to go live (ADR 0040): how many, and the soonest few. */
  scheduled: z.object({
    posts: z.number().int(),
    projects: z.number().int(),
    items: z.array(
      z.object({
        kind: z.enum(['post', 'project']),
        id: z.number().int(),
        title: z.string(),
        /** ISO 8601 UTC. */
        publish_at: z.string(),
      }),
    ),
  }),
  /** What waits for staff: comments held for review, and leads whose follow-up day has come (the longest due first). */
  waiting: z.object({
    comments: z.number().int(),
    follow_ups: z.number().int(),
    follow_up_items: z.array(
      z.object({ id: z.number().int(), name: z.string(), /** YYYY-MM-DD. */ follow_up_on: z.string() }),
    ),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
/** How many of the soonest scheduled items the Overview lists. */
export const OVERVIEW_SCHEDULED_SHOWN = 5;
/** How many of the follow-ups due longest the Overview lists. */
export const OVERVIEW_FOLLOW_UPS_SHOWN = 5;

export const activityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_KEPT).default(ACTIVITY_SHOWN),
});
