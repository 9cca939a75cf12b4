import { Link2 } from '../../components/icons';
import { Ban, FileDown, FileUp, Plus } from '../../components/admin/icons';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { Certificate, CertificateStatus, RecipientType } from '../../../shared/contracts/certificates';
import {
  CertificateMessage,
  certificateStatuses,
  certificateStatusLabels,
  recipientTypeLabels,
  recipientTypes,
} from '../../../shared/contracts/certificates.values';
import { ConfirmPendingDelete } from '../../components/admin/confirm-delete-dialog';
import { ListContent } from '../../components/admin/list-states';
import { ListPagination } from '../../components/admin/pagination-footer';
import { actionLabelClass, type ActionLabels } from '../../components/admin/row-actions';
import { SearchField } from '../../components/admin/search-field';
import { SelectableList, TitleLink, type TableColumn } from '../../components/admin/selectable-list';
import { useAdminList } from '../../components/admin/use-admin-list';
import type { NoticeHandover } from '../../components/admin/use-handed-notice';
import { useListActions } from '../../components/admin/use-list-actions';
import { formatShortDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { NoticeAlert } from '../../components/notice';
import { Select } from '../../components/select';
import { userMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { downloadBlob } from '../../lib/download-file';
import { toast } from '../../lib/notifications';
import { CertificateStatusBadge } from './certificate-badges';
import {
  certificationPath,
  isFiltered,
  readCertificateListState,
  writeCertificateListState,
} from './certificate-paths';
import {
  CERTIFICATES_UPDATE,
  deleteCertificate,
  fetchCertificatePdf,
  fetchCertificates,
  type CertificatePage,
} from './certificates-admin-api';
import { ImportDialog } from './import-dialog';
import { RevokeDialog } from './revoke-dialog';

/** Location state the form leaves behind after a save ("Certificate SST-… created successfully"). */
export type CertificatesListState = NoticeHandover;

export const LINK_COPIED = 'Verification link copied';
export const LINK_COPY_FAILED = 'Could not copy the link. Open the verification page and copy its address.';
export const PDF_FAILED = 'Failed to download the certificate PDF. Please try again.';

/** A row as the shared list shows it: its title is the number and the recipient. */
type CertificateRow = Certificate & { title: string };
const asRow = (certificate: Certificate): CertificateRow => ({
  ...certificate,
  title: `${certificate.certificate_number} · ${certificate.recipient_name}`,
});

async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(LINK_COPIED);
  } catch {
    toast.error(LINK_COPY_FAILED);
  }
}

/** Certification › list: search and filters in the URL, table (cards on phones), pages, and the row actions. */
export function CertificatesList({ canEdit }: { canEdit: boolean }) {
  const { search } = useLocation();
  const list = useAdminList({
    readQuery: readCertificateListState,
    writeQuery: writeCertificateListState,
    fetchPage: fetchCertificates,
    rowsOf: (data: CertificatePage) => data.certificates.map(asRow),
    loadFailed: CertificateMessage.LOAD_FAILED,
    updates: CERTIFICATES_UPDATE,
    name: 'certificates',
  });
  const actions = useListActions(list, {
    deleteItem: (certificate: CertificateRow) => deleteCertificate(certificate.id),
    deleted: CertificateMessage.DELETED,
    deleteFailed: CertificateMessage.DELETE_FAILED,
  });
  const [revoking, setRevoking] = useState<Certificate | null>(null);
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const { query: state, setQuery: setState } = list;
  const editTo = (certificate: Certificate) => certificationPath({ kind: 'edit', id: certificate.id }, search);
  const counts = list.data?.counts;

  async function download(certificate: Certificate) {
    setDownloading(certificate.id);
    try {
      downloadBlob(await fetchCertificatePdf(certificate.id), `${certificate.certificate_number}.pdf`);
    } catch (error) {
      const detail = userMessage(error, { surface: 'admin', fallback: PDF_FAILED });
      actions.setNotice({ type: 'error', title: PDF_FAILED, detail: detail === PDF_FAILED ? undefined : detail });
    } finally {
      setDownloading(null);
    }
  }

  function announce(title: string) {
    actions.setNotice({ type: 'success', title });
    list.reload();
  }

  const rowActions = (certificate: CertificateRow, labels: ActionLabels) => {
    const label = actionLabelClass(labels);
    const inTable = labels !== 'always';
    return (
      <>
        <Button
          variant="ghost"
          size="sm"
          disabled={downloading === certificate.id}
          onClick={() => void download(certificate)}
          aria-label={`Download the PDF of ${certificate.certificate_number}`}
          title="Download PDF"
        >
          <FileDown aria-hidden="true" />
          <span className={label}>PDF</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void copyLink(certificate.verify_url)}
          aria-label={`Copy the verification link of ${certificate.certificate_number}`}
          title="Copy verification link"
        >
          <Link2 aria-hidden="true" />
          <span className={label}>Link</span>
        </Button>
        {canEdit && certificate.effective_status !== 'revoked' && (
          <Button
            variant="ghost"
            size="sm"
            className="text-amber-800 hover:bg-amber-50"
            disabled={actions.acting}
            onClick={() => setRevoking(certificate)}
            aria-label={`Revoke ${certificate.certificate_number}`}
            title="Revoke"
          >
            <Ban aria-hidden="true" />
            <span className={label}>Revoke</span>
          </Button>
        )}
        {canEdit && inTable && certificate.effective_status === 'revoked' && (
          // Holds the Revoke button's place, so Edit and Delete stay in one column down the table.
          <Button variant="ghost" size="sm" className="invisible" disabled tabIndex={-1} aria-hidden="true">
            <Ban aria-hidden="true" />
            <span className={label}>Revoke</span>
          </Button>
        )}
      </>
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Certificates</h2>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
              <FileUp aria-hidden="true" />
              Import CSV
            </Button>
            <Button to={certificationPath({ kind: 'new' }, search)} size="sm">
              <Plus aria-hidden="true" />
              Add Certificate
            </Button>
          </div>
        )}
      </div>

      <NoticeAlert notice={actions.notice} onDismiss={() => actions.setNotice(null)} />

      <Card padding="sm" className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <SearchField
            label="Search certificates"
            placeholder="Search number, recipient or course"
            value={list.searchInput}
            onChange={list.setSearchInput}
          />
          <Select
            label="Recipient type"
            hideLabel
            value={state.type}
            onChange={(event) => setState({ type: event.target.value as RecipientType | '' })}
          >
            <option value="">All types</option>
            {recipientTypes.map((type) => (
              <option key={type} value={type}>
                {recipientTypeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
        <StatusChips value={state.status} counts={counts} onChange={(status) => setState({ status })} />
      </Card>

      <ListContent
        list={list}
        loadingLabel="Loading certificates…"
        emptyText={isFiltered(state) ? CertificateMessage.EMPTY_SEARCH : CertificateMessage.EMPTY_NONE}
      >
        <SelectableList
          items={list.rows}
          label="Certificates"
          selectAllLabel="Select all certificates on this page"
          canEdit={canEdit}
          selectable={false}
          selection={list.selection}
          rowData={(certificate) => ({ 'data-certificate': certificate.certificate_number })}
          columns={certificateColumns(editTo, canEdit)}
          body={(certificate) => <CertificateCardBody certificate={certificate} />}
          editTo={editTo}
          viewHref={(certificate) => certificate.verify_url}
          onDelete={actions.askDelete}
          disabled={actions.acting}
          // Six buttons: with their words the table would not fit beside its columns at any width.
          tableLabels="never"
          extraActions={rowActions}
        />
      </ListContent>

      <ListPagination label="Certificate pages" plural="certificates" {...list.paging} />

      <ConfirmPendingDelete
        {...actions.confirm}
        titles={{ one: 'Delete certificate?', many: 'Delete certificates?' }}
        question={() => CertificateMessage.DELETE_CONFIRM}
        consequence={(count) =>
          count === 1
            ? 'Its verification page will answer “not found”. To keep the record and show it as no longer valid, revoke it instead. This cannot be undone.'
            : 'Their verification pages will answer “not found”. To keep the records and show them as no longer valid, revoke them instead. This cannot be undone.'
        }
      />

      <RevokeDialog
        certificate={revoking}
        onCancel={() => setRevoking(null)}
        onRevoked={(message) => {
          setRevoking(null);
          announce(message);
        }}
      />

      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(message) => {
          setImporting(false);
          announce(message);
        }}
      />
    </div>
  );
}

/** All, Active, Expired, Revoked, each with its count (over every certificate, today's status). */
function StatusChips({
  value,
  counts,
  onChange,
}: {
  value: CertificateStatus | '';
  counts: CertificatePage['counts'] | undefined;
  onChange: (status: CertificateStatus | '') => void;
}) {
  const chips: Array<{ status: CertificateStatus | ''; label: string; count?: number }> = [
    { status: '', label: 'All', count: counts?.all },
    ...certificateStatuses.map((status) => ({
      status,
      label: certificateStatusLabels[status],
      count: counts?.[status],
    })),
  ];
  return (
    <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
      {chips.map((chip) => {
        const pressed = chip.status === value;
        return (
          <button
            key={chip.label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(chip.status)}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition ring-inset',
              pressed
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {chip.label}
            {chip.count !== undefined && (
              <span
                className={cn(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  pressed ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-600',
                )}
              >
                {chip.count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function IssueDate({ certificate }: { certificate: Certificate }) {
  return <time dateTime={certificate.issue_date}>{formatShortDate(certificate.issue_date)}</time>;
}

function certificateColumns(
  editTo: (certificate: CertificateRow) => string,
  canEdit: boolean,
): ReadonlyArray<TableColumn<CertificateRow>> {
  // Fits its card at every width (about 680 px at its narrowest, 1020 px whole): Type and Issue Date from 60rem,
  // Course from 68rem; till then each is a line under the recipient.
  return [
    {
      header: 'Number',
      cellClassName: 'px-4 py-3 whitespace-nowrap font-mono text-[13px]',
      cell: (certificate) => (
        <TitleLink title={certificate.certificate_number} editTo={editTo(certificate)} canEdit={canEdit} />
      ),
    },
    {
      header: 'Recipient',
      cellClassName: 'min-w-36 px-4 py-3',
      cell: (certificate) => (
        <>
          <span className="line-clamp-2 font-medium break-words text-slate-900">{certificate.recipient_name}</span>
          <span className="mt-0.5 block text-xs text-slate-500 @min-[60rem]:hidden">
            {recipientTypeLabels[certificate.recipient_type]} · <IssueDate certificate={certificate} />
          </span>
          {certificate.course_name && (
            <span className="mt-0.5 line-clamp-1 text-xs text-slate-500 @min-[68rem]:hidden">
              {certificate.course_name}
            </span>
          )}
        </>
      ),
    },
    {
      header: 'Type',
      headerClassName: 'hidden @min-[60rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap text-slate-700 @min-[60rem]:table-cell',
      cell: (certificate) => recipientTypeLabels[certificate.recipient_type],
    },
    {
      header: 'Issue Date',
      headerClassName: 'hidden @min-[60rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap text-slate-700 @min-[60rem]:table-cell',
      cell: (certificate) => <IssueDate certificate={certificate} />,
    },
    {
      header: 'Course',
      headerClassName: 'hidden @min-[68rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 text-slate-700 @min-[68rem]:table-cell',
      cell: (certificate) => <span className="line-clamp-2">{certificate.course_name ?? '—'}</span>,
    },
    {
      header: 'Status',
      cellClassName: 'px-4 py-3',
      cell: (certificate) => <CertificateStatusBadge status={certificate.effective_status} />,
    },
  ];
}

function CertificateCardBody({ certificate }: { certificate: Certificate }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="font-mono text-sm font-semibold text-slate-900">{certificate.certificate_number}</p>
        <CertificateStatusBadge status={certificate.effective_status} />
      </div>
      <p className="mt-1 font-medium break-words text-slate-900">{certificate.recipient_name}</p>
      <p className="mt-0.5 text-sm break-words text-slate-600">
        {recipientTypeLabels[certificate.recipient_type]}
        {certificate.course_name ? ` · ${certificate.course_name}` : ''}
      </p>
      <p className="mt-2 text-xs text-slate-500">
        Issued <IssueDate certificate={certificate} />
      </p>
    </>
  );
}
