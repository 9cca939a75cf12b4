/**
 * "data-update" events: the admin's Refresh (and later, saves) tell every listener that some data
 * changed. Delivered as a window CustomEvent in this tab and over a BroadcastChannel to the other open
 * tabs of the site, where they are re-dispatched as the same window event, so a listener only needs
 * onDataUpdate (or window.addEventListener('data-update')).
 */

export const DATA_UPDATE_EVENT = 'data-update';
export const DATA_UPDATE_CHANNEL = 'site-data-update';

export type DataUpdateType = 'blog' | 'portfolio' | 'contacts' | 'analytics' | (string & {});

export interface DataUpdateDetail {
  type: DataUpdateType;
}

let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DATA_UPDATE_CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<DataUpdateDetail> | null;
    if (data && typeof data.type === 'string') dispatchLocal({ type: data.type });
  });
  return channel;
}

function dispatchLocal(detail: DataUpdateDetail) {
  window.dispatchEvent(new CustomEvent<DataUpdateDetail>(DATA_UPDATE_EVENT, { detail }));
}

/** Tells this tab and the other tabs that data of these types changed. */
export function broadcastDataUpdate(...types: DataUpdateType[]): void {
  if (typeof window === 'undefined') return;
  const bus = getChannel();
  for (const type of types) {
    dispatchLocal({ type });
    bus?.postMessage({ type } satisfies DataUpdateDetail);
  }
}

/** Calls handler for every data-update event (from this tab or another); returns the unsubscribe. */
export function onDataUpdate(handler: (detail: DataUpdateDetail) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  getChannel();
  const listener = (event: Event) => handler((event as CustomEvent<DataUpdateDetail>).detail);
  window.addEventListener(DATA_UPDATE_EVENT, listener);
  return () => window.removeEventListener(DATA_UPDATE_EVENT, listener);
}
