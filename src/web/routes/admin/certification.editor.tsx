import { useParams } from 'react-router';
import { editorId } from '../../components/admin/editor-paths';
import { CertificateEditorPage } from '../../features/admin-certificates/certificates-tab';
import { canEditContent, useTabUser } from './tab-page';

/** /admin/certification/new and /admin/certification/{id}/edit (the Certification layout answers an id that names no certificate). */
export default function AdminCertificationEditor() {
  const params = useParams();
  return (
    <CertificateEditorPage canEdit={canEditContent(useTabUser())} certificateId={editorId(params.id) ?? undefined} />
  );
}
