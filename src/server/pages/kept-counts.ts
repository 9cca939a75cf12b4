import { LRUCache } from 'lru-cache';

/*
 * Counts behind paged lists (the number of posts a filter matches), kept in memory until a write purges
 * the tag they depend on (ADR 0038). The page cache's purges are exact and reach every instance (the
 * instance bus, the generation row), so a kept count is the count the database would give: every write
 * that can change it purges its tag before its answer leaves. A read under way when a purge comes is
 * given to its callers only, never kept.
 */

/** A count by name (`key`, e.g. the list's filter), read with `read` when it is not kept. */
export type KeptCount = (key: string, read: () => Promise<number>) => Promise<number>;

/** Counts afresh every time: callers without a page cache (the command line, some tests). */
export const countAfresh: KeptCount = (_key, read) => read();

/** Distinct counts kept per tag at most (filters × categories); the least recently used goes first. */
export const KEPT_COUNTS_PER_TAG = 1_000;

/** A memo of counts and how to forget them all; `enabled` false (the cache switch off) counts afresh. */
export function keptCounts(enabled: () => boolean): { count: KeptCount; forget: () => void } {
  const kept = new LRUCache<string, Promise<number>>({ max: KEPT_COUNTS_PER_TAG });
  const count: KeptCount = (key, read) => {
    if (!enabled()) return read();
    const found = kept.get(key);
    if (found) return found;
    const reading = read().catch((error: unknown) => {
      if (kept.get(key) === reading) kept.delete(key);
      throw error;
    });
    kept.set(key, reading);
    return reading;
  };
  return { count, forget: () => kept.clear() };
}
