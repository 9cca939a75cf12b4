import { useRouteLoaderData } from 'react-router';
import type { CompanyProfile, SeoSettings } from '../../shared/contracts/company';

/** What the root loader returns; every page reads the company profile from here. */
export interface RootData {
  company: CompanyProfile;
  /** The home title, the default description and the keywords staff set (Content › SEO). */
  seo: SeoSettings;
  publicUrl: string;
  /** The site's IANA time zone, in which staff write scheduled publish times. */
  siteTimeZone: string;
  /** Maintenance mode is on (only staff with a site pass see the pages then). */
  maintenance: boolean;
}

/** The last root data this browser tab rendered with (never kept on the server, where every request shares it). */
let lastSeen: RootData | undefined;

/** The root loader data, or undefined when the root loader itself failed (general error screen). */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (data && typeof document !== 'undefined') lastSeen = data;
  return data;
}

/**
 * For the error screens: the root loader data, or in the browser the last the tab rendered with. A navigation
 * whose data request fails as a whole (the connection dropped, the server answered 500) fails the root
 * loader with it, and the screen would otherwise lose the top bar, the footer and the support address that
 * Report Issue writes to. A first page load that failed has none to fall back on, on the server and in the
 * hydrating browser alike.
 */
export function useRootDataOrLastSeen(): RootData | undefined {
  const data = useRootData();
  return data ?? (typeof document === 'undefined' ? undefined : lastSeen);
}
