import { CalendarDays, Clock, Eye } from '../../components/icons';
import { Download, FlaskConical, Trash2, Users } from '../../components/admin/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AnalyticsAdminMessage } from '../../../shared/contracts/analytics-admin.values';
import type { AnalyticsDashboard } from '../../../shared/contracts/analytics-dashboard';
import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import { formatMessage } from '../../../shared/errors';
import { ListSkeleton } from '../../components/admin/list-states';
import { FiguresContent, StatCard, StatGrid, StatGridSkeleton } from '../../components/admin/figures';
import { useAdminData } from '../../components/admin/use-admin-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import {
  describeDuration,
  formatDayRange,
  formatDuration,
  formatNumber,
  formatPercent,
  formatViews,
} from '../../lib/dashboard-format';
import { downloadTextFile } from '../../lib/download-file';
import { toast } from '../../lib/notifications';
import { clearAnalytics, fetchAnalyticsExport } from '../../components/admin/analytics-data-api';
import { ClearAnalyticsDialog } from '../../components/admin/clear-analytics-dialog';
import { fetchDashboard } from './analytics-admin-api';
import {
  exportFilename,
  periodParams,
  periodTitle,
  readAnalyticsPeriod,
  writeAnalyticsPeriod,
  type AnalyticsPeriod,
} from './analytics-period';
import { LiveVisitors } from './live-visitors';
import { PeriodPicker } from './period-picker';
import {
  BlogPerformance,
  ContactConversion,
  PortfolioPerformance,
  TopPages,
  TrafficSources,
} from './performance-panels';
import { ViewsPerDay } from './views-per-day';

/** Figures that move with posts, projects and contacts too: the header's Refresh reloads them all. */
const UPDATES = ['analytics', 'blog', 'portfolio', 'contacts'] as const;
const exportFormats = ['csv', 'json'] as const;

/**
 * The admin Analytics tab: the period in the address (30 days when the tab
 * opens), the four cards, views per day, Top Pages and Traffic Sources, and the blog, portfolio and contact
 * figures; Export CSV / JSON of the period for everyone who may read it, Clear Analytics for admins.
 */
export function AnalyticsTab({ role }: { role: Role }) {
  const canClear = permissionsByRole[role].includes('settings');
  const [params, setParams] = useSearchParams();
  const period = readAnalyticsPeriod(params);
  const periodKey = writeAnalyticsPeriod(period).toString();
  const dashboard = useAdminData(['analytics', 'dashboard', periodKey], () => fetchDashboard(period), {
    loadFailed: AnalyticsAdminMessage.LOAD_FAILED,
    updates: UPDATES,
  });
  const { data } = dashboard;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);
  const [clearOpen, setClearOpen] = useState(false);
  const [clearing, setClearing] = useState(false);

  function choose(next: AnalyticsPeriod) {
    setParams(writeAnalyticsPeriod(next, params), { replace: false, preventScrollReset: true });
  }

  async function exportAs(format: 'csv' | 'json') {
    setExporting(format);
    try {
      const text = await fetchAnalyticsExport(periodParams(period), format);
      const name = data ? exportFilename(data.period, format) : `analytics.${format}`;
      downloadTextFile(text, name, format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
    } catch (error) {
      const failed = failureNotice(AnalyticsAdminMessage.EXPORT_FAILED, error);
      setNotice(failed);
      toast.error(failed.detail ?? failed.title, failed.title);
    } finally {
      setExporting(null);
    }
  }

  async function clear() {
    setClearing(true);
    try {
      const { message } = await clearAnalytics();
      setClearOpen(false);
      setNotice({ type: 'success', title: message ?? AnalyticsAdminMessage.CLEARED });
    } catch (error) {
      const failed = failureNotice(AnalyticsAdminMessage.CLEAR_FAILED, error);
      setClearOpen(false);
      setNotice(failed);
      toast.error(failed.detail ?? failed.title, failed.title);
    } finally {
      setClearing(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <Card padding="sm" className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <PeriodPicker period={period} shown={data?.period ?? null} onChange={choose} />
        <div className="flex flex-wrap gap-2">
          {exportFormats.map((format) => (
            <Button
              key={format}
              size="sm"
              variant="secondary"
              onClick={() => void exportAs(format)}
              disabled={exporting !== null || !data}
              className="flex-1 sm:flex-none"
            >
              <Download aria-hidden="true" />
              {exporting === format ? 'Exporting…' : `Export ${format.toUpperCase()}`}
            </Button>
          ))}
          {canClear && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setClearOpen(true)}
              className="w-full text-red-700 ring-red-200 hover:bg-red-50 hover:ring-red-300 sm:w-auto"
            >
              <Trash2 aria-hidden="true" />
              Clear Analytics
            </Button>
          )}
        </div>
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="flex min-w-0 items-center gap-2 text-sm text-slate-600" data-period-shown>
          <CalendarDays className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span>
            <span className="font-semibold text-slate-900">{periodTitle(period)}</span>
            {data && period.kind === 'days' && <> · {formatDayRange(data.period.from, data.period.to)}</>}
            {data && <span className="text-slate-500"> · {data.period.time_zone.replace(/_/g, ' ')} time</span>}
          </span>
        </p>
        <LiveVisitors />
      </div>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <FiguresContent state={dashboard} loadFailed={AnalyticsAdminMessage.LOAD_FAILED} skeleton={<DashboardSkeleton />}>
        {(figures) => <Figures data={figures} />}
      </FiguresContent>

      {canClear && (
        <ClearAnalyticsDialog
          open={clearOpen}
          busy={clearing}
          onCancel={() => setClearOpen(false)}
          onConfirm={() => void clear()}
        />
      )}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="flex flex-col gap-5">
      <span className="sr-only" role="status">
        Loading analytics…
      </span>
      <StatGridSkeleton />
      <ListSkeleton label="" rows={1} rowClassName="h-72 rounded-2xl" />
      <div className="grid gap-5 lg:grid-cols-2">
        <ListSkeleton label="" rows={1} rowClassName="h-64 rounded-2xl" />
        <ListSkeleton label="" rows={1} rowClassName="h-64 rounded-2xl" />
      </div>
    </div>
  );
}

function Figures({ data }: { data: AnalyticsDashboard }) {
  const { overview } = data;
  return (
    <>
      {data.sample_views > 0 && (
        <Alert
          tone="info"
          title={formatMessage(AnalyticsAdminMessage.SAMPLE_VIEWS, { count: formatNumber(data.sample_views) })}
        >
          <span data-sample-views={data.sample_views}>{AnalyticsAdminMessage.SAMPLE_VIEWS_DETAIL}</span>
        </Alert>
      )}

      <StatGrid label="Traffic in the period">
        <StatCard
          label="Total Views"
          value={formatViews(overview.page_views)}
          fullValue={`${formatNumber(overview.page_views)} page views`}
          detail={
            data.sample_views > 0 ? (
              <span className="inline-flex items-center gap-1">
                <FlaskConical className="size-3.5" aria-hidden="true" />
                {formatNumber(data.sample_views)} sample
              </span>
            ) : (
              `${data.period.days} ${data.period.days === 1 ? 'day' : 'days'}`
            )
          }
          icon={<Eye />}
          data-figure="total-views"
        />
        <StatCard
          label="Today's Views"
          value={formatViews(overview.today_views)}
          fullValue={`${formatNumber(overview.today_views)} page views today`}
          detail="Since midnight"
          icon={<CalendarDays />}
          tone="sky"
          data-figure="today-views"
        />
        <StatCard
          label="Unique Visitors"
          value={formatViews(overview.unique_visitors)}
          fullValue={`${formatNumber(overview.unique_visitors)} unique visitors`}
          detail="Counted once a day"
          icon={<Users />}
          tone="emerald"
          data-figure="unique-visitors"
        />
        <StatCard
          label="Avg. Session"
          value={formatDuration(overview.avg_session_duration)}
          fullValue={describeDuration(overview.avg_session_duration)}
          detail={`Bounce rate ${formatPercent(overview.bounce_rate)}`}
          icon={<Clock />}
          tone="violet"
          data-figure="avg-session"
        />
      </StatGrid>

      <ViewsPerDay days={data.views_by_day} />

      <div className="grid gap-5 lg:grid-cols-2">
        <TopPages pages={data.top_pages} />
        <TrafficSources sources={data.top_referrers} />
      </div>

      <BlogPerformance blog={data.blog} />
      <PortfolioPerformance portfolio={data.portfolio} />
      <ContactConversion contacts={data.contacts} />
    </>
  );
}
