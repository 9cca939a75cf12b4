import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/admin-auth/reset-password-form';
import { adminMeta } from '../../lib/admin-meta';

export function meta() {
  return adminMeta('Reset password');
}

export default function AdminResetPassword() {
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token') ?? ''} />;
}
