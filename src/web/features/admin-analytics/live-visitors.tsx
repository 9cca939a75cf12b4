import { useEffect, useState } from 'react';
import { ANALYTICS_REALTIME_MINUTES, type AnalyticsRealtime } from '../../../shared/contracts/analytics-dashboard';
import { formatNumber } from '../../lib/dashboard-format';
import { cn } from '../../lib/cn';
import { fetchRealtime } from './analytics-admin-api';

/** How often the live figure is asked for again while the tab is in front of the reader. */
export const REALTIME_REFRESH_MS = 30_000;

/**
 * "N visitors right now": distinct visitors of the last five minutes (GET /api/analytics/realtime), asked
 * for again every 30 seconds while the page is visible, and at once when it becomes visible again. A
 * failed call leaves the last figure (or nothing): the dashboard says what failed, this is a hint.
 */
export function LiveVisitors({ reloadKey }: { reloadKey: number }) {
  const [live, setLive] = useState<AnalyticsRealtime | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const load = () =>
      fetchRealtime()
        .then((answer) => !cancelled && setLive(answer))
        .catch(() => undefined);
    const start = () => {
      clearInterval(timer);
      if (document.visibilityState !== 'visible') return;
      void load();
      timer = setInterval(() => void load(), REALTIME_REFRESH_MS);
    };
    start();
    document.addEventListener('visibilitychange', start);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', start);
    };
  }, [reloadKey]);

  if (!live) return null;
  const active = live.visitors > 0;
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm text-slate-700 ring-1 ring-slate-200"
      title={`Distinct visitors in the last ${live.minutes || ANALYTICS_REALTIME_MINUTES} minutes`}
      data-live-visitors={live.visitors}
    >
      <span className="relative flex size-2.5" aria-hidden="true">
        {active && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
        )}
        <span
          className={cn('relative inline-flex size-2.5 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-300')}
        />
      </span>
      <span>
        <span className="font-semibold text-slate-900 tabular-nums">{formatNumber(live.visitors)}</span>{' '}
        {live.visitors === 1 ? 'visitor' : 'visitors'} right now
      </span>
    </p>
  );
}
