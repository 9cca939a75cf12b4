import { useParams } from 'react-router';
import { AdminNotFound } from '../../features/admin-shell/admin-panels';
import { adminMeta } from '../../lib/admin-meta';

export function meta() {
  return adminMeta('Page not found');
}

/** Any path under /admin that no route names: the admin's own not-found panel, inside the shell. */
export default function AdminNotFoundPage() {
  const params = useParams();
  // "nope/" is named as "nope".
  return <AdminNotFound segment={(params['*'] ?? '').replace(/\/+$/, '')} />;
}
