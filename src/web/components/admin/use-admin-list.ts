import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DataUpdateType } from '../../lib/data-update';
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
  /** The resource the list shows, and the data-update type that makes it load again ("blog"). */
  updates: DataUpdateType;
  /** Tells this list's queries from other lists of the same resource ("posts", "comments"). */
  name: string;
}

/**
 * A paged admin list whose search, filters and page live in the URL: a query per page the URL names
 * (loaded again on reload and on a data-update of its resource, see admin-query.tsx), the selection kept
 * to the rows on show, and a debounced search box tied to the URL's search term. While another page
 * loads, the one on show stays (dimmed by the caller while `loading`).
 */
export function useAdminList<Q extends ListQuery, D extends { total: number; pages: number }, T extends { id: number }>(
  source: AdminListSource<Q, D, T>,
) {
  const { readQuery, writeQuery, loadFailed, updates, name } = source;
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const queryString = writeQuery(query).toString();

  const result = useQuery({
    queryKey: [updates, name, queryString],
    queryFn: () => source.fetchPage(readQuery(new URLSearchParams(queryString))),
    placeholderData: keepPreviousData,
  });
  const data = result.data ?? null;
  const { refetch, error } = result;
  const loading = result.isFetching;
  const loadError = useMemo<Notice | null>(
    () => (error ? failureNotice(loadFailed, error) : null),
    [error, loadFailed],
  );

  const rows = data ? source.rowsOf(data) : [];
  const selection = useRowSelection(rows.map((row) => row.id));
  const { keepOnly } = selection;

  // Each answer (not the page kept on show while the next loads) keeps the selection to its rows.
  const settled = !result.isPlaceholderData && result.isSuccess;
  const keepSelection = useEffectEvent(() => keepOnly(rows.map((row) => row.id)));
  useEffect(() => {
    if (settled) keepSelection();
  }, [settled, result.dataUpdatedAt]);

  const reload = useCallback(() => void refetch(), [refetch]);

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
