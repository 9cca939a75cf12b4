import { Download, Trash2 } from '../../components/admin/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { NewsletterListData, NewsletterSubscriber } from '../../../shared/contracts/newsletter';
import {
  NewsletterMessage,
  subscriberStatusLabels,
  subscriberStatuses,
  type SubscriberStatus,
} from '../../../shared/contracts/newsletter.values';
import { EmailText } from '../../components/admin/email-text';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { pageSummary, PaginationFooter } from '../../components/admin/pagination-footer';
import { SearchField } from '../../components/admin/search-field';
import { useDebouncedSearch } from '../../components/admin/use-debounced-search';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Select } from '../../components/select';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/notifications';
import { deleteSubscriber, fetchSubscribers, fetchSubscribersCsv, type SubscriberFilters } from './blog-admin-api';
import { downloadTextFile } from '../../lib/download-file';
import { useFormatDateTime } from '../../lib/date-time';

const statusOptions: { value: SubscriberFilters['status']; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  ...subscriberStatuses.map((status) => ({ value: status, label: subscriberStatusLabels[status] })),
];

const statusTones: Record<SubscriberStatus, BadgeTone> = {
  pending: 'warning',
  subscribed: 'success',
  unsubscribed: 'neutral',
  bounced: 'danger',
};

function exportFilename(): string {
  return `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Blog › Subscribers: the newsletter sign-ups, newest first, searchable by address and filterable by
 * status, exportable as CSV. Addresses are shown as text only.
 */
export function SubscribersSection({ canEdit }: { canEdit: boolean }) {
  const [filters, setFilters] = useState<SubscriberFilters>({ search: '', status: 'all' });
  const [page, setPage] = useState(1);
  const loaded = useQuery({
    queryKey: ['newsletter', 'subscribers', filters, page],
    queryFn: () => fetchSubscribers(filters, page),
    placeholderData: keepPreviousData,
  });
  const data: NewsletterListData | null = loaded.data ?? null;
  const loading = loaded.isFetching;
  const loadError = loaded.error ? failureNotice('Failed to load subscribers', loaded.error) : null;
  const { refetch } = loaded;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<NewsletterSubscriber | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const reload = useCallback(() => void refetch(), [refetch]);

  // The list follows the search box a moment after typing stops, from its first page.
  const commitSearch = useCallback((search: string) => {
    setFilters((current) => ({ ...current, search }));
    setPage(1);
  }, []);
  const [searchInput, setSearchInput] = useDebouncedSearch(filters.search, commitSearch);

  async function exportCsv() {
    setExporting(true);
    try {
      const csv = await fetchSubscribersCsv(filters);
      downloadTextFile(csv, exportFilename(), 'text/csv;charset=utf-8');
      toast.success('Subscribers exported');
    } catch (error) {
      setNotice(failureNotice('Failed to export subscribers', error));
    } finally {
      setExporting(false);
    }
  }

  async function confirmDelete() {
    if (!pending) return;
    setDeleting(true);
    try {
      const { message } = await deleteSubscriber(pending.id);
      const title = message || NewsletterMessage.SUBSCRIBER_DELETED;
      setNotice({ type: 'success', title });
      if (data && data.subscribers.length === 1 && page > 1) setPage(page - 1);
      else reload();
    } catch (error) {
      setNotice(failureNotice('Failed to delete subscriber', error));
    } finally {
      setDeleting(false);
      setPending(null);
    }
  }

  const total = data?.pagination.total ?? 0;
  const pages = Math.max(1, data?.pagination.pages ?? 1);
  const filtered = filters.search !== '' || filters.status !== 'all';

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Newsletter Subscribers</h2>
        <Button size="sm" variant="secondary" onClick={() => void exportCsv()} disabled={exporting || total === 0}>
          <Download aria-hidden="true" />
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <Card padding="sm" className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <SearchField
          label="Search subscribers"
          placeholder="Search by email"
          value={searchInput}
          onChange={setSearchInput}
        />
        <Select
          label="Subscription status"
          hideLabel
          value={filters.status}
          onChange={(event) => {
            setFilters({ ...filters, status: event.target.value as SubscriberFilters['status'] });
            setPage(1);
          }}
        >
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Card>

      {loadError ? (
        <ListLoadError title={loadError.title} onRetry={reload}>
          {loadError.detail}
        </ListLoadError>
      ) : !data ? (
        <ListSkeleton label="Loading subscribers…" rows={4} rowClassName="h-12 rounded-lg" />
      ) : data.subscribers.length === 0 ? (
        <EmptyList>{filtered ? 'No subscribers match these filters' : 'No subscribers yet'}</EmptyList>
      ) : (
        <SubscribersTable
          subscribers={data.subscribers}
          loading={loading}
          canEdit={canEdit}
          onDelete={(subscriber) => setPending(subscriber)}
        />
      )}

      {data && total > 0 && (
        <PaginationFooter label="Subscriber pages" page={page} pages={pages} loading={loading} onPage={setPage}>
          {pageSummary(page, pages, total, 'subscribers')}
        </PaginationFooter>
      )}

      <ConfirmDeleteDialog
        open={pending !== null}
        title="Delete subscriber?"
        busy={deleting}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirmDelete()}
      >
        <p>Are you sure you want to delete this subscriber? The address is removed for good.</p>
        {pending && (
          <p className="mt-1 font-medium wrap-anywhere text-slate-800">
            <EmailText email={pending.email} />
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

interface TableProps {
  subscribers: NewsletterSubscriber[];
  loading: boolean;
  canEdit: boolean;
  onDelete: (subscriber: NewsletterSubscriber) => void;
}

function SubscribersTable({ subscribers, loading, canEdit, onDelete }: TableProps) {
  const formatDateTime = useFormatDateTime();
  return (
    <Card padding="none" className={cn('overflow-x-auto transition-opacity', loading && 'opacity-60')}>
      <table className="w-full text-left text-sm" aria-busy={loading}>
        <caption className="sr-only">Newsletter subscribers</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Email
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              Subscribed
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              Source
            </th>
            {canEdit && (
              <th scope="col" className="px-4 py-3 text-right">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id} data-subscriber={subscriber.email}>
              <td className="px-4 py-3">
                <span className="font-medium wrap-anywhere text-slate-900">
                  <EmailText email={subscriber.email} />
                </span>
                {/* Small screens have no room for the date and source columns: they go under the address. */}
                <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">
                  {formatDateTime(subscriber.created_at)} · {subscriber.source}
                </span>
              </td>
              <td className="px-4 py-3">
                <Badge tone={statusTones[subscriber.status]}>{subscriberStatusLabels[subscriber.status]}</Badge>
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 sm:table-cell">
                <time dateTime={subscriber.created_at}>{formatDateTime(subscriber.created_at)}</time>
              </td>
              <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">{subscriber.source}</td>
              {canEdit && (
                <td className="px-4 py-3 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => onDelete(subscriber)}
                    aria-label={`Delete the subscriber ${subscriber.email}`}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="hidden lg:inline">Delete</span>
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
