import { stringify } from 'csv-stringify/browser/esm/sync';
import { LoaderCircle } from '../../components/icons';
import { Download, FileUp } from '../../components/admin/icons';
import { useId, useState } from 'react';
import type { CertificateImportPreview } from '../../../shared/contracts/certificates';
import {
  CERTIFICATE_IMPORT_MAX_BYTES,
  CERTIFICATE_IMPORT_MAX_ROWS,
  CertificateMessage,
  certificateCsvColumns,
  recipientTypeLabels,
} from '../../../shared/contracts/certificates.values';
import { Alert } from '../../components/alert';
import { formatShortDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { DIALOG_PANEL_BASE_CLASS, DialogTitle, ModalDialog } from '../../components/dialog';
import { userMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { downloadTextFile } from '../../lib/download-file';
import { previewImport, runImport } from './certificates-admin-api';

export const TEMPLATE_FILENAME = 'certificates-template.csv';

/** The template: the columns in order, and one example row (a blank number is generated). */
export function certificateCsvTemplate(): string {
  const example: Record<(typeof certificateCsvColumns)[number], string> = {
    certificate_number: '',
    recipient_name: 'Hamza Ali',
    recipient_type: 'intern',
    course_name: 'Web Development Internship',
    issue_date: '2026-01-15',
    expiry_date: '2027-01-15',
    duration: '6 months',
    description: 'Completed the programme, contributing to two client projects.',
  };
  return stringify([[...certificateCsvColumns], certificateCsvColumns.map((column) => example[column])]);
}

type Step =
  | { kind: 'choose' }
  | { kind: 'previewing'; name: string }
  | { kind: 'preview'; name: string; csv: string; preview: CertificateImportPreview }
  | { kind: 'importing'; name: string; csv: string; preview: CertificateImportPreview };

/**
 * Bulk issue from a CSV file: choose the file, see what will be created and which rows are refused (with
 * their line and reasons), then create them all in one transaction. Nothing is written before Import.
 */
export function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (message: string) => void;
}) {
  const titleId = useId();
  const fileId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = step.kind === 'previewing' || step.kind === 'importing';

  function reset() {
    setStep({ kind: 'choose' });
    setFailure(null);
  }

  function close() {
    reset();
    onClose();
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    if (file.size > CERTIFICATE_IMPORT_MAX_BYTES) {
      setFailure(CertificateMessage.IMPORT_TOO_LARGE);
      return;
    }
    setStep({ kind: 'previewing', name: file.name });
    try {
      const csv = await file.text();
      const preview = await previewImport(csv);
      setStep({ kind: 'preview', name: file.name, csv, preview });
    } catch (error) {
      setStep({ kind: 'choose' });
      setFailure(userMessage(error, { surface: 'admin', fallback: CertificateMessage.SAVE_FAILED }));
    }
  }

  async function confirm() {
    if (step.kind !== 'preview') return;
    setFailure(null);
    setStep({ ...step, kind: 'importing' });
    try {
      const { result, message } = await runImport(step.csv, step.preview.rows.length);
      reset();
      onImported(message ?? CertificateMessage.IMPORTED.replace('{count}', String(result.created.length)));
    } catch (error) {
      setStep({ ...step, kind: 'preview' });
      setFailure(userMessage(error, { surface: 'admin', fallback: CertificateMessage.SAVE_FAILED }));
    }
  }

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step.preview : null;
  const count = preview?.rows.length ?? 0;
  const fileName = step.kind === 'choose' ? '' : step.name;

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={close}
      aria-labelledby={titleId}
      className={cn(DIALOG_PANEL_BASE_CLASS, 'max-w-3xl')}
    >
      <div className="flex max-h-[85vh] flex-col gap-4 p-6">
        <DialogTitle id={titleId}>Import certificates from CSV</DialogTitle>

        {!preview && (
          <>
            <p className="text-sm text-slate-600">
              One certificate a row, at most {CERTIFICATE_IMPORT_MAX_ROWS} rows and{' '}
              {CERTIFICATE_IMPORT_MAX_BYTES / 1024} KB. Required columns: recipient_name, recipient_type (intern,
              employee or client) and issue_date (YYYY-MM-DD). Leave certificate_number blank to have one generated. You
              will see what is created before anything is saved.
            </p>
            <div className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5 sm:flex-row sm:items-center">
              <label htmlFor={fileId} className="flex-1 text-sm font-medium text-slate-800">
                CSV file
                <input
                  id={fileId}
                  type="file"
                  accept=".csv,text/csv"
                  disabled={busy}
                  className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-700"
                  onChange={(event) => {
                    void choose(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </label>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => downloadTextFile(certificateCsvTemplate(), TEMPLATE_FILENAME, 'text/csv;charset=utf-8')}
              >
                <Download aria-hidden="true" />
                Download template
              </Button>
            </div>
            {step.kind === 'previewing' && (
              <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                Reading {step.name}…
              </p>
            )}
          </>
        )}

        {failure && <Alert tone="error">{failure}</Alert>}

        {preview && (
          <div className="flex min-h-0 flex-col gap-3">
            <p className="text-sm text-slate-700" role="status" data-import-summary="">
              <span className="font-semibold break-all">{fileName}</span>: {count}{' '}
              {count === 1 ? 'certificate' : 'certificates'} will be created
              {preview.refused.length > 0 &&
                `, ${preview.refused.length} ${preview.refused.length === 1 ? 'row is' : 'rows are'} refused`}
              .
            </p>
            <div className="min-h-0 overflow-auto rounded-xl border border-slate-200">
              {count > 0 && (
                <table className="w-full text-left text-xs" aria-label="Certificates to create">
                  <thead className="sticky top-0 bg-slate-50 font-semibold tracking-wide text-slate-600 uppercase">
                    <tr>
                      <th className="px-3 py-2">Line</th>
                      <th className="px-3 py-2">Number</th>
                      <th className="px-3 py-2">Recipient</th>
                      <th className="px-3 py-2">Type</th>
                      <th className="px-3 py-2">Course</th>
                      <th className="px-3 py-2">Issued</th>
                      <th className="px-3 py-2">Expires</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {preview.rows.map((row) => (
                      <tr key={row.line} data-import-row={row.line}>
                        <td className="px-3 py-2 text-slate-500">{row.line}</td>
                        <td className="px-3 py-2 font-mono whitespace-nowrap">
                          {row.certificate_number ?? <span className="font-sans text-slate-500">generated</span>}
                        </td>
                        <td className="px-3 py-2 break-words">{row.recipient_name}</td>
                        <td className="px-3 py-2">{recipientTypeLabels[row.recipient_type]}</td>
                        <td className="px-3 py-2 break-words">{row.course_name ?? '—'}</td>
                        <td className="px-3 py-2 whitespace-nowrap">{formatShortDate(row.issue_date)}</td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          {row.expiry_date ? formatShortDate(row.expiry_date) : 'Never'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {preview.refused.length > 0 && (
                <div className="border-t border-slate-200 bg-red-50/60 p-3">
                  <p className="text-xs font-semibold tracking-wide text-red-800 uppercase">Refused rows</p>
                  <ul className="mt-2 flex flex-col gap-1.5 text-sm text-red-900" aria-label="Refused rows">
                    {preview.refused.map((refusal) => (
                      <li key={refusal.line} data-refused-line={refusal.line}>
                        <span className="font-semibold">Line {refusal.line}:</span>{' '}
                        {refusal.errors.map((error) => error.message).join('; ')}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          </div>
        )}

        <div className="mt-auto flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          <div className="flex-1">
            {preview && (
              <Button variant="ghost" size="sm" onClick={reset} disabled={busy}>
                <FileUp aria-hidden="true" />
                Choose another file
              </Button>
            )}
          </div>
          <Button variant="secondary" size="sm" onClick={close} disabled={busy}>
            Cancel
          </Button>
          {preview && (
            <Button size="sm" onClick={() => void confirm()} disabled={busy || count === 0}>
              {step.kind === 'importing' && <LoaderCircle className="animate-spin" aria-hidden="true" />}
              {count === 1 ? 'Import 1 certificate' : `Import ${count} certificates`}
            </Button>
          )}
        </div>
      </div>
    </ModalDialog>
  );
}
