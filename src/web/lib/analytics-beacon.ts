/**
 * First-party analytics from the public pages (ADR 0016): page views and events go to
 * /api/analytics with navigator.sendBeacon once the browser is idle, so they never hold up a page. No
 * cookie and no identifier is kept: the server counts visitors by a salted daily hash. Nothing is sent
 * when the visitor asks not to be tracked (Do Not Track, Global Privacy Control) or is signed in as staff.
 * zod-free: the public bundle does not carry the contracts' schemas (ADR 0010).
 */
import { whenIdle } from './when-idle';

/** The event types the server records (shared/contracts/analytics.ts). */
export type BeaconEventType =
  | 'page_engagement'
  | 'like'
  | 'share'
  | 'comment'
  | 'quote_submitted'
  | 'certificate_verified'
  | 'outbound_click'
  | 'newsletter_subscribed';

export interface BeaconEvent {
  /** The page it happened on; the current one when absent. */
  page_url?: string;
  event_category?: string;
  event_action?: string;
  event_label?: string;
  event_value?: number;
  custom_data?: Record<string, string | number | boolean | null>;
}

/** The address the admin signs in with keeps its tokens here (features/admin-auth/auth-store.ts). */
const STAFF_TOKEN_KEY = 'authToken';

/** Whether this browser's visits are left out of the figures. */
export function trackingDeclined(): boolean {
  if (typeof window === 'undefined') return true;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return true;
  try {
    return window.localStorage.getItem(STAFF_TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

/** POSTs `body` as JSON to an /api address with sendBeacon (fetch with keepalive where it refuses), unless declined. */
export function beacon(url: string, body: Record<string, unknown> = {}): void {
  if (trackingDeclined()) return;
  const payload = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.(url, new Blob([payload], { type: 'application/json' }))) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch(url, {
    method: 'POST',
    body: payload,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}

/** The current page as a path (the server drops its query before storing it). */
const currentPage = () => `${location.pathname}${location.search}`;

/** A page view of the current page; `referrer` is where the visitor came from (the previous page inside the site). */
export function sendPageView(referrer: string): void {
  // At an idle moment, or soon where requestIdleCallback is missing.
  whenIdle(
    () =>
      beacon('/api/analytics/pageview', {
        page_url: currentPage(),
        page_title: document.title.slice(0, 300),
        referrer,
      }),
    3000,
    200,
  );
}

/** One of the documented events, on the current page. */
export function sendEvent(type: BeaconEventType, event: BeaconEvent = {}): void {
  beacon('/api/analytics/event', { event_type: type, page_url: currentPage(), ...event });
}
