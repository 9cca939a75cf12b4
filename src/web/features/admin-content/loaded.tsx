import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { failureNotice } from '../../components/notice';

/**
 * A settings form's data, loaded once per opening (and again on Try Again): grey rows while it loads, the
 * reason and Try Again when it fails, else `children` with the data, a way to replace it after a save, and a
 * way to load it again (the data shown stays until the new one has come).
 *
 * `queryKey` names no data-update type on purpose, and the answer is forgotten once the form is closed: a
 * save in another tab must not replace a form being edited (the save's version check tells of it instead).
 */
export function Loaded<T>({
  queryKey,
  load,
  failed,
  loadingLabel,
  children,
}: {
  queryKey: QueryKey;
  load: () => Promise<T>;
  failed: string;
  loadingLabel: string;
  children: (data: T, replace: (data: T) => void, reload: () => void) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const loaded = useQuery({ queryKey, queryFn: load, gcTime: 0 });
  const reload = () => void loaded.refetch();

  // Try Again shows what was there (or the grey rows) while it loads.
  if (loaded.isError && !loaded.isFetching) {
    const notice = failureNotice(failed, loaded.error);
    return (
      <ListLoadError title={notice.title} onRetry={reload}>
        {notice.detail}
      </ListLoadError>
    );
  }
  if (loaded.data === undefined) return <ListSkeleton label={loadingLabel} rows={3} rowClassName="h-12 rounded-xl" />;
  return children(loaded.data, (data) => queryClient.setQueryData(queryKey, data), reload);
}
