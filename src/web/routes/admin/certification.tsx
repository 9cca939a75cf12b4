import { Outlet, useParams } from 'react-router';
import { CertificatesTab } from '../../features/admin-certificates/certificates-tab';
import { canEditContent, TabPage, tabMeta, unknownEditorPath } from './tab-page';
import type { Route } from './+types/certification';

export function meta({ params }: Route.MetaArgs) {
  return tabMeta('certification', unknownEditorPath('certification', params.id));
}

/** The Certification tab around the page of the child route: the list or the certificate form. */
export default function AdminCertification() {
  const params = useParams();
  return (
    <TabPage tab="certification" notFound={unknownEditorPath('certification', params.id)}>
      {(user) => (
        <CertificatesTab canEdit={canEditContent(user)}>
          <Outlet />
        </CertificatesTab>
      )}
    </TabPage>
  );
}
