import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { PublicUser } from '../../../shared/contracts/auth';
import { adoptTokenPair, logout, setCurrentUser, useAuth } from '../../features/admin-auth/auth-store';
import { AdminNotFound, PageHeading, TabNotAvailable } from '../../features/admin-shell/admin-panels';
import { resolveAdminTab, tabDescription, type AdminTabId } from '../../features/admin-shell/admin-tabs';
import { SettingsTab } from '../../features/admin-settings/settings-tab';
import { BlogTab } from '../../features/admin-blog/blog-tab';
import { parseBlogPath } from '../../features/admin-blog/blog-paths';
import { ContactsTab } from '../../features/admin-contacts/contacts-tab';
import { CertificatesTab } from '../../features/admin-certificates/certificates-tab';
import { ContentTab } from '../../features/admin-content/content-tab';
import { parseContentPath } from '../../features/admin-content/content-specs';
import { parseCertificationPath } from '../../features/admin-certificates/certificate-paths';
import { PortfolioTab } from '../../features/admin-portfolio/portfolio-tab';
import { OverviewTab } from '../../features/admin-overview/overview-tab';
import { AnalyticsTab } from '../../features/admin-analytics/analytics-tab';
import { MediaTab } from '../../features/admin-media/media-tab';
import { parsePortfolioPath } from '../../features/admin-portfolio/portfolio-paths';
import { adminMeta } from '../../lib/admin-meta';
import type { Route } from './+types/tab';

/** The segment after /admin: undefined for /admin itself. */
function segmentOf(params: Record<string, string | undefined>): string | undefined {
  return params['*'] === undefined ? params.tab : `${params.tab}/${params['*']}`;
}

/** A tab's page for the signed-in user. */
type TabPage = (user: PublicUser) => ReactNode;

/** `view` rendered by `render`, or null when the path named no view. */
const pageOf = <V,>(view: V | null, render: (view: V, user: PublicUser) => ReactNode): TabPage | null =>
  view === null ? null : (user) => render(view, user);

/**
 * The built tabs and the page each shows for what follows /admin/:tab (undefined for the tab itself); null
 * when that names no page. Blog, Portfolio, Certification and Content have sub-pages (/admin/blog/new,
 * /admin/portfolio/{id}/edit, /admin/content/seo...); the others are only /admin/:tab.
 */
const tabPages: Partial<Record<AdminTabId, (rest: string | undefined) => TabPage | null>> = {
  overview: (rest) => (rest === undefined ? (user) => <OverviewTab role={user.role} /> : null),
  blog: (rest) => pageOf(parseBlogPath(rest), (view, user) => <BlogTab view={view} role={user.role} />),
  portfolio: (rest) => pageOf(parsePortfolioPath(rest), (view, user) => <PortfolioTab view={view} role={user.role} />),
  certification: (rest) =>
    pageOf(parseCertificationPath(rest), (view, user) => <CertificatesTab view={view} role={user.role} />),
  content: (rest) =>
    pageOf(parseContentPath(rest), (section, user) => <ContentTab section={section} role={user.role} />),
  contacts: (rest) => (rest === undefined ? (user) => <ContactsTab role={user.role} /> : null),
  analytics: (rest) => (rest === undefined ? (user) => <AnalyticsTab role={user.role} /> : null),
  media: (rest) => (rest === undefined ? (user) => <MediaTab role={user.role} /> : null),
  settings: (rest) =>
    rest === undefined
      ? (user) => (
          <SettingsTab
            user={user}
            onUserChange={setCurrentUser}
            onPasswordChanged={adoptTokenPair}
            onSignOut={logout}
          />
        )
      : null,
};

/** What the path names: its tab and that tab's page (none for a tab not built yet); `tab` undefined: not found. */
function resolvePath(params: Record<string, string | undefined>) {
  const segment = segmentOf(params);
  const rest = params['*'];
  const named = resolveAdminTab(params.tab);
  const page = named ? (tabPages[named.id]?.(rest) ?? null) : null;
  const tab = page || rest === undefined ? named : undefined;
  return { segment, tab, page };
}

export function meta({ params }: Route.MetaArgs) {
  const { tab } = resolvePath(params);
  return adminMeta(tab ? tab.label : 'Page not found');
}

/** /admin, /admin/:tab and deeper unknown paths (the admin's own not-found panel). */
export default function AdminTabPage() {
  const params = useParams();
  const auth = useAuth();
  const { segment, tab, page } = resolvePath(params);

  if (!tab) return <AdminNotFound segment={segment ?? ''} />;
  if (!page || !auth.user) return <TabNotAvailable tab={tab} />;

  const Icon = tab.icon;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title={tab.label}
        description={tabDescription(tab, auth.user.role)}
        icon={<Icon className="size-5" />}
      />
      {page(auth.user)}
    </div>
  );
}
