import { useParams } from 'react-router';
import { adoptTokenPair, setCurrentUser, useAuth } from '../../features/admin-auth/auth-store';
import { AdminNotFound, PageHeading, TabNotAvailable } from '../../features/admin-shell/admin-panels';
import { resolveAdminTab } from '../../features/admin-shell/admin-tabs';
import { SettingsTab } from '../../features/admin-settings/settings-tab';
import { BlogTab } from '../../features/admin-blog/blog-tab';
import { parseBlogPath } from '../../features/admin-blog/blog-paths';
import { ContactsTab } from '../../features/admin-contacts/contacts-tab';
import { PortfolioTab } from '../../features/admin-portfolio/portfolio-tab';
import { parsePortfolioPath } from '../../features/admin-portfolio/portfolio-paths';
import { adminMeta } from '../../lib/admin-meta';
import type { Route } from './+types/tab';

/** The segment after /admin: undefined for /admin itself. */
function segmentOf(params: Record<string, string | undefined>): string | undefined {
  return params['*'] === undefined ? params.tab : `${params.tab}/${params['*']}`;
}

/**
 * What the path names: the Blog and Portfolio tabs have sub-pages of their own (/admin/blog/new,
 * /admin/portfolio/{id}/edit, ...); any other tab is only /admin/:tab. `tab` undefined: not found.
 */
function resolvePath(params: Record<string, string | undefined>) {
  const segment = segmentOf(params);
  const blogView = params.tab === 'blog' ? parseBlogPath(params['*']) : null;
  const portfolioView = params.tab === 'portfolio' ? parsePortfolioPath(params['*']) : null;
  const tab = blogView
    ? resolveAdminTab('blog')
    : portfolioView
      ? resolveAdminTab('portfolio')
      : params['*'] === undefined
        ? resolveAdminTab(segment)
        : undefined;
  return { segment, blogView, portfolioView, tab };
}

export function meta({ params }: Route.MetaArgs) {
  const { tab } = resolvePath(params);
  return adminMeta(tab ? tab.label : 'Page not found');
}

/** /admin, /admin/:tab and deeper unknown paths (the admin's own not-found panel). */
export default function AdminTabPage() {
  const params = useParams();
  const auth = useAuth();
  const { segment, blogView, portfolioView, tab } = resolvePath(params);

  if (!tab) return <AdminNotFound segment={segment ?? ''} />;
  const built = tab.id === 'settings' || tab.id === 'contacts' || blogView || portfolioView;
  if (!built || !auth.user) return <TabNotAvailable tab={tab} />;

  const Icon = tab.icon;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={tab.label} description={tab.description} icon={<Icon className="size-5" />} />
      {blogView ? (
        <BlogTab view={blogView} role={auth.user.role} />
      ) : portfolioView ? (
        <PortfolioTab view={portfolioView} role={auth.user.role} />
      ) : tab.id === 'contacts' ? (
        <ContactsTab role={auth.user.role} />
      ) : (
        <SettingsTab user={auth.user} onUserChange={setCurrentUser} onPasswordChanged={adoptTokenPair} />
      )}
    </div>
  );
}
