import { useEffect, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { AdminQueryProvider } from '../../components/admin/admin-query';
import { Toaster } from '../../components/toaster';
import { ErrorScreen } from '../../features/errors/error-screen';
import { AdminLoading } from '../../features/admin-auth/admin-loading';
import { checkSession, installAuth, useAuth } from '../../features/admin-auth/auth-store';
import { fetchAppSettings } from '../../features/admin-settings/app-settings-api';
import type { AppSettings } from '../../../shared/contracts/app-settings.values';
import { adminMeta } from '../../lib/admin-meta';
import {
  adoptServerAppSettings,
  applyAppSettings,
  getAppSettings,
  restoreAppSettings,
  unapplyAppSettings,
  useAppSettings,
} from '../../lib/app-settings';
import type { Route } from './+types/layout';
import adminStylesheet from '../../admin.css?url';

/**
 * Everything under /admin renders in the browser: the server sends only HydrateFallback (a light
 * loading shell), and this chunk and its children are never part of a public page's JavaScript.
 * root.tsx reads `handle.admin` to leave the public top bar and footer out.
 */
export const handle = { admin: true };

export function meta() {
  return adminMeta('Admin');
}

/** The admin's utilities and App settings' rules, after the site's stylesheet (which they include). */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStylesheet, precedence: 'default' }];

export async function clientLoader() {
  installAuth();
  // The theme and size this browser used last, at once; the server's copy follows once signed in.
  restoreAppSettings();
  applyAppSettings(getAppSettings());
  await checkSession();
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The signed-in staff member's App settings: fetched once per session, applied while the admin is open. */
function useStaffAppSettings(): AppSettings {
  const settings = useAppSettings();
  const { status, user } = useAuth();
  const userId = status === 'authenticated' ? user?.id : undefined;
  useLayoutEffect(() => applyAppSettings(settings), [settings]);
  useLayoutEffect(() => unapplyAppSettings, []);
  useEffect(() => {
    if (userId === undefined) return;
    let current = true;
    // Left the admin or another user meanwhile: the answer is dropped.
    adoptServerAppSettings(fetchAppSettings, () => current)
      // The remembered or default settings stay; Settings › App Settings shows the failure.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId]);
  return settings;
}

export default function AdminLayout() {
  const settings = useStaffAppSettings();
  return (
    <AdminQueryProvider>
      <Outlet />
      <Toaster position={settings.notifications.position} />
    </AdminQueryProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main-content" className="min-h-dvh bg-slate-50">
      <ErrorScreen error={error} />
    </main>
  );
}
