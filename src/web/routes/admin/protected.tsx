import { useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AdminLoading } from '../../features/admin-auth/admin-loading';
import { logout, useAuth } from '../../features/admin-auth/auth-store';
import { OutageScreen } from '../../features/admin-auth/outage-screen';
import { AdminShell } from '../../features/admin-shell/admin-shell';

/** The signed-in part of the admin: anyone else is sent to the login, and comes back here after. */
export default function AdminProtected() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signingOut = useRef(false);

  if (auth.status === 'unavailable' && auth.outage) return <OutageScreen message={auth.outage} />;
  if (auth.status === 'anonymous' || (auth.status === 'authenticated' && !auth.user)) {
    const wanted = location.pathname.replace(/\/+$/, '');
    const keep = !signingOut.current && /^\/admin\/[a-z-]+$/.test(wanted) && wanted !== '/admin/dashboard';
    signingOut.current = false;
    return <Navigate to={keep ? `/admin/login?next=${encodeURIComponent(wanted)}` : '/admin/login'} replace />;
  }
  if (auth.status !== 'authenticated' || !auth.user) return <AdminLoading />;

  return (
    <AdminShell
      username={auth.user.username}
      role={auth.user.role}
      onLogout={() => {
        signingOut.current = true;
        void logout();
        void navigate('/admin/login', { replace: true });
      }}
    >
      <Outlet />
    </AdminShell>
  );
}
