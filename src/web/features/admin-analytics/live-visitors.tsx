import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ANALYTICS_REALTIME_MINUTES } from '../../../shared/contracts/analytics-dashboard';
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
export function LiveVisitors() {
  const { data: live, refetch } = useQuery({ queryKey: ['analytics', 'realtime'], queryFn: fetchRealtime });

  // The query loads once on show; the clock starts again whenever the page comes back into view.
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = () => {
      clearInterval(timer);
      if (document.visibilityState === 'visible') timer = setInterval(() => void refetch(), REALTIME_REFRESH_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refetch();
      poll();
    };
    poll();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refetch]);

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
