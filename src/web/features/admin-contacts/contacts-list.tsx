import { ChevronLeft, ChevronRight, Eye, Mail } from '../../components/icons';
import { Download, ListRestart, MailCheck, UserCheck } from '../../components/admin/icons';
import { useEffect, useRef, useState } from 'react';
import type { ContactSummary } from '../../../shared/contracts/contacts';
import {
  ContactMessage,
  contactName,
  CONTACTS_PAGE_SIZE,
  CONTACTS_REFRESH_MS,
  messagePreview,
} from '../../../shared/contracts/contacts.values';
import { formatMessage } from '../../../shared/errors';
import { BulkActionBar } from '../../components/admin/bulk-action-bar';
import { ConfirmPendingDelete } from '../../components/admin/confirm-delete-dialog';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { actionLabelClass, type ActionLabels } from '../../components/admin/row-actions';
import { SelectableCards, SelectableTable, type TableColumn } from '../../components/admin/selectable-list';
import { useAdminList } from '../../components/admin/use-admin-list';
import { useListActions } from '../../components/admin/use-list-actions';
import { Button } from '../../components/button';
import { failureNotice, NoticeAlert } from '../../components/notice';
import { cn } from '../../lib/cn';
import { mailtoHref } from '../../lib/contact-links';
import { toast } from '../../lib/notifications';
import { downloadTextFile } from '../../lib/download-file';
import { FailedSubmissionLine, FollowUpLine, PriorityLabel, StatusBadge } from './contact-badges';
import { ContactsFilters } from './contacts-filters';
import { formatDate } from '../../lib/date-time';
import { bulkContacts, deleteContact, fetchContacts, fetchContactsCsv } from './contacts-admin-api';
import { EmailText } from '../../components/admin/email-text';
import {
  contactsPath,
  defaultContactsQuery,
  exportFilename,
  readContactsQuery,
  showingSummary,
  writeContactsQuery,
  type ContactsQuery,
} from './contacts-query';

/** A contact as the shared list components want it: `title` names it for the checkbox labels. */
type ContactRow = ContactSummary & { title: string };

async function fetchContactPage(query: ContactsQuery) {
  const data = await fetchContacts(query);
  return {
    rows: data.contacts.map((contact): ContactRow => ({ ...contact, title: contactName(contact) })),
    total: data.pagination.total,
    pages: Math.max(1, data.pagination.totalPages),
  };
}

export function bulkDeleteQuestion(count: number): string {
  return count === 1 ? ContactMessage.CONFIRM_DELETE : formatMessage(ContactMessage.CONFIRM_BULK_DELETE, { count });
}

type BulkOperation = 'contacted' | 'qualified';

/**
 * Contacts › list: search, status and priority filters and the page in the address; a table (cards on
 * phones) with the message preview and the failed-submission line; bulk Mark Contacted / Mark Qualified /
 * Delete for those who may change contacts; Export CSV of the filtered list. It loads again every five
 * minutes, on every change of page, filter or search, and when contacts change elsewhere.
 */
export function ContactsList({ canEdit }: { canEdit: boolean }) {
  const list = useAdminList({
    readQuery: readContactsQuery,
    writeQuery: writeContactsQuery,
    fetchPage: fetchContactPage,
    rowsOf: (data) => data.rows,
    loadFailed: ContactMessage.LOAD_FAILED_INLINE,
    updates: 'contacts',
    name: 'contacts',
  });
  const actions = useListActions(list, {
    deleteItem: (contact: ContactRow) => deleteContact(contact.id),
    deleted: ContactMessage.DELETED,
    deleteFailed: ContactMessage.DELETE_FAILED,
    bulk: async (operation: BulkOperation | 'delete', ids) => {
      const request =
        operation === 'delete'
          ? ({ operation: 'delete', contactIds: ids } as const)
          : ({ operation: 'status', contactIds: ids, status: operation } as const);
      const { affected } = await bulkContacts(request);
      return {
        text: operation === 'delete' ? ContactMessage.BULK_DELETED : ContactMessage.BULK_UPDATED,
        succeeded: affected,
        failures: [],
      };
    },
    bulkFailed: (error) => {
      toast.error(ContactMessage.BULK_FAILED);
      return failureNotice(ContactMessage.BULK_FAILED, error);
    },
  });
  const { query, setQuery, reload, loadError } = list;
  const { selectedIds } = list.selection;
  const [exporting, setExporting] = useState(false);

  // Every five minutes; the page, filter and search changes reload through the address.
  useEffect(() => {
    const timer = setInterval(reload, CONTACTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  // Each failed load is also a toast (the inline box stays with its Retry).
  const toasted = useRef(loadError);
  useEffect(() => {
    if (loadError && loadError !== toasted.current) toast.error(ContactMessage.LOAD_FAILED);
    toasted.current = loadError;
  }, [loadError]);

  async function exportCsv() {
    setExporting(true);
    try {
      const csv = await fetchContactsCsv(query);
      downloadTextFile(csv, exportFilename(), 'text/csv;charset=utf-8');
    } catch (error) {
      const notice = failureNotice(ContactMessage.EXPORT_FAILED, error);
      actions.setNotice(notice);
      toast.error(notice.detail ?? notice.title, notice.title);
    } finally {
      setExporting(false);
    }
  }

  const filtered = query.search !== '' || query.status !== '' || query.priority !== '';
  const total = list.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Contact Requests</h2>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              list.setSearchInput('');
              if (filtered || query.page > 1) setQuery(defaultContactsQuery);
              else reload();
            }}
          >
            <ListRestart aria-hidden="true" />
            View All
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void exportCsv()} disabled={exporting || total === 0}>
            <Download aria-hidden="true" />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
      </div>

      <NoticeAlert notice={actions.notice} onDismiss={() => actions.setNotice(null)} />

      <ContactsFilters query={query} setQuery={setQuery} search={list.searchInput} onSearch={list.setSearchInput} />

      {canEdit && selectedIds.length > 0 && (
        <BulkActionBar count={selectedIds.length} disabled={actions.acting} onDelete={actions.askBulkDelete}>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('contacted')}>
            <MailCheck aria-hidden="true" />
            Mark Contacted
          </Button>
          <Button size="sm" variant="secondary" disabled={actions.acting} onClick={() => actions.runBulk('qualified')}>
            <UserCheck aria-hidden="true" />
            Mark Qualified
          </Button>
        </BulkActionBar>
      )}

      {loadError ? (
        <ListLoadError title={ContactMessage.LOAD_FAILED_INLINE} onRetry={reload} retryLabel="Retry">
          {loadError.detail}
        </ListLoadError>
      ) : !list.data ? (
        <ListSkeleton label="Loading contacts…" rows={5} rowClassName="h-16 rounded-xl" />
      ) : list.rows.length === 0 ? (
        <EmptyList>{ContactMessage.EMPTY}</EmptyList>
      ) : (
        <div aria-busy={list.loading} className={cn('transition-opacity', list.loading && 'opacity-60')}>
          <SelectableTable
            items={list.rows}
            label="Contact requests"
            selectAllLabel="Select all contacts on this page"
            canEdit={canEdit}
            selection={list.selection}
            rowData={contactRowData}
            columns={contactColumns(query)}
          />
          <SelectableCards
            items={list.rows}
            label="Contact requests"
            selectAllLabel="Select all contacts on this page"
            canEdit={canEdit}
            selection={list.selection}
            rowData={contactRowData}
            body={(contact) => <ContactCardBody contact={contact} />}
            actions={(contact) => <ContactActions contact={contact} query={query} labels="always" />}
          />
        </div>
      )}

      {list.data && list.data.pages > 1 && (
        <ContactsPagination
          page={query.page}
          pages={list.data.pages}
          total={total}
          shown={list.rows.length}
          loading={list.loading}
          onPage={list.paging.onPage}
        />
      )}

      <ConfirmPendingDelete
        {...actions.confirm}
        titles={{ one: 'Delete contact?', many: 'Delete contacts?' }}
        question={bulkDeleteQuestion}
        consequence={(count) =>
          count === 1
            ? 'Its notes go with it. This cannot be undone.'
            : 'Their notes go with them. This cannot be undone.'
        }
      />
    </div>
  );
}

const contactRowData = (contact: ContactRow) => ({
  'data-contact': String(contact.id),
  'data-read': contact.read ? 'true' : 'false',
});

/** Name (bold with a dot while unread), the message preview and the failed-submission line. */
function NameCell({ contact }: { contact: ContactRow }) {
  return (
    <div className="min-w-0">
      <p className="flex items-center gap-2">
        {!contact.read && (
          <span className="size-2 shrink-0 rounded-full bg-brand-600" title="Unread">
            <span className="sr-only">Unread: </span>
          </span>
        )}
        <span className={cn('break-words text-slate-900', contact.read ? 'font-medium' : 'font-bold')}>
          {contact.title}
        </span>
      </p>
      <p className="mt-0.5 line-clamp-2 text-xs break-words text-slate-500" data-preview>
        {messagePreview(contact.message)}
      </p>
      <FollowUpLine on={contact.follow_up_on} className="mt-1" />
      <FailedSubmissionLine message={contact.error_message} className="mt-1" />
    </div>
  );
}

function ContactDate({ contact, className }: { contact: ContactRow; className?: string }) {
  return (
    <time dateTime={contact.created_at} className={className}>
      {formatDate(contact.created_at)}
    </time>
  );
}

function contactColumns(query: ContactsQuery): ReadonlyArray<TableColumn<ContactRow>> {
  return [
    // Fits its card at every width (about 610 px at its narrowest, with a service and a "Contacted" badge about
    // 950 px whole): Date from 52rem (till then under the status), Priority from 58rem, Service from 64rem. The
    // buttons keep to their icons: with their words the whole table would not fit the widest card.
    {
      header: 'Name',
      cellClassName: 'min-w-40 px-4 py-3',
      cell: (contact) => (
        <>
          <NameCell contact={contact} />
          {/* Until the Service column has room, the service is said under the name. */}
          {contact.service && (
            <p className="mt-1 text-xs text-slate-600 @min-[64rem]:hidden" data-service-under-name>
              Service: {contact.service}
            </p>
          )}
        </>
      ),
    },
    {
      header: 'Email',
      // On one line a long address pushed Actions out of the table. It wraps after its @ and before its dots
      // (EmailText) first; only a part wider than the column's 12rem breaks inside a word.
      cellClassName: 'min-w-48 px-4 py-3 text-slate-700 wrap-anywhere',
      cell: (contact) => <EmailText email={contact.email} />,
    },
    {
      header: 'Service',
      cellClassName: 'hidden px-4 py-3 text-slate-700 @min-[64rem]:table-cell',
      headerClassName: 'hidden @min-[64rem]:table-cell',
      cell: (contact) => contact.service ?? <span className="text-slate-400">—</span>,
    },
    {
      header: 'Status',
      cellClassName: 'px-4 py-3',
      cell: (contact) => (
        <>
          <StatusBadge status={contact.status} />
          <ContactDate
            contact={contact}
            className="mt-1 block text-xs whitespace-nowrap text-slate-500 @min-[52rem]:hidden"
          />
        </>
      ),
    },
    {
      header: 'Priority',
      cellClassName: 'hidden px-4 py-3 @min-[58rem]:table-cell',
      headerClassName: 'hidden @min-[58rem]:table-cell',
      cell: (contact) => <PriorityLabel priority={contact.priority} />,
    },
    {
      header: 'Date',
      headerClassName: 'hidden @min-[52rem]:table-cell',
      cellClassName: 'hidden px-4 py-3 whitespace-nowrap text-slate-600 @min-[52rem]:table-cell',
      cell: (contact) => <ContactDate contact={contact} />,
    },
    {
      header: 'Actions',
      headerClassName: 'text-right',
      cellClassName: 'px-2 py-2',
      cell: (contact) => <ContactActions contact={contact} query={query} labels="never" />,
    },
  ];
}

/** View (the contact's own screen) and Email (the visitor's mail program). */
function ContactActions({
  contact,
  query,
  labels,
}: {
  contact: ContactRow;
  query: ContactsQuery;
  labels: ActionLabels;
}) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        to={contactsPath(query, contact.id)}
        variant="ghost"
        size="sm"
        aria-label={`View ${contact.title}`}
        title="View"
      >
        <Eye aria-hidden="true" />
        <span className={actionLabelClass(labels)}>View</span>
      </Button>
      <Button
        href={mailtoHref(contact.email)}
        variant="ghost"
        size="sm"
        aria-label={`Email ${contact.title}`}
        title="Email"
      >
        <Mail aria-hidden="true" />
        <span className={actionLabelClass(labels)}>Email</span>
      </Button>
    </div>
  );
}

function ContactCardBody({ contact }: { contact: ContactRow }) {
  return (
    <>
      <NameCell contact={contact} />
      <p className="mt-2 text-sm break-words text-slate-700">
        <EmailText email={contact.email} />
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <StatusBadge status={contact.status} />
        <PriorityLabel priority={contact.priority} />
      </div>
      <p className="mt-2 text-xs text-slate-500">
        <time dateTime={contact.created_at}>{formatDate(contact.created_at)}</time>
        {contact.service && <> · {contact.service}</>}
      </p>
    </>
  );
}

/** "Showing X to Y of Z contacts", Previous, "Page N of M", Next. */
function ContactsPagination({
  page,
  pages,
  total,
  shown,
  loading,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  shown: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const current = Math.min(page, pages);
  return (
    <nav aria-label="Contact pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" data-pagination-summary>
        {showingSummary(current, CONTACTS_PAGE_SIZE, shown, total)}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={current <= 1 || loading} onClick={() => onPage(current - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="text-sm whitespace-nowrap text-slate-700" aria-current="page">
          Page {current} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={current >= pages || loading}
          onClick={() => onPage(current + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
