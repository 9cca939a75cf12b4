import type { ReactNode } from 'react';
import { usePageAnalytics } from '../../lib/use-page-analytics';
import type { CompanyProfile } from '../../../shared/contracts/company';
import { hydrateWhenVisible } from '../../lib/hydrate-when-visible';
import { MaintenanceBar } from './maintenance-bar';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'main-content';
const FOOTER_ID = 'site-footer';

/** At the bottom of every page: its code loads as it comes near the viewport (ADR 0023). */
const Footer = hydrateWhenVisible(FOOTER_ID, () => import('./site-footer').then((m) => m.SiteFooter));

/** Skip link, fixed top bar, the page as <main>, and the footer; page views are reported from here. */
export function SiteShell({
  company,
  maintenance = false,
  children,
}: {
  company: CompanyProfile;
  /** Maintenance mode is on: the page is for staff with a site pass, and says so. */
  maintenance?: boolean;
  children: ReactNode;
}) {
  usePageAnalytics();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-[60] rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader companyName={company.name} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        {children}
      </main>
      <Footer.Component anchorId={FOOTER_ID} company={company} />
      {maintenance && <MaintenanceBar />}
    </div>
  );
}
