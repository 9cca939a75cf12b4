import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, post, resetApiClient } from '../../lib/api-client';
import { broadcastDataUpdate, DATA_UPDATE_CHANNEL } from '../../lib/data-update';
import { connectAdminQueries, createAdminQueryClient } from './admin-query';

/** The data-update bus needs a window: an EventTarget stands in for it (Node has BroadcastChannel). */
vi.stubGlobal('window', new EventTarget());

let client: QueryClient;
let disconnect: () => void;
let calls: Record<string, number>;

function source(name: string) {
  return async () => {
    calls[name] = (calls[name] ?? 0) + 1;
    return `${name} #${calls[name]}`;
  };
}

/** A screen showing the query: it stays active (and is refetched on invalidation) until unsubscribed. */
function show(queryKey: readonly unknown[], name: string, meta?: { updates: string[] }) {
  const observer = new QueryObserver(client, { queryKey, queryFn: source(name), ...(meta ? { meta } : {}) });
  return observer.subscribe(() => {});
}

beforeEach(() => {
  calls = {};
  client = createAdminQueryClient();
  disconnect = connectAdminQueries(client);
});

afterEach(() => {
  disconnect();
  client.clear();
  resetApiClient();
});

describe('the admin query cache', () => {
  it('answers a second read of the same key from the cache; another key loads', async () => {
    await client.fetchQuery({ queryKey: ['blog', 'posts', 'page=1'], queryFn: source('posts'), staleTime: 60_000 });
    await client.fetchQuery({ queryKey: ['blog', 'posts', 'page=1'], queryFn: source('posts'), staleTime: 60_000 });
    expect(calls.posts).toBe(1);
    await client.fetchQuery({ queryKey: ['blog', 'posts', 'page=2'], queryFn: source('posts'), staleTime: 60_000 });
    expect(calls.posts).toBe(2);
  });

  it('a failed read is not kept as an answer', async () => {
    const failing = vi.fn().mockRejectedValue(new Error('boom'));
    await expect(client.fetchQuery({ queryKey: ['media', 'files'], queryFn: failing })).rejects.toThrow('boom');
    await expect(client.fetchQuery({ queryKey: ['media', 'files'], queryFn: failing })).rejects.toThrow('boom');
    expect(failing).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(['media', 'files'])).toBeUndefined();
  });

  it('a data-update refetches the shown queries of its resource (or naming it in meta.updates) once, others not', async () => {
    const stops = [
      show(['blog', 'posts'], 'posts'),
      show(['portfolio', 'projects'], 'projects'),
      show(['overview'], 'overview', { updates: ['blog', 'contacts'] }),
    ];
    await vi.waitFor(() => expect(calls).toEqual({ posts: 1, projects: 1, overview: 1 }));

    // The header's Refresh sends several types at once: the Overview loads once for both.
    broadcastDataUpdate('blog', 'contacts');
    await vi.waitFor(() => expect(calls).toEqual({ posts: 2, projects: 1, overview: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual({ posts: 2, projects: 1, overview: 2 });
    for (const stop of stops) stop();
  });

  it('a data-update from another tab (the BroadcastChannel) refetches as well', async () => {
    const stop = show(['contacts', 'contacts', ''], 'contacts');
    await vi.waitFor(() => expect(calls.contacts).toBe(1));
    const otherTab = new BroadcastChannel(DATA_UPDATE_CHANNEL);
    otherTab.postMessage({ type: 'contacts' });
    await vi.waitFor(() => expect(calls.contacts).toBe(2));
    otherTab.close();
    stop();
  });

  it('a write through the API client drops the reads no screen shows and marks the shown ones stale', async () => {
    // The write's answer does not matter: a failed write may have changed data too.
    configureApiClient({ baseUrl: 'http://127.0.0.1:9/api', timeoutMs: 2000 });
    const stop = show(['blog', 'posts'], 'posts');
    await client.fetchQuery({ queryKey: ['portfolio', 'projects'], queryFn: source('projects'), staleTime: 60_000 });
    await vi.waitFor(() => expect(calls.posts).toBe(1));

    await post('/blog/posts', { title: 'New' }).catch(() => undefined);
    expect(client.getQueryData(['portfolio', 'projects'])).toBeUndefined();
    expect(client.getQueryState(['blog', 'posts'])?.isInvalidated).toBe(true);
    // Shown data stays on screen until the screen reloads it (no refetch behind its back).
    expect(client.getQueryData(['blog', 'posts'])).toBe('posts #1');
    expect(calls.posts).toBe(1);
    stop();
  });
});
