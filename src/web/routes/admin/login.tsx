import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AdminLoading } from '../../features/admin-auth/admin-loading';
import { useAuth } from '../../features/admin-auth/auth-store';
import { LoginScreen } from '../../features/admin-auth/login-screen';
import { OutageScreen } from '../../features/admin-auth/outage-screen';
import { adminMeta } from '../../lib/admin-meta';

export const DEFAULT_AFTER_LOGIN = '/admin/dashboard';

export function meta() {
  return adminMeta('Sign in');
}

/** Only admin tabs are valid targets after sign-in (no open redirect, no loop back to login). */
function safeNext(value: string | null): string {
  if (!value || !/^\/admin\/[a-z-]+$/.test(value) || /^\/admin\/(login|reset-password)$/.test(value)) {
    return DEFAULT_AFTER_LOGIN;
  }
  return value;
}

export default function AdminLogin() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  if (auth.status === 'authenticated') return <Navigate to={next} replace />;
  if (auth.status === 'unavailable' && auth.outage) return <OutageScreen message={auth.outage} />;
  if (auth.status !== 'anonymous') return <AdminLoading />;
  return <LoginScreen onSignedIn={() => void navigate(next, { replace: true })} />;
}
