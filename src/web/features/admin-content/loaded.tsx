import { useEffect, useState, type ReactNode } from 'react';
import { ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { failureNotice, type Notice } from '../../components/notice';

/**
 * A settings form's data, loaded once (and again on Try Again): grey rows while it loads, the reason and
 * Try Again when it fails, else `children` with the data, a way to replace it after a save, and a way to
 * load it again (the data shown stays until the new one has come).
 */
export function Loaded<T>({
  load,
  failed,
  loadingLabel,
  children,
}: {
  /** A module function (stable), called on mount and on each Try Again. */
  load: () => Promise<T>;
  failed: string;
  loadingLabel: string;
  children: (data: T, replace: (data: T) => void, reload: () => void) => ReactNode;
}) {
  const [data, setData] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<Notice | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    load()
      .then((loaded) => !cancelled && setData(loaded))
      .catch((error: unknown) => !cancelled && setLoadError(failureNotice(failed, error)));
    return () => {
      cancelled = true;
    };
  }, [load, failed, attempt]);

  if (loadError) {
    return (
      <ListLoadError
        title={loadError.title}
        onRetry={() => {
          setLoadError(null);
          setAttempt((n) => n + 1);
        }}
      >
        {loadError.detail}
      </ListLoadError>
    );
  }
  if (data === null) return <ListSkeleton label={loadingLabel} rows={3} rowClassName="h-12 rounded-xl" />;
  return children(data, setData, () => setAttempt((n) => n + 1));
}
