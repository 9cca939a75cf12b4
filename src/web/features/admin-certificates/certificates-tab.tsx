import type { ReactNode } from 'react';
import { ListEditorPage, ListEditorTab } from '../../components/admin/list-editor-tab';
import { CertificateEditor } from './certificate-form';
import { certificationPath } from './certificate-paths';

/** The admin Certification tab around its page: the certificate list or the certificate form (add, edit). */
export function CertificatesTab({ canEdit, children }: { canEdit: boolean; children: ReactNode }) {
  return (
    <ListEditorTab
      canEdit={canEdit}
      readOnlyNote="Your role can read certificates, download their PDFs and copy their links, but not change them."
    >
      {children}
    </ListEditorTab>
  );
}

/** Certification › new or edit: the certificate form, keyed by the certificate so each starts afresh. */
export function CertificateEditorPage({
  canEdit,
  certificateId,
}: {
  canEdit: boolean;
  certificateId: number | undefined;
}) {
  return (
    <ListEditorPage
      canEdit={canEdit}
      id={certificateId}
      editor={(id) => <CertificateEditor key={id ?? 'new'} certificateId={id} />}
      cannotEdit={{
        title: 'You cannot change certificates',
        backTo: certificationPath({ kind: 'list' }),
        backLabel: 'Back to certificates',
        text: 'Your role can read certificates but not issue or edit them. Ask an administrator for editor access.',
      }}
    />
  );
}
