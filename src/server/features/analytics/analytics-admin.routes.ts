import { stringify } from 'csv-stringify/sync';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsDashboardSchema,
  analyticsEventsQuerySchema,
  analyticsEventsSchema,
  analyticsExportQuerySchema,
  analyticsOverviewSchema,
  analyticsPagesQuerySchema,
  analyticsPagesSchema,
  analyticsPeriodQuerySchema,
  analyticsRealtimeSchema,
  analyticsReferrersQuerySchema,
  analyticsReferrersSchema,
  clearAnalyticsRequestSchema,
} from '../../../shared/contracts/analytics-dashboard';
import { messageEnvelope, successEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import { z } from '../../../shared/zod';
import { writeTransaction } from '../../db/write-conflicts';
import { spreadsheetSafe } from '../../lib/spreadsheet-safe';
import { clearAnalytics, eventCounts } from './analytics-report.repository';
import {
  dashboard,
  overview,
  pagesReport,
  realtime,
  referrersReport,
  rollUpFinishedDays,
} from './analytics-report.service';
import type { SiteFigures } from './site-figures';
import { resolvePeriod, periodAnswer, siteCalendar } from './site-calendar';
import { sendWeeklyReportIfDue } from './weekly-report';

const tags = ['analytics'];
/** Largest export: every page of the period up to this many, and the most frequent events. */
const EXPORT_PAGES = 1000;
const EXPORT_EVENTS = 500;
export const ROLLUP_JOB = 'analytics-rollup';
export const WEEKLY_REPORT_JOB = 'analytics-weekly-report';

/**
 * The staff side of /api/analytics (ADR 0017): the dashboards' figures (viewers read), the export, and
 * Clear Analytics (admins only). Also schedules the roll-ups and the weekly report.
 */
export async function analyticsAdminRoutes(app: FastifyInstance, { figures }: { figures: SiteFigures }): Promise<void> {
  // Reports and their data: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const calendar = siteCalendar(app.config.siteTimeZone);
  const noStore = { 'cache-control': 'private, no-store' };

  app.scheduler.add({
    name: ROLLUP_JOB,
    everyMs: 10 * 60_000,
    run: async (now) => void (await rollUpFinishedDays(db(), calendar, now)),
  });
  app.scheduler.add({
    name: WEEKLY_REPORT_JOB,
    everyMs: 15 * 60_000,
    run: async (now) =>
      void (await sendWeeklyReportIfDue(
        db(),
        app.mailer,
        calendar,
        `${app.config.publicUrl}/admin/analytics`,
        now,
        figures,
      )),
  });

  r.get(
    '/overview',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'The Overview tab: content and contact totals, page views, rates and recent activity',
        response: { 200: successEnvelope(analyticsOverviewSchema) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return ok(await overview(db(), calendar, new Date(), figures));
    },
  );

  r.get(
    '/dashboard',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'The Analytics tab for a period (?period=30, the default, or ?from=YYYY-MM-DD&to=YYYY-MM-DD)',
        querystring: analyticsPeriodQuerySchema,
        response: { 200: successEnvelope(analyticsDashboardSchema) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      reply.headers(noStore);
      return ok(await dashboard(db(), calendar, resolvePeriod(calendar, request.query, now), now, figures));
    },
  );

  r.get(
    '/realtime',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Visitors and page views of the last five minutes',
        response: { 200: successEnvelope(analyticsRealtimeSchema) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return ok(await realtime(db(), new Date()));
    },
  );

  r.get(
    '/pages',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: "The period's pages with views, visitors and share of page views (paged)",
        querystring: analyticsPagesQuerySchema,
        response: { 200: successEnvelope(analyticsPagesSchema) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { page, limit, sort } = request.query;
      reply.headers(noStore);
      return ok(
        await pagesReport(db(), calendar, resolvePeriod(calendar, request.query, now), { page, limit, sort }, now),
      );
    },
  );

  r.get(
    '/referrers',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: "The period's visits by source: Google, Direct, LinkedIn, Twitter, Facebook, Other",
        querystring: analyticsReferrersQuerySchema,
        response: { 200: successEnvelope(analyticsReferrersSchema) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      reply.headers(noStore);
      return ok(
        await referrersReport(db(), calendar, resolvePeriod(calendar, request.query, now), request.query.limit, now),
      );
    },
  );

  r.get(
    '/events',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: "The period's events counted by type, category and action",
        querystring: analyticsEventsQuerySchema,
        response: { 200: successEnvelope(analyticsEventsSchema) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const period = resolvePeriod(calendar, request.query, now);
      const { category, action, page, limit } = request.query;
      reply.headers(noStore);
      return ok({
        period: periodAnswer(period),
        items: await eventCounts(db(), period.startIso, period.endIso, { category, action, page }, limit),
      });
    },
  );

  r.get(
    '/export',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: "The period's figures as a download: JSON (everything) or CSV (days, pages, sources)",
        querystring: analyticsExportQuerySchema,
      },
    },
    async (request, reply) => {
      const now = new Date();
      const period = resolvePeriod(calendar, request.query, now);
      const [report, pages, events] = await Promise.all([
        dashboard(db(), calendar, period, now, figures),
        pagesReport(db(), calendar, period, { page: 1, limit: EXPORT_PAGES, sort: 'views' }, now),
        eventCounts(db(), period.startIso, period.endIso, {}, EXPORT_EVENTS),
      ]);
      const name = `analytics_${period.from}_${period.to}`;
      reply.headers(noStore);
      if (request.query.format === 'csv') {
        const rows = [
          ...report.views_by_day.map((d) => ['day', d.date, '', d.views, d.visitors, '']),
          ...pages.items.map((p) => ['page', '', p.page_url, p.views, p.visitors, p.percent]),
          ...report.top_referrers.map((s) => ['source', '', s.source, s.visits, '', s.percent]),
        ];
        const csv = stringify(rows, {
          header: true,
          columns: ['section', 'date', 'name', 'views', 'visitors', 'percent'],
          cast: { string: spreadsheetSafe },
        });
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`);
        return reply.send(csv);
      }
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.json"`);
      return reply.send(
        JSON.stringify({ exported_at: now.toISOString(), ...report, pages: pages.items, events }, null, 2),
      );
    },
  );

  r.delete(
    '/',
    {
      config: {
        access: 'settings',
        activity: { type: 'analytics', action: 'Cleared analytics' },
      },
      schema: {
        tags,
        summary: 'Clear Analytics: deletes every page view, event and roll-up (admins only; body {"confirm": "CLEAR"})',
        body: clearAnalyticsRequestSchema,
        response: {
          200: messageEnvelope(z.object({ page_views: z.number().int(), events: z.number().int() })),
        },
      },
    },
    async () => {
      const deleted = await writeTransaction(db(), clearAnalytics);
      return okWithMessage(
        deleted,
        `Analytics cleared: ${deleted.page_views} page views and ${deleted.events} events deleted`,
      );
    },
  );
}
