import { Outlet } from 'react-router';
import { Toaster } from '../../components/toaster';
import { ErrorScreen } from '../../features/errors/error-screen';
import { AdminLoading } from '../../features/admin-auth/admin-loading';
import { checkSession, installAuth } from '../../features/admin-auth/auth-store';
import { adminMeta } from '../../lib/admin-meta';
import type { Route } from './+types/layout';

/**
 * Everything under /admin renders in the browser: the server sends only HydrateFallback (a light
 * loading shell), and this chunk and its children are never part of a public page's JavaScript.
 * root.tsx reads `handle.admin` to leave the public top bar and footer out.
 */
export const handle = { admin: true };

export function meta() {
  return adminMeta('Admin');
}

export async function clientLoader() {
  installAuth();
  await checkSession();
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main-content" className="min-h-dvh bg-slate-50">
      <ErrorScreen error={error} />
    </main>
  );
}
