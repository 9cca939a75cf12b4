import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AdminLoading } from '../../features/admin-auth/admin-loading';
import { useAuth } from '../../features/admin-auth/auth-store';
import { LoginScreen } from '../../features/admin-auth/login-screen';
import { OutageScreen } from '../../features/admin-auth/outage-screen';
import { DEFAULT_AFTER_LOGIN, safeAdminReturn } from '../../features/admin-auth/return-path';
import { adminMeta } from '../../lib/admin-meta';

export function meta() {
  return adminMeta('Sign in');
}

export default function AdminLogin() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only same-site admin pages are returned to (no open redirect, no loop back to the login).
  const next = safeAdminReturn(params.get('next')) ?? DEFAULT_AFTER_LOGIN;

  if (auth.status === 'authenticated') return <Navigate to={next} replace />;
  if (auth.status === 'unavailable' && auth.outage) return <OutageScreen message={auth.outage} />;
  if (auth.status !== 'anonymous') return <AdminLoading />;
  return <LoginScreen onSignedIn={() => void navigate(next, { replace: true })} />;
}
