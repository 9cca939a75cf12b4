import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sendEvent, sendPageView } from './analytics-beacon';

/**
 * A page view for every public page the visitor opens (after hydration, when the browser is idle), the
 * seconds the page was visible when it is hidden or left (for session duration and bounce), and a click
 * on a link to another site. Mounted once, in the public site's shell.
 */
export function usePageAnalytics(): void {
  // A page is its path: the blog's filters change the query, not the page (the server drops queries anyway).
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const here = `${location.origin}${pathname}`;
    // The first page's referrer is the browser's; after that, the page of this site the visitor came from.
    sendPageView(previous.current ?? document.referrer);
    previous.current = here;

    let visibleSince = document.visibilityState === 'visible' ? Date.now() : null;
    let visibleMs = 0;
    let reported = false;
    const report = () => {
      if (visibleSince !== null) visibleMs += Date.now() - visibleSince;
      visibleSince = null;
      if (reported || visibleMs < 1000) return;
      reported = true;
      // Named, because after a navigation inside the site the address is already the next page's.
      sendEvent('page_engagement', { page_url: pathname, event_value: Math.round(visibleMs / 1000) });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') report();
      else if (!reported) visibleSince = Date.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', report);
    return () => {
      report();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', report);
    };
  }, [pathname]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || !/^https?:$/.test(link.protocol) || link.origin === location.origin) return;
      sendEvent('outbound_click', { event_category: 'outbound', event_action: 'click', event_label: link.hostname });
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, []);
}
