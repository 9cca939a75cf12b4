import { useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AdminLoading } from '../../features/admin-auth/admin-loading';
import { logout, useAuth } from '../../features/admin-auth/auth-store';
import { OutageScreen } from '../../features/admin-auth/outage-screen';
import { loginPathFor } from '../../features/admin-auth/return-path';
import { AdminShell } from '../../features/admin-shell/admin-shell';

/** The signed-in part of the admin: anyone else is sent to the login, and comes back here after. */
export default function AdminProtected() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signingOut = useRef(false);

  if (auth.status === 'unavailable' && auth.outage) return <OutageScreen message={auth.outage} />;
  if (auth.status === 'anonymous' || (auth.status === 'authenticated' && !auth.user)) {
    // After a sign-out the login starts afresh; otherwise it returns to the very page (and query) asked for.
    // The flag stays set: this layout may render more than once before it unmounts on the way out.
    const to = signingOut.current ? '/admin/login' : loginPathFor(location.pathname, location.search);
    return <Navigate to={to} replace />;
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
