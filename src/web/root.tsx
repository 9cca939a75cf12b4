import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './site.css?url';
import { LazyErrorScreen, LazyNotFoundPage } from './features/errors/lazy-error-pages';
import { SiteShell } from './features/site-shell/site-shell';
import { AnalyticsTag } from './components/analytics-tag';
import { useNonce } from './lib/nonce';
import { useRenderAllOnceNavigated } from './lib/render-when-near';
import { useRootData, useRootDataOrLastSeen, type RootData } from './lib/root-data';
import { pageMeta } from './lib/seo';

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const [company, seo] = await Promise.all([context.getCompanyProfile(), context.getSeoSettings()]);
  return {
    company,
    seo,
    publicUrl: context.publicUrl,
    siteTimeZone: context.siteTimeZone,
    maintenance: context.maintenanceMode,
  };
}

/**
 * The site's stylesheet, with a React `precedence`: React then writes it at the top of <head>, before the
 * scripts' modulepreloads (a plain stylesheet link comes after every hoisted link, so on HTTP/1.1 its request
 * queued behind ten scripts and held up the first paint). The admin adds its own after it (admin/layout.tsx).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Used by pages without their own meta, and for the error screens rendered here. */
export function meta({ matches, location, error }: Route.MetaArgs) {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return pageMeta({
      matches,
      location,
      title: notFound ? 'Page Not Found' : 'Oops! Something went wrong',
      description: notFound ? "The page you're looking for doesn't exist or has been moved." : undefined,
      noIndex: true,
    });
  }
  return pageMeta({ matches, location });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <AnalyticsTag nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * ScrollRestoration scrolls to the hash on client navigations. On a full page load the browser
 * jumps to the anchor while parsing; if it could not (the element streamed in late), do it here.
 */
function useScrollToHashOnLoad() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id || window.scrollY !== 0) return;
    document.getElementById(id)?.scrollIntoView();
  }, []);
}

/** /admin and below (kept here, not imported, so the public pages' JavaScript holds nothing of the admin). */
function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Admin routes (handle.admin, see routes/admin/layout.tsx) bring their own shell. */
function useIsAdminRoute(): boolean {
  return useMatches().some((match) => (match.handle as { admin?: boolean } | undefined)?.admin === true);
}

export default function App() {
  // Always there when App renders (a failed root loader renders ErrorBoundary); read through useRootData so
  // that the error screen can fall back on it.
  const root = useRootData();
  const admin = useIsAdminRoute();
  useScrollToHashOnLoad();
  useRenderAllOnceNavigated();
  if (admin || !root) return <Outlet />;
  return (
    <SiteShell company={root.company} maintenance={root.maintenance}>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Present when only a page failed; absent when the root loader (the company profile) failed on a first load.
  const root = useRootDataOrLastSeen();
  const { pathname } = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const content = notFound ? (
    <LazyNotFoundPage />
  ) : (
    <LazyErrorScreen error={error} supportEmail={root?.company.email} publicUrl={root?.publicUrl} />
  );
  if (root && !isAdminPath(pathname))
    return (
      <SiteShell company={root.company} maintenance={root.maintenance}>
        {content}
      </SiteShell>
    );
  return (
    <main id="main-content" className="min-h-dvh">
      {content}
    </main>
  );
}
