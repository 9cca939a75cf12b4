import { CertificatesList } from '../../features/admin-certificates/certificates-list';
import { canEditContent, useTabUser } from './tab-page';

/** /admin/certification: the list, its search, filters and page in the query string. */
export default function AdminCertificationList() {
  return <CertificatesList canEdit={canEditContent(useTabUser())} />;
}
