import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { onDataUpdate, type DataUpdateType } from '../../lib/data-update';
import { failureNotice, type Notice } from '../notice';

/**
 * One figure set of an admin screen (the Overview, the Analytics dashboard): loaded for `key` (a string
 * that changes when what to load changes, e.g. the period), again on reload() and whenever data of one of
 * `updates` changes (the header's Refresh, a save in another tab). What was on show stays there, dimmed by
 * the caller while `loading`, until the next answer replaces it; a failed load keeps it too and says why.
 */
export function useAdminData<T>(
  key: string,
  fetch: (key: string) => Promise<T>,
  options: { loadFailed: string; updates: readonly DataUpdateType[] },
) {
  const { loadFailed, updates } = options;
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Notice | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const reload = useCallback(() => setReloadKey((n) => n + 1), []);
  const updatesKey = updates.join(' ');

  // Refresh announces several kinds at once (and other tabs relay them one by one): one reload for them all.
  useEffect(() => {
    const kinds = updatesKey.split(' ');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onDataUpdate((detail) => {
      if (!kinds.includes(detail.type)) return;
      clearTimeout(timer);
      timer = setTimeout(reload, 50);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [updatesKey, reload]);

  const start = useEffectEvent(() => fetch(key));

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    start()
      .then((result) => {
        if (cancelled) return;
        setData(result);
        setLoadError(null);
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(failureNotice(loadFailed, error));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [key, reloadKey, loadFailed]);

  return { data, loading, loadError, reload, reloadKey };
}
