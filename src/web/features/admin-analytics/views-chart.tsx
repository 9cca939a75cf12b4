import { Area, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { AnalyticsDashboard } from '../../../shared/contracts/analytics-dashboard';
import { formatDay, formatNumber, formatViews } from '../../lib/dashboard-format';

/*
 * The views-per-day chart. This module is the only one that imports recharts, and the tab loads it with
 * React.lazy: the chart library arrives when the Analytics tab opens, never with a public page (and not
 * with the rest of the admin either). The figures it draws are also in a table for screen readers (see
 * analytics-tab.tsx); the drawing itself is hidden from them.
 */

type Day = AnalyticsDashboard['views_by_day'][number];

const VIEWS_COLOR = 'var(--color-brand-600)';
const VISITORS_COLOR = 'var(--color-accent-600)';
const tick = { fontSize: 12, fill: 'var(--color-slate-500)' };

function DayTooltip({ active, payload }: TooltipContentProps) {
  const day = payload?.[0]?.payload as Day | undefined;
  if (!active || !day) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-lg">
      <p className="font-semibold text-slate-900">{formatDay(day.date, 'long')}</p>
      <p className="mt-1 flex items-center gap-2 text-slate-700">
        <span className="size-2 rounded-full bg-brand-600" />
        {formatNumber(day.views)} {day.views === 1 ? 'view' : 'views'}
      </p>
      <p className="flex items-center gap-2 text-slate-700">
        <span className="size-2 rounded-full bg-accent-600" />
        {formatNumber(day.visitors)} {day.visitors === 1 ? 'visitor' : 'visitors'}
      </p>
    </div>
  );
}

export default function ViewsChart({ days, compact }: { days: Day[]; compact: boolean }) {
  return (
    <ComposedChart
      responsive
      accessibilityLayer={false}
      data={days}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      style={{ width: '100%', height: compact ? 220 : 280 }}
    >
      <defs>
        <linearGradient id="views-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={VIEWS_COLOR} stopOpacity={0.25} />
          <stop offset="100%" stopColor={VIEWS_COLOR} stopOpacity={0.02} />
        </linearGradient>
      </defs>
      <CartesianGrid vertical={false} stroke="var(--color-slate-200)" strokeDasharray="3 3" />
      <XAxis
        dataKey="date"
        tickFormatter={(date: string) => formatDay(date, 'short')}
        tick={tick}
        tickLine={false}
        axisLine={{ stroke: 'var(--color-slate-200)' }}
        minTickGap={compact ? 24 : 32}
        interval="preserveStartEnd"
      />
      <YAxis
        allowDecimals={false}
        tickFormatter={(value: number) => formatViews(value)}
        tick={tick}
        tickLine={false}
        axisLine={false}
        width={compact ? 36 : 44}
      />
      <Tooltip content={DayTooltip} cursor={{ stroke: 'var(--color-slate-300)' }} />
      <Area
        type="monotone"
        dataKey="views"
        name="Views"
        stroke={VIEWS_COLOR}
        strokeWidth={2}
        fill="url(#views-fill)"
        isAnimationActive={false}
        activeDot={{ r: 4 }}
      />
      <Line
        type="monotone"
        dataKey="visitors"
        name="Visitors"
        stroke={VISITORS_COLOR}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
        activeDot={{ r: 4 }}
      />
    </ComposedChart>
  );
}
