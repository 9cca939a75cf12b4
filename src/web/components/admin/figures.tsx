import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from '../card';
import type { Notice } from '../notice';
import { Skeleton } from '../skeleton';
import { ListLoadError } from './list-states';

/** The pieces the Overview and Analytics tabs build their figures from; they fetch nothing. */

export type FigureTone = 'brand' | 'emerald' | 'sky' | 'amber' | 'violet' | 'rose';

const chipTones: Record<FigureTone, string> = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
  sky: 'bg-sky-50 text-sky-700 ring-sky-100',
  amber: 'bg-amber-50 text-amber-700 ring-amber-100',
  violet: 'bg-violet-50 text-violet-700 ring-violet-100',
  rose: 'bg-rose-50 text-rose-700 ring-rose-100',
};

const barTones: Record<FigureTone, string> = {
  brand: 'bg-brand-600',
  emerald: 'bg-emerald-500',
  sky: 'bg-sky-500',
  amber: 'bg-amber-500',
  violet: 'bg-violet-500',
  rose: 'bg-rose-500',
};

/** A grid of StatCards: a description list, two columns on phones, `columns` from lg. */
export function StatGrid({
  label,
  columns = 4,
  children,
  className,
}: {
  label: string;
  columns?: 3 | 4;
  children: ReactNode;
  className?: string;
}) {
  return (
    <dl
      aria-label={label}
      className={cn('grid grid-cols-2 gap-3 sm:gap-4', columns === 4 ? 'lg:grid-cols-4' : 'sm:grid-cols-3', className)}
    >
      {children}
    </dl>
  );
}

/**
 * One headline figure: its name, the value large, a line under it. `fullValue` is the exact figure when
 * `value` is shortened ("12.3K"): shown as a tooltip and read out instead.
 */
export function StatCard({
  label,
  value,
  fullValue,
  detail,
  icon,
  tone = 'brand',
  badge,
  ...data
}: {
  label: string;
  value: string;
  fullValue?: string;
  detail?: ReactNode;
  icon: ReactNode;
  tone?: FigureTone;
  /** Beside the label: a small marker such as "Sample data". */
  badge?: ReactNode;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <Card padding="none" className="flex min-w-0 flex-col gap-2 p-4 sm:p-5" {...data}>
      <dt className="flex min-w-0 items-center gap-2.5 text-sm font-medium text-slate-600">
        <span
          aria-hidden="true"
          className={cn(
            'hidden size-8 shrink-0 place-items-center rounded-lg ring-1 sm:grid [&_svg]:size-4',
            chipTones[tone],
          )}
        >
          {icon}
        </span>
        <span className="min-w-0 leading-tight">{label}</span>
        {badge}
      </dt>
      <dd className="flex min-w-0 flex-col gap-1">
        <span
          className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums sm:text-3xl"
          title={fullValue}
          data-value
        >
          <FigureValue value={value} fullValue={fullValue} />
        </span>
        {detail && <span className="text-xs text-slate-500 sm:text-sm">{detail}</span>}
      </dd>
    </Card>
  );
}

/** A shortened figure ("12.3K") on screen, the exact one ("12,345 views") for screen readers. */
function FigureValue({ value, fullValue }: { value: string; fullValue?: string }) {
  if (!fullValue) return value;
  return (
    <>
      <span aria-hidden="true">{value}</span>
      <span className="sr-only">{fullValue}</span>
    </>
  );
}

/** Grey StatCards while the first answer is on its way. */
export function StatGridSkeleton({ count = 4, className }: { count?: number; className?: string }) {
  return (
    <div className={cn('grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4', className)} aria-hidden="true">
      {Array.from({ length: count }, (_, n) => (
        <Skeleton key={n} className="h-32 rounded-2xl" />
      ))}
    </div>
  );
}

/** A titled card of figures (Top Pages, Blog Performance...), its heading a landmark's name. */
export function Panel({
  id,
  title,
  description,
  icon,
  actions,
  children,
  className,
  bodyClassName,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}) {
  return (
    <Card padding="none" className={cn('flex min-w-0 flex-col overflow-hidden', className)}>
      <section aria-labelledby={id} className="flex flex-1 flex-col">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-100 px-4 py-3.5 sm:px-5">
          {icon && (
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-700 [&_svg]:size-4"
            >
              {icon}
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h2 id={id} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description && <p className="text-xs text-slate-500 sm:text-sm">{description}</p>}
          </div>
          {actions}
        </div>
        <div className={cn('flex-1 px-4 py-4 sm:px-5', bodyClassName)}>{children}</div>
      </section>
    </Card>
  );
}

/**
 * A row of a share list: the name, its count and percentage, and a bar as long as the percentage.
 * `color` (a CSS colour) overrides the tone, for the referrer colours.
 */
export function ShareBar({
  label,
  count,
  percent,
  tone = 'brand',
  color,
  marker,
}: {
  label: ReactNode;
  /** What the row counts, as it reads ("12 projects"); left out where a table column says it. */
  count?: ReactNode;
  /** 0 to 100; the bar's length. */
  percent: number;
  tone?: FigureTone;
  color?: string;
  /** Before the label, e.g. a colour dot. */
  marker?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="flex min-w-0 items-center gap-2 text-slate-800">
          {marker}
          <span className="min-w-0 truncate">{label}</span>
        </span>
        {count !== undefined && <span className="shrink-0 text-slate-900 tabular-nums">{count}</span>}
      </div>
      <Meter percent={percent} tone={tone} color={color} className="mt-1.5" />
    </div>
  );
}

/** A small figure inside a Panel: name over value, with an optional line under it. */
export function MiniStat({
  label,
  value,
  fullValue,
  detail,
}: {
  label: string;
  value: string;
  fullValue?: string;
  detail?: ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-slate-100 ring-inset">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5">
        <span className="text-lg font-semibold text-slate-900 tabular-nums" title={fullValue} data-value>
          <FigureValue value={value} fullValue={fullValue} />
        </span>
        {detail && <span className="block text-xs text-slate-500">{detail}</span>}
      </dd>
    </div>
  );
}

/** A thin bar filled to `percent` (0 to 100), for the eye only: the figure is always written beside it. */
export function Meter({
  percent,
  tone = 'brand',
  color,
  className,
}: {
  percent: number;
  tone?: FigureTone;
  /** A CSS colour instead of the tone (the referrer colours). */
  color?: string;
  className?: string;
}) {
  const width = Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 0));
  return (
    <span className={cn('block h-1.5 overflow-hidden rounded-full bg-slate-100', className)} aria-hidden="true">
      <span
        className={cn('block h-full rounded-full', color ? undefined : barTones[tone])}
        style={{ width: `${width}%`, backgroundColor: color }}
      />
    </span>
  );
}

/**
 * The body of a screen of figures (see useAdminData): why it could not load, with Retry, over what was on
 * show before; `skeleton` until the first answer; then `children` of the figures, dimmed while they load again.
 */
export function FiguresContent<T>({
  state,
  loadFailed,
  skeleton,
  children,
}: {
  state: { data: T | null; loading: boolean; loadError: Notice | null; reload: () => void };
  loadFailed: string;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, loading, loadError, reload } = state;
  return (
    <>
      {loadError && (
        <ListLoadError title={loadFailed} onRetry={reload} retryLabel="Retry">
          {loadError.detail}
        </ListLoadError>
      )}
      {data !== null ? (
        <div aria-busy={loading} className={cn('flex flex-col gap-5 transition-opacity', loading && 'opacity-60')}>
          {children(data)}
        </div>
      ) : (
        !loadError && skeleton
      )}
    </>
  );
}
