import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { DataUpdateType } from '../../lib/data-update';
import { failureNotice, type Notice } from '../notice';

/**
 * One figure set of an admin screen (the Overview, the Analytics dashboard): a query under `queryKey`
 * (its first element the resource, the rest what changes what to load, e.g. the period), loaded again on
 * reload() and whenever data of one of `updates` changes (the header's Refresh, a save in another tab; see
 * admin-query.tsx). What was on show stays there, dimmed by the caller while `loading`, until the next
 * answer replaces it; a failed load keeps it too and says why.
 */
export function useAdminData<T>(
  queryKey: QueryKey,
  fetch: () => Promise<T>,
  options: { loadFailed: string; updates: readonly DataUpdateType[] },
) {
  const { loadFailed, updates } = options;
  const query = useQuery({
    queryKey,
    queryFn: fetch,
    placeholderData: keepPreviousData,
    meta: { updates },
  });
  const { refetch, error } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const loadError = useMemo<Notice | null>(
    () => (error ? failureNotice(loadFailed, error) : null),
    [error, loadFailed],
  );

  return { data: query.data ?? null, loading: query.isFetching, loadError, reload };
}
