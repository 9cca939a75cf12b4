import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { onDataUpdate, type DataUpdateType } from '../../lib/data-update';
import { failureNotice, type Notice } from '../notice';
import { useDebouncedSearch } from './use-debounced-search';
import { useRowSelection } from './use-row-selection';

/** What every paged admin list keeps in its query string, besides its own filters. */
export interface ListQuery {
  search: string;
  page: number;
}

export interface AdminListSource<Q extends ListQuery, D extends { total: number; pages: number }, T> {
  /** The list's state from the query string, and back (both stable: module functions). */
  readQuery: (params: URLSearchParams) => Q;
  writeQuery: (query: Q) => URLSearchParams;
  fetchPage: (query: Q) => Promise<D>;
  rowsOf: (data: D) => T[];
  /** The error title when a page cannot load. */
  loadFailed: string;
  /** The data-update type that makes the list load again ("blog"). */
  updates: DataUpdateType;
}

/**
 * A paged admin list whose search, filters and page live in the URL: loads the page the URL names
 * (again on reload and on a data-update of its type), keeps the selection to the rows on show, and
 * ties a debounced search box to the URL's search term.
 */
export function useAdminList<Q extends ListQuery, D extends { total: number; pages: number }, T extends { id: number }>(
  source: AdminListSource<Q, D, T>,
) {
  const { readQuery, writeQuery, loadFailed, updates } = source;
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const queryKey = writeQuery(query).toString();

  const [data, setData] = useState<D | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Notice | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const rows = data ? source.rowsOf(data) : [];
  const selection = useRowSelection(rows.map((row) => row.id));
  const { keepOnly } = selection;

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);

  /** Changes the query; the page goes back to 1 unless `change` names one. */
  const setQuery = useCallback(
    (change: Partial<Q>) => {
      const next = { ...readQuery(params), page: 1, ...change };
      setParams(writeQuery(next), { replace: true, preventScrollReset: true });
    },
    [params, setParams, readQuery, writeQuery],
  );

  // Q extends ListQuery, so { search } is a valid change; TypeScript cannot see that for a generic Q.
  const commitSearch = useCallback((search: string) => setQuery({ search } as Partial<Q>), [setQuery]);
  const [searchInput, setSearchInput] = useDebouncedSearch(query.search, commitSearch);

  useEffect(() => onDataUpdate((detail) => detail.type === updates && reload()), [updates, reload]);

  const start = useEffectEvent(() => source.fetchPage(readQuery(new URLSearchParams(queryKey))));
  const loaded = useEffectEvent((result: D) => {
    setData(result);
    setLoadError(null);
    keepOnly(source.rowsOf(result).map((row) => row.id));
  });

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    start()
      .then((result) => !cancelled && loaded(result))
      .catch((error: unknown) => {
        if (!cancelled) setLoadError(failureNotice(loadFailed, error));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [queryKey, reloadKey, loadFailed]);

  const pages = Math.max(1, data?.pages ?? 1);

  return {
    query,
    setQuery,
    searchInput,
    setSearchInput,
    data,
    rows,
    loading,
    loadError,
    reload,
    /** Counts the reloads, for what loads beside the list (a filter's options). */
    reloadKey,
    selection,
    /** The pagination of the page on show (see ListPagination). */
    paging: {
      page: query.page,
      pages,
      total: data?.total ?? 0,
      loading,
      onPage: (page: number) => setQuery({ ...query, page }),
    },
    /** After rows are removed, a page left empty steps back one page. */
    afterRemoval: (removed: number) => {
      if (query.page > 1 && removed >= rows.length) setQuery({ ...query, page: query.page - 1 });
      else reload();
    },
  };
}
