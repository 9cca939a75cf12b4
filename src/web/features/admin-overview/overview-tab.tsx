import { ArrowRight, Eye, Mail } from '../../components/icons';
import { Briefcase, ChartColumn, FileText, Zap } from '../../components/admin/icons';
import { useId } from 'react';
import { Link } from 'react-router';
import { AnalyticsAdminMessage } from '../../../shared/contracts/analytics-admin.values';
import type { AnalyticsOverview } from '../../../shared/contracts/analytics-dashboard';
import { formatMessage } from '../../../shared/errors';
import { ListSkeleton } from '../../components/admin/list-states';
import {
  FiguresContent,
  Meter,
  Panel,
  StatCard,
  StatGrid,
  StatGridSkeleton,
  type FigureTone,
} from '../../components/admin/figures';
import { useAdminData } from '../../components/admin/use-admin-data';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { formatNumber, formatPercent, formatViews } from '../../lib/dashboard-format';
import { fetchOverview } from './overview-api';
import { RecentActivity } from './recent-activity';
import { ScheduledPanel } from './scheduled-panel';
import { SetupPanel } from './setup-panel';
import { WaitingPanel } from './waiting-panel';
import type { Role } from '../../../shared/contracts/auth';

/** The header's Refresh (and saves in other tabs) announce these: each moves a figure here. */
const UPDATES = ['blog', 'portfolio', 'contacts', 'analytics'] as const;

/**
 * The admin Overview tab, the first screen after signing in: four cards, three rate
 * cards, quick actions to the busiest tabs and the recent activity, all from GET /api/analytics/overview.
 * Every role sees the same figures; admins see the setup check above them.
 */
export function OverviewTab({ role }: { role: Role }) {
  const overview = useAdminData(['overview'], fetchOverview, {
    loadFailed: AnalyticsAdminMessage.OVERVIEW_LOAD_FAILED,
    updates: UPDATES,
  });

  return (
    <div className="flex flex-col gap-5">
      {role === 'admin' && <SetupPanel />}
      <FiguresContent
        state={overview}
        loadFailed={AnalyticsAdminMessage.OVERVIEW_LOAD_FAILED}
        skeleton={<OverviewSkeleton />}
      >
        {(data) => <OverviewFigures data={data} />}
      </FiguresContent>
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div className="flex flex-col gap-5">
      <span className="sr-only" role="status">
        Loading the overview…
      </span>
      <StatGridSkeleton />
      <StatGridSkeleton count={3} className="lg:grid-cols-3" />
      <ListSkeleton label="" rows={1} rowClassName="h-80 rounded-2xl" />
    </div>
  );
}

function OverviewFigures({ data }: { data: AnalyticsOverview }) {
  const { blog, portfolio, page_views: views, contacts, rates } = data;
  return (
    <>
      <StatGrid label="Key figures">
        <StatCard
          label="Blog Posts"
          value={formatNumber(blog.total)}
          detail={`${formatNumber(blog.published)} published`}
          icon={<FileText />}
          data-figure="blog"
        />
        <StatCard
          label="Portfolio"
          value={formatNumber(portfolio.total)}
          detail={`${formatNumber(portfolio.completed)} completed`}
          icon={<Briefcase />}
          tone="violet"
          data-figure="portfolio"
        />
        <StatCard
          label="Page Views"
          value={formatViews(views.total)}
          fullValue={`${formatNumber(views.total)} page views`}
          detail={`${formatNumber(views.today)} today`}
          icon={<Eye />}
          tone="sky"
          data-figure="page-views"
        />
        <StatCard
          label="Contacts"
          value={formatNumber(contacts.total)}
          detail={`${formatNumber(contacts.new)} new`}
          icon={<Mail />}
          tone="emerald"
          data-figure="contacts"
        />
      </StatGrid>

      {views.sample > 0 && (
        <Alert
          tone="info"
          title={formatMessage(AnalyticsAdminMessage.SAMPLE_VIEWS, { count: formatNumber(views.sample) })}
        >
          <span data-sample-views={views.sample}>{AnalyticsAdminMessage.SAMPLE_VIEWS_DETAIL}</span>
        </Alert>
      )}

      <dl aria-label="Rates" className="grid gap-3 sm:grid-cols-3 sm:gap-4">
        <RateCard
          label="Blog Engagement"
          rate={rates.like_rate}
          caption="Like rate: likes per post view"
          tone="brand"
          data-rate="like"
        />
        <RateCard
          label="Project Completion"
          rate={rates.success_rate}
          caption="Success rate: completed projects"
          tone="violet"
          data-rate="success"
        />
        <RateCard
          label="Contact Conversion"
          rate={rates.response_rate}
          caption="Response rate: requests answered"
          tone="emerald"
          data-rate="response"
        />
      </dl>

      <div className="grid gap-5 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 lg:col-span-2">
          <RecentActivity items={data.recent_activity} />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <WaitingPanel waiting={data.waiting} />
          <ScheduledPanel scheduled={data.scheduled} />
          <QuickActions />
        </div>
      </div>
    </>
  );
}

function RateCard({
  label,
  rate,
  caption,
  tone,
  ...data
}: {
  label: string;
  rate: number;
  caption: string;
  tone: FigureTone;
  [data: `data-${string}`]: string;
}) {
  return (
    <Card
      padding="none"
      className="grid grid-cols-[1fr_auto] items-baseline gap-x-3 gap-y-2 p-4 sm:flex sm:flex-col sm:p-5"
      {...data}
    >
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-2xl" data-value>
        {formatPercent(rate)}
      </dd>
      {/* A second description of the same term: the bar and what the rate measures, full width on phones. */}
      <dd className="col-span-2 flex w-full flex-col gap-2">
        <Meter percent={rate} tone={tone} />
        <span className="text-xs text-slate-500">{caption}</span>
      </dd>
    </Card>
  );
}

const quickActions = [
  { to: '/admin/blog', label: 'Blog', text: 'Posts, comments and subscribers', icon: FileText },
  { to: '/admin/portfolio', label: 'Portfolio', text: 'Projects and case studies', icon: Briefcase },
  { to: '/admin/contacts', label: 'Contacts', text: 'Requests waiting for an answer', icon: Mail },
  { to: '/admin/analytics', label: 'Analytics', text: 'Traffic, sources and exports', icon: ChartColumn },
] as const;

/** Quick actions: one step to the tabs staff open most: blog, portfolio, contacts, analytics. */
function QuickActions() {
  const id = useId();
  return (
    <Panel id={id} title="Quick Actions" icon={<Zap />} bodyClassName="p-2">
      <ul className="flex flex-col">
        {quickActions.map((action) => {
          const Icon = action.icon;
          return (
            <li key={action.to}>
              <Link
                to={action.to}
                className="group flex items-center gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100"
                >
                  <Icon className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{action.label}</span>
                  <span className="block text-xs text-slate-500">{action.text}</span>
                </span>
                <ArrowRight
                  className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600"
                  aria-hidden="true"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
