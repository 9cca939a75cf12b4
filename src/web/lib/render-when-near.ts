import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext } from 'react-router';

/**
 * The attribute on <html> that turns `render-when-near` (app.css) off for the rest of the visit.
 *
 * A part with that class is laid out at an estimated height until it is first shown. A jump to an anchor
 * below such parts (the menu's Get Quote, a project's Contact Us, a link from another page) would then land
 * where the estimates put it and drift as the parts above render. The first navigation of a visit (of the
 * router: to another page, or to an anchor of this one) therefore lays out every part for real before React
 * Router scrolls: the saving is for the first view of a page loaded from the server, where it matters.
 */
const NAVIGATED_ATTRIBUTE = 'data-navigated';

export function useRenderAllOnceNavigated(): void {
  const dataRouter = useContext(DataRouterContext);
  useEffect(() => {
    const router = dataRouter?.router;
    if (!router) return;
    const first = router.state.location;
    // Called when the navigation starts, before React renders it and before ScrollRestoration scrolls; once
    // set, the attribute stays for the visit and the router is no longer watched.
    const unsubscribe = router.subscribe((state) => {
      if (state.location === first && state.navigation.state === 'idle') return;
      document.documentElement.setAttribute(NAVIGATED_ATTRIBUTE, '');
      unsubscribe();
    });
    return unsubscribe;
  }, [dataRouter]);
}
