import { useState } from 'react';
import { certificateRevokeRequestSchema, type Certificate } from '../../../shared/contracts/certificates';
import { CERTIFICATE_REVOCATION_REASON_MAX, CertificateMessage } from '../../../shared/contracts/certificates.values';
import { Alert } from '../../components/alert';
import { FormDialog } from '../../components/form-dialog';
import { Textarea } from '../../components/textarea';
import { isApiError, userMessage } from '../../lib/api-client';
import { revokeCertificate } from './certificates-admin-api';

/**
 * Revoke a certificate: the record stays, with the reason (for staff only) and the date; the verification
 * page then says it was revoked. The reason is required.
 */
export function RevokeDialog({
  certificate,
  onCancel,
  onRevoked,
}: {
  /** The certificate to revoke; null keeps the dialog closed. */
  certificate: Certificate | null;
  onCancel: () => void;
  onRevoked: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setReason('');
    setError(null);
    setFailure(null);
    onCancel();
  }

  async function submit() {
    if (!certificate) return;
    const checked = certificateRevokeRequestSchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? CertificateMessage.REVOCATION_REASON_REQUIRED);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { certificate: revoked, message } = await revokeCertificate(certificate.id, checked.data.reason);
      setReason('');
      setError(null);
      onRevoked(message ?? CertificateMessage.REVOKED.replace('{number}', revoked.certificate_number));
    } catch (caught) {
      const fieldError = isApiError(caught) ? caught.errors.find((e) => e.field === 'reason') : undefined;
      if (fieldError) setError(fieldError.message);
      else setFailure(userMessage(caught, { surface: 'admin', fallback: CertificateMessage.SAVE_FAILED }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      open={certificate !== null}
      title="Revoke certificate?"
      submitLabel={busy ? 'Revoking…' : 'Revoke Certificate'}
      onSubmit={() => void submit()}
      onCancel={close}
      busy={busy}
    >
      {certificate && (
        <>
          <p className="text-sm text-slate-600">
            <span className="font-mono font-medium text-slate-900">{certificate.certificate_number}</span> issued to{' '}
            <span className="font-medium break-words text-slate-900">{certificate.recipient_name}</span> will verify as
            revoked from now on. The record is kept.
          </p>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Textarea
            label="Reason"
            name="reason"
            required
            rows={3}
            maxLength={CERTIFICATE_REVOCATION_REASON_MAX}
            hint="For staff only: the verification page shows the date, never the reason."
            value={reason}
            error={error ?? undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
        </>
      )}
    </FormDialog>
  );
}
