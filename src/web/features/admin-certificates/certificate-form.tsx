import { ArrowLeft, ExternalLink } from '../../components/icons';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Certificate, CertificateStatus, RecipientType } from '../../../shared/contracts/certificates';
import {
  CERTIFICATE_COURSE_MAX,
  CERTIFICATE_DESCRIPTION_MAX,
  CERTIFICATE_DURATION_MAX,
  CERTIFICATE_NUMBER_EXAMPLE,
  CERTIFICATE_RECIPIENT_MAX,
  CERTIFICATE_REVOCATION_REASON_MAX,
  CertificateMessage,
  certificateStatuses,
  certificateStatusLabels,
  recipientTypeLabels,
  recipientTypes,
} from '../../../shared/contracts/certificates.values';
import { EditorActionBar } from '../../components/admin/editor-frame';
import { EditorLoadError, useEditorLoad } from '../../components/admin/editor-load-error';
import { formatLongDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Input } from '../../components/input';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Select } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { Textarea } from '../../components/textarea';
import { useUnsavedGuard } from '../../components/use-unsaved-guard';
import { isApiError } from '../../lib/api-client';
import { CertificateStatusBadge } from './certificate-badges';
import {
  certificateProblems,
  certificateToValues,
  newCertificateValues,
  valuesToInput,
  type CertificateField,
  type CertificateFormValues,
} from './certificate-form-values';
import { certificationPath } from './certificate-paths';
import { createCertificate, fetchCertificate, updateCertificate } from './certificates-admin-api';
import type { CertificatesListState } from './certificates-list';

/** Certification › Add Certificate and Edit: loads the certificate (when editing), then shows the form. */
export function CertificateEditor({ certificateId }: { certificateId?: number }) {
  const location = useLocation();
  const {
    data: certificate,
    failure,
    retry,
  } = useEditorLoad(
    certificateId ?? 'new',
    certificateId === undefined ? null : () => fetchCertificate(certificateId),
    { notFound: CertificateMessage.NOT_FOUND_ID, failed: CertificateMessage.DETAILS_FAILED },
  );
  const listUrl = certificationPath({ kind: 'list' }, location.search);

  if (failure) {
    return <EditorLoadError failure={failure} onRetry={retry} backTo={listUrl} backLabel="Back to certificates" />;
  }
  if (certificateId !== undefined && !certificate) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">Loading the certificate…</span>
        <Skeleton className="h-10 w-72" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  return <CertificateForm key={certificate?.id ?? 'new'} certificate={certificate} listUrl={listUrl} />;
}

type Errors = Partial<Record<CertificateField, string>>;

function CertificateForm({ certificate, listUrl }: { certificate: Certificate | null; listUrl: string }) {
  const initial = useMemo(
    () => (certificate ? certificateToValues(certificate) : newCertificateValues()),
    [certificate],
  );
  const [values, setValues] = useState<CertificateFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const formId = useId();
  const editing = certificate !== null;
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  const guard = useUnsavedGuard(
    dirty && !busy,
    'This certificate has changes that are not saved. If you leave now, they are lost.',
  );

  function set<F extends CertificateField>(field: F, value: CertificateFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problems = certificateProblems(values);
    if (problems.length > 0) {
      const next: Errors = {};
      for (const problem of problems) next[problem.field] ??= problem.message;
      setNotice({ type: 'error', title: CertificateMessage.SAVE_FAILED, detail: problems[0]?.message });
      showErrors(next);
      return;
    }
    setErrors({});
    setNotice(null);
    setBusy(true);
    try {
      const input = valuesToInput(values);
      const saved = editing ? await updateCertificate(certificate.id, input) : await createCertificate(input);
      const title =
        saved.message ??
        (editing ? CertificateMessage.UPDATED : CertificateMessage.CREATED).replace(
          '{number}',
          saved.certificate.certificate_number,
        );
      guard.allowNextNavigation();
      void navigate(listUrl, { state: { notice: { type: 'success', title } } satisfies CertificatesListState });
    } catch (error) {
      const next: Errors = {};
      if (isApiError(error)) {
        for (const item of error.errors) {
          const field = item.field.split('.')[0] as CertificateField;
          if (field in values) next[field] ??= item.message;
        }
      }
      showErrors(next);
      setNotice(failureNotice(CertificateMessage.SAVE_FAILED, error));
      setBusy(false);
    }
  }

  const text = (field: CertificateField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
  });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <div className="mr-auto min-w-0">
          <Button to={listUrl} variant="link" className="mb-1">
            <ArrowLeft aria-hidden="true" />
            All certificates
          </Button>
          <h2 className="text-lg font-semibold break-words">
            {editing ? `Edit Certificate ${certificate.certificate_number}` : 'Add Certificate'}
          </h2>
        </div>
        {editing && (
          <div className="flex items-center gap-2">
            <CertificateStatusBadge status={certificate.effective_status} />
            <Button href={certificate.verify_url} target="_blank" rel="noopener" variant="secondary" size="sm">
              <ExternalLink aria-hidden="true" />
              Verification page
            </Button>
          </div>
        )}
      </div>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <Card padding="none">
        <form
          id={formId}
          noValidate
          onSubmit={onSubmit}
          aria-label={editing ? 'Edit certificate' : 'New certificate'}
          className="grid gap-5 p-5 sm:grid-cols-2 sm:p-6"
        >
          <Input
            label="Certificate Number"
            {...text('certificate_number')}
            maxLength={50}
            autoComplete="off"
            spellCheck={false}
            placeholder={editing ? undefined : 'Generated when left blank'}
            hint={
              editing
                ? `${CERTIFICATE_NUMBER_EXAMPLE}: SST, the year and five digits. Clear it to keep the current number.`
                : `Leave blank to generate one, or type it as ${CERTIFICATE_NUMBER_EXAMPLE}.`
            }
            className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
          />
          <Input
            label="Recipient Name"
            required
            {...text('recipient_name')}
            maxLength={CERTIFICATE_RECIPIENT_MAX}
            autoComplete="off"
          />
          <Select
            label="Recipient Type"
            required
            name="recipient_type"
            value={values.recipient_type}
            error={errors.recipient_type}
            onChange={(event) => set('recipient_type', event.target.value as RecipientType | '')}
          >
            <option value="">Choose a type</option>
            {recipientTypes.map((type) => (
              <option key={type} value={type}>
                {recipientTypeLabels[type]}
              </option>
            ))}
          </Select>
          <Input
            label="Course / Program"
            {...text('course_name')}
            maxLength={CERTIFICATE_COURSE_MAX}
            placeholder="Web Development Internship"
          />
          <Input label="Issue Date" type="date" required {...text('issue_date')} />
          <Input label="Expiry Date" type="date" {...text('expiry_date')} hint="Leave empty if it never expires." />
          <Input label="Duration" {...text('duration')} maxLength={CERTIFICATE_DURATION_MAX} placeholder="3 months" />
          <Select
            label="Status"
            name="status"
            value={values.status}
            error={errors.status}
            onChange={(event) => set('status', event.target.value as CertificateStatus)}
          >
            {certificateStatuses.map((status) => (
              <option key={status} value={status}>
                {certificateStatusLabels[status]}
              </option>
            ))}
          </Select>
          {values.status === 'revoked' && (
            <Textarea
              label="Reason for revoking"
              required
              rows={2}
              {...text('revocation_reason')}
              maxLength={CERTIFICATE_REVOCATION_REASON_MAX}
              hint={
                certificate?.revoked_at
                  ? `Revoked on ${formatLongDate(certificate.revoked_at.slice(0, 10))}. For staff only: the verification page shows the date, never the reason.`
                  : 'For staff only: the verification page shows the date, never the reason.'
              }
              containerClassName="sm:col-span-2"
            />
          )}
          <Textarea
            label="Description"
            rows={4}
            {...text('description')}
            maxLength={CERTIFICATE_DESCRIPTION_MAX}
            hint="Shown on the verification page."
            containerClassName="sm:col-span-2"
          />
          <p className="text-xs text-slate-500 sm:col-span-2">
            A certificate past its expiry date verifies as expired by itself; there is no need to change its status.
          </p>
        </form>
      </Card>

      <EditorActionBar
        cancelTo={listUrl}
        formId={formId}
        busy={busy}
        submitLabel={busy ? 'Saving...' : editing ? 'Update Certificate' : 'Create Certificate'}
      />
      {guard.dialog}
    </div>
  );
}
