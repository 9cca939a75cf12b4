import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import { ListEditorTab } from '../../components/admin/list-editor-tab';
import { CertificateEditor } from './certificate-form';
import { certificationPath, type CertificationView } from './certificate-paths';
import { CertificatesList } from './certificates-list';

/** The admin Certification tab: the certificate list and the certificate form (add, edit). */
export function CertificatesTab({ view, role }: { view: CertificationView; role: Role }) {
  const canEdit = permissionsByRole[role].includes('content');
  return (
    <ListEditorTab
      view={view}
      canEdit={canEdit}
      readOnlyNote="Your role can read certificates, download their PDFs and copy their links, but not change them."
      list={<CertificatesList canEdit={canEdit} />}
      editor={(id) => <CertificateEditor certificateId={id} />}
      cannotEdit={{
        title: 'You cannot change certificates',
        backTo: certificationPath({ kind: 'list' }),
        backLabel: 'Back to certificates',
        text: 'Your role can read certificates but not issue or edit them. Ask an administrator for editor access.',
      }}
    />
  );
}
