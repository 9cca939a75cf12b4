import { createContext, useContext, type ReactNode } from 'react';
import { permissionsByRole, type PublicUser } from '../../../shared/contracts/auth';
import { editorId } from '../../components/admin/editor-paths';
import { useAuth } from '../../features/admin-auth/auth-store';
import { AdminNotFound, PageHeading, TabNotAvailable } from '../../features/admin-shell/admin-panels';
import { adminTabs, tabDescription, type AdminTabId } from '../../features/admin-shell/admin-tabs';
import { adminMeta } from '../../lib/admin-meta';

/*
 * What the tabs' route modules share (this file is no route): the heading, the document title, the user
 * handed to a tab's child routes (a React context, through the layout's <Outlet />), and the admin's
 * not-found panel for a path under a tab that names nothing.
 */

const tabOf = (id: AdminTabId) => adminTabs.find((tab) => tab.id === id)!;

/** A tab's document title ("Blog | Admin"); the not-found page's when `notFound` names the path asked for. */
export function tabMeta(id: AdminTabId, notFound?: string) {
  return adminMeta(notFound === undefined ? tabOf(id).label : 'Page not found');
}

/**
 * For a tab with {id}/edit pages: the path after /admin/ when the route's `id` names no item (not a whole
 * number from 1 to 999999999), else undefined.
 */
export function unknownEditorPath(tab: AdminTabId, id: string | undefined): string | undefined {
  return id !== undefined && editorId(id) === null ? `${tab}/${id}/edit` : undefined;
}

/** The signed-in staff member, for a tab's child routes (the page a layout's <Outlet /> shows). */
const TabUser = createContext<PublicUser | null>(null);

/**
 * A tab's page: its heading over what `children` renders for the signed-in user; the admin's not-found
 * panel instead when `notFound` names the path (after /admin/) asked for.
 */
export function TabPage({
  tab: id,
  notFound,
  children,
}: {
  tab: AdminTabId;
  notFound?: string;
  children: (user: PublicUser) => ReactNode;
}) {
  const { user } = useAuth();
  const tab = tabOf(id);
  if (notFound !== undefined) return <AdminNotFound segment={notFound} />;
  if (!user) return <TabNotAvailable tab={tab} />;
  const Icon = tab.icon;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={tab.label} description={tabDescription(tab, user.role)} icon={<Icon className="size-5" />} />
      <TabUser value={user}>{children(user)}</TabUser>
    </div>
  );
}

/** The signed-in staff member, in a tab's child route. */
export function useTabUser(): PublicUser {
  const user = useContext(TabUser);
  if (!user) throw new Error('useTabUser is for the pages inside a TabPage');
  return user;
}

/** True when the user's role may change the site's content (posts, projects, certificates, the landing page). */
export function canEditContent(user: PublicUser): boolean {
  return permissionsByRole[user.role].includes('content');
}
