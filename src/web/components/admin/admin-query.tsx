import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { onApiWrite } from '../../lib/api-client';
import { onDataUpdate, type DataUpdateType } from '../../lib/data-update';

/**
 * The admin's server state: one TanStack Query cache for every screen under /admin (ADR 0049). Public pages
 * never import this module; their data comes from the route loaders.
 *
 * A query's key starts with its resource, the data-update type that announces its changes ('blog',
 * 'contacts', 'media', …); a query that several types change (the Overview) lists them in `meta.updates`.
 * - A data-update (a save in this tab or another, the header's Refresh) refetches the queries on show of
 *   that resource and marks the others stale.
 * - Any write through the API client marks every cached read stale and drops those no screen shows, so the
 *   next screen to open loads afresh, as the client's former read cache did.
 * - Signing in or out empties the cache (clearAdminQueries): a different user must not see the answers.
 */

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { updates?: readonly DataUpdateType[] };
  }
}

/** Data-update types arriving within this window (Refresh sends four, other tabs relay them one by one) refetch once. */
const UPDATE_BATCH_MS = 50;

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed load says why at once and offers Retry; the client's own 401 handling refreshes the token.
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | undefined;

/** The admin's one QueryClient, made on first use (in the browser: the admin renders nowhere else). */
export function adminQueryClient(): QueryClient {
  client ??= createAdminQueryClient();
  return client;
}

/** Forgets every cached answer (sign-in, sign-out, another user). */
export function clearAdminQueries(): void {
  client?.clear();
}

function announcedBy(query: Query, types: ReadonlySet<string>): boolean {
  const resource = query.queryKey[0];
  if (typeof resource === 'string' && types.has(resource)) return true;
  return query.meta?.updates?.some((type) => types.has(type)) ?? false;
}

/** Connects the cache to the data-update events and to the client's writes; returns the disconnect. */
export function connectAdminQueries(queryClient: QueryClient): () => void {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    const types = new Set(pending);
    pending.clear();
    void queryClient.invalidateQueries({ predicate: (query) => announcedBy(query, types) });
  };
  const stopUpdates = onDataUpdate(({ type }) => {
    pending.add(type);
    clearTimeout(timer);
    timer = setTimeout(flush, UPDATE_BATCH_MS);
  });
  const stopWrites = onApiWrite(() => {
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.invalidateQueries({ refetchType: 'none' });
  });
  return () => {
    clearTimeout(timer);
    stopUpdates();
    stopWrites();
  };
}

/** Provides the admin's QueryClient to everything under /admin. */
export function AdminQueryProvider({ children }: { children: ReactNode }) {
  const queryClient = adminQueryClient();
  useEffect(() => connectAdminQueries(queryClient), [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
