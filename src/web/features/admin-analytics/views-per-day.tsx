import { ChartSpline } from '../../components/admin/icons';
import { lazy, Suspense, useId, useSyncExternalStore } from 'react';
import { AnalyticsAdminMessage } from '../../../shared/contracts/analytics-admin.values';
import type { AnalyticsDashboard } from '../../../shared/contracts/analytics-dashboard';
import { EmptyList } from '../../components/admin/list-states';
import { Panel } from '../../components/admin/figures';
import { Skeleton } from '../../components/skeleton';
import { formatDay, formatNumber } from '../../lib/dashboard-format';

/** recharts comes with this chunk only, when the Analytics tab first draws its chart. */
const ViewsChart = lazy(() => import('./views-chart'));

type Day = AnalyticsDashboard['views_by_day'][number];

const PHONE = '(max-width: 639px)';

function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/** "1,234 views over 30 days; the busiest day was Nov 5, 2026 with 120 views." */
function summary(days: Day[]): string {
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const busiest = days.reduce<Day | null>((best, day) => (!best || day.views > best.views ? day : best), null);
  const total = `${formatNumber(views)} ${views === 1 ? 'view' : 'views'} over ${days.length} ${days.length === 1 ? 'day' : 'days'}`;
  return busiest && busiest.views > 0
    ? `${total}; the busiest day was ${formatDay(busiest.date)} with ${formatNumber(busiest.views)}.`
    : `${total}.`;
}

/**
 * Views per day: views and visitors for every day of the period, drawn with recharts. The drawing is
 * hidden from assistive technology; the same figures are a table for screen readers, and a summary under
 * the heading says what the chart shows.
 */
export function ViewsPerDay({ days }: { days: Day[] }) {
  const titleId = useId();
  const compact = usePhoneWidth();
  const empty = days.every((day) => day.views === 0 && day.visitors === 0);

  return (
    <Panel
      id={titleId}
      title="Views per Day"
      description={summary(days)}
      icon={<ChartSpline />}
      bodyClassName="px-2 py-4 sm:px-4"
    >
      {empty ? (
        <EmptyList className="bg-slate-50 py-16">{AnalyticsAdminMessage.NO_DAYS}</EmptyList>
      ) : (
        <div aria-hidden="true" data-views-chart>
          <ul className="mb-2 flex items-center justify-end gap-4 px-2 text-xs text-slate-600">
            <li className="flex items-center gap-1.5">
              <span className="h-0.5 w-4 rounded-full bg-brand-600" />
              Views
            </li>
            <li className="flex items-center gap-1.5">
              <span className="h-0.5 w-4 rounded-full bg-accent-600" />
              Visitors
            </li>
          </ul>
          <Suspense fallback={<Skeleton className={compact ? 'h-[220px]' : 'h-[280px]'} />}>
            <ViewsChart days={days} compact={compact} />
          </Suspense>
        </div>
      )}
      <table className="sr-only">
        <caption>Page views and visitors per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
            <th scope="col">Visitors</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{formatNumber(day.views)}</td>
              <td>{formatNumber(day.visitors)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
