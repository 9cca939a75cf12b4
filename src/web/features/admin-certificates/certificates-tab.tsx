import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import { CannotEdit, ReadOnlyNote } from '../../components/admin/read-only';
import { CertificateEditor } from './certificate-form';
import { certificationPath, type CertificationView } from './certificate-paths';
import { CertificatesList } from './certificates-list';

/** The admin Certification tab: the certificate list and the certificate form (add, edit). */
export function CertificatesTab({ view, role }: { view: CertificationView; role: Role }) {
  const canEdit = permissionsByRole[role].includes('content');

  return (
    <div className="flex flex-col gap-6">
      {!canEdit && (
        <ReadOnlyNote>
          Your role can read certificates, download their PDFs and copy their links, but not change them.
        </ReadOnlyNote>
      )}
      {view.kind === 'list' ? (
        <CertificatesList canEdit={canEdit} />
      ) : canEdit ? (
        <CertificateEditor
          key={view.kind === 'edit' ? view.id : 'new'}
          certificateId={view.kind === 'edit' ? view.id : undefined}
        />
      ) : (
        <CannotEdit
          title="You cannot change certificates"
          backTo={certificationPath({ kind: 'list' })}
          backLabel="Back to certificates"
        >
          Your role can read certificates but not issue or edit them. Ask an administrator for editor access.
        </CannotEdit>
      )}
    </div>
  );
}
