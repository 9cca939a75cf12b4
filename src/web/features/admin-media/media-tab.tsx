import { useQuery } from '@tanstack/react-query';
import { FileText, LayoutGrid, List, Trash2, Unlink } from '../../components/admin/icons';
import { useState } from 'react';
import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import {
  formatFileSize,
  UploadMessage,
  type UploadedFile,
  type UploadListData,
} from '../../../shared/contracts/uploads';
import { BulkActionBar } from '../../components/admin/bulk-action-bar';
import { ListContent } from '../../components/admin/list-states';
import { ListPagination } from '../../components/admin/pagination-footer';
import { ReadOnlyNote } from '../../components/admin/read-only';
import { SearchField } from '../../components/admin/search-field';
import { useAdminList } from '../../components/admin/use-admin-list';
import { rowCheckboxClass } from '../../components/admin/use-row-selection';
import { formatShortDate } from '../../components/article/article-format';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/dialog';
import { NoticeAlert, type Notice } from '../../components/notice';
import { Select } from '../../components/select';
import { isApiError, userMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { deleteMedia, fetchCategories, fetchMedia, MEDIA_UPDATE, sweepUnused } from './media-api';
import { DemoImagesSection } from './demo-images-section';
import { MediaDetails, previewUrl } from './media-details';
import { isFiltered, mediaSorts, mediaTypes, readMediaQuery, writeMediaQuery, type MediaSort } from './media-query';
import { MediaUploader } from './media-uploader';

export const MediaMessage = {
  LOAD_FAILED: 'Failed to load files',
  EMPTY_NONE: 'No files uploaded yet.',
  EMPTY_SEARCH: 'No files match your search or filters.',
  EMPTY_UNUSED: 'Every file is in use: nothing to clean up.',
  UNUSED_NOTE:
    'Files that no post, project, landing-page content or setting refers to. Unused files are also removed automatically 30 days after their upload.',
  SWEEP_CONFIRM: 'Are you sure you want to delete every unused file? This action cannot be undone.',
  SWEEP_FAILED: 'Failed to delete the unused files',
  DELETE_CONFIRM: UploadMessage.DELETE_CONFIRM,
  DELETE_MANY_CONFIRM: 'Are you sure you want to delete {count} images? This action cannot be undone.',
  DELETE_FAILED: 'Failed to delete the file',
  IN_USE_TITLE: 'This file is still in use',
  IN_USE_MANY_TITLE: 'Some files are still in use',
  IN_USE_WHERE: 'The server refused to delete it because it is shown in:',
  IN_USE_CONSEQUENCE:
    'Deleting anyway removes it from every place listed: featured images are cleared, gallery entries and images in text disappear.',
} as const;

type Row = UploadedFile;

interface PendingDelete {
  files: Row[];
  /** Set once the server refused because the files are used: its message and the places. */
  inUse?: { message: string; places: string[] };
}

/** The admin Media tab: every uploaded file, to find, describe, upload and clean up. */
export function MediaTab({ role }: { role: Role }) {
  const canEdit = permissionsByRole[role].includes('content');
  const canSweep = permissionsByRole[role].includes('settings');
  const [sweeping, setSweeping] = useState<'asking' | 'busy' | null>(null);
  const list = useAdminList({
    readQuery: readMediaQuery,
    writeQuery: writeMediaQuery,
    fetchPage: fetchMedia,
    rowsOf: (data: UploadListData) => data.files,
    loadFailed: MediaMessage.LOAD_FAILED,
    updates: MEDIA_UPDATE,
    name: 'files',
  });
  const { query, setQuery, selection } = list;
  // The category filter's options; without them the filter offers "All categories" only.
  const categories = useQuery({ queryKey: [MEDIA_UPDATE, 'categories'], queryFn: fetchCategories }).data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const selected = list.rows.find((row) => row.id === selectedId) ?? null;

  async function remove(force: boolean) {
    if (!pending) return;
    setDeleting(true);
    const ids = pending.files.map((f) => f.id);
    try {
      const message = (await deleteMedia(ids, force)) ?? UploadMessage.DELETED;
      setPending(null);
      setNotice({ type: 'success', title: message });
      if (selectedId !== null && ids.includes(selectedId)) setSelectedId(null);
      selection.clear();
      list.afterRemoval(ids.length);
    } catch (error) {
      if (!force && isApiError(error) && error.status === 409) {
        setPending({ ...pending, inUse: { message: error.message, places: error.errors.map((e) => e.message) } });
      } else {
        setPending(null);
        setNotice({
          type: 'error',
          title: MediaMessage.DELETE_FAILED,
          detail: userMessage(error, { surface: 'admin', fallback: MediaMessage.DELETE_FAILED }),
        });
      }
    } finally {
      setDeleting(false);
    }
  }

  const askDelete = (files: Row[]) => setPending({ files });

  async function sweep() {
    setSweeping('busy');
    try {
      const message = (await sweepUnused()) ?? '';
      setNotice({ type: 'success', title: message });
      setSelectedId(null);
      list.reload();
    } catch (error) {
      setNotice({
        type: 'error',
        title: MediaMessage.SWEEP_FAILED,
        detail: userMessage(error, { surface: 'admin', fallback: MediaMessage.SWEEP_FAILED }),
      });
    } finally {
      setSweeping(null);
    }
  }
  const selectedRows = list.rows.filter((row) => selection.selected.has(row.id));

  return (
    <div className="flex flex-col gap-5">
      {!canEdit && <ReadOnlyNote>Your role can browse the media library but not change it.</ReadOnlyNote>}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Media Library</h2>
        <div className="flex flex-wrap items-center gap-3">
          {list.data && (
            <p className="text-sm text-slate-600" data-media-total={list.data.total}>
              {list.data.total} {list.data.total === 1 ? 'file' : 'files'}
            </p>
          )}
          <Button
            variant={query.unused ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={query.unused}
            onClick={() => setQuery({ unused: !query.unused })}
          >
            <Unlink aria-hidden="true" />
            Unused files
          </Button>
        </div>
      </div>

      {query.unused && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
          <p className="text-sm text-amber-900">{MediaMessage.UNUSED_NOTE}</p>
          {canSweep && (list.data?.total ?? 0) > 0 && (
            <Button
              size="sm"
              variant="secondary"
              className="text-red-700"
              disabled={sweeping !== null}
              onClick={() => setSweeping('asking')}
            >
              <Trash2 aria-hidden="true" />
              Delete all unused
            </Button>
          )}
        </div>
      )}

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      {canEdit && (
        <MediaUploader
          onUploaded={() => list.reload()}
          onProblem={(text) => setNotice({ type: 'error', title: text })}
          onSelection={() => setNotice(null)}
        />
      )}

      <Card padding="sm" className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_repeat(2,minmax(0,10rem))_minmax(0,11rem)_auto]">
          {/* The unused list is not filtered: its filters wait until it is left. */}
          <fieldset disabled={query.unused} className="contents">
            <SearchField
              label="Search files"
              placeholder="Search files"
              value={list.searchInput}
              onChange={list.setSearchInput}
              className="sm:col-span-2 lg:col-span-1"
            />
            <Select
              label="Category"
              hideLabel
              value={query.category}
              onChange={(event) => setQuery({ category: event.target.value })}
            >
              <option value="">All categories</option>
              {[...new Set([...categories, ...(query.category ? [query.category] : [])])].map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
            <Select
              label="Type"
              hideLabel
              value={query.type}
              onChange={(event) => setQuery({ type: event.target.value })}
            >
              {mediaTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </Select>
            <Select
              label="Sort"
              hideLabel
              value={query.sort}
              onChange={(event) => setQuery({ sort: event.target.value as MediaSort })}
            >
              {mediaSorts.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </Select>
          </fieldset>
          <div role="group" aria-label="View" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            {(
              [
                ['grid', 'Grid', LayoutGrid],
                ['list', 'List', List],
              ] as const
            ).map(([view, label, Icon]) => (
              <button
                key={view}
                type="button"
                aria-pressed={query.view === view}
                onClick={() => setQuery({ view, page: query.page })}
                className={cn(
                  'inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
                  query.view === view ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            ))}
          </div>
        </div>
      </Card>

      {canEdit && selectedRows.length > 0 && (
        <BulkActionBar count={selectedRows.length} disabled={deleting} onDelete={() => askDelete(selectedRows)}>
          {null}
        </BulkActionBar>
      )}

      <div className={cn('grid items-start gap-5', selected && 'lg:grid-cols-[minmax(0,1fr)_22rem]')}>
        <ListContent
          list={list}
          loadingLabel="Loading files…"
          emptyText={
            query.unused
              ? MediaMessage.EMPTY_UNUSED
              : isFiltered(query)
                ? MediaMessage.EMPTY_SEARCH
                : MediaMessage.EMPTY_NONE
          }
        >
          {query.view === 'grid' ? (
            <MediaGrid
              files={list.rows}
              canEdit={canEdit}
              selectedId={selectedId}
              checked={selection.selected}
              onToggle={selection.toggle}
              onOpen={(file) => setSelectedId(file.id)}
            />
          ) : (
            <MediaTable
              files={list.rows}
              canEdit={canEdit}
              selectedId={selectedId}
              checked={selection.selected}
              allChecked={selection.allSelected}
              onToggle={selection.toggle}
              onToggleAll={selection.toggleAll}
              onOpen={(file) => setSelectedId(file.id)}
            />
          )}
        </ListContent>
        {selected && (
          <div className="order-first lg:sticky lg:top-4 lg:order-none">
            <MediaDetails
              key={selected.id}
              file={selected}
              canEdit={canEdit}
              onSaved={() => list.reload()}
              onDelete={(file) => askDelete([file])}
              onClose={() => setSelectedId(null)}
            />
          </div>
        )}
      </div>

      <ListPagination label="Media pages" plural="files" {...list.paging} />
      <DemoImagesSection />

      <ConfirmDialog
        open={pending !== null && !pending.inUse}
        title={pending && pending.files.length > 1 ? 'Delete files?' : 'Delete file?'}
        confirmLabel="Delete"
        danger
        busy={deleting}
        onCancel={() => setPending(null)}
        onConfirm={() => void remove(false)}
      >
        {pending && pending.files.length > 1 ? (
          MediaMessage.DELETE_MANY_CONFIRM.replace('{count}', String(pending.files.length))
        ) : (
          <>
            <span className="block font-medium break-words text-slate-800">{pending?.files[0]?.original_name}</span>
            {MediaMessage.DELETE_CONFIRM}
          </>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        open={sweeping !== null}
        title="Delete unused files?"
        confirmLabel="Delete"
        danger
        busy={sweeping === 'busy'}
        onCancel={() => setSweeping(null)}
        onConfirm={() => void sweep()}
      >
        {MediaMessage.SWEEP_CONFIRM}
      </ConfirmDialog>

      <ConfirmDialog
        open={pending?.inUse !== undefined}
        title={pending && pending.files.length > 1 ? MediaMessage.IN_USE_MANY_TITLE : MediaMessage.IN_USE_TITLE}
        confirmLabel="Delete anyway"
        danger
        busy={deleting}
        onCancel={() => setPending(null)}
        onConfirm={() => void remove(true)}
      >
        <span className="block" data-in-use="">
          {pending && pending.files.length > 1 ? pending.inUse?.message : MediaMessage.IN_USE_WHERE}
        </span>
        {pending?.inUse && pending.inUse.places.length > 0 && (
          <ul className="mt-2 list-disc pl-5">
            {[...new Set(pending.inUse.places)].map((place) => (
              <li key={place}>{place}</li>
            ))}
          </ul>
        )}
        <span className="mt-2 block">{MediaMessage.IN_USE_CONSEQUENCE}</span>
      </ConfirmDialog>
    </div>
  );
}

function Thumb({ file, className }: { file: Row; className?: string }) {
  const src = previewUrl(file, 640);
  return src ? (
    <img src={src} alt={file.alt_text ?? ''} loading="lazy" className={cn('bg-slate-100 object-cover', className)} />
  ) : (
    <span className={cn('flex items-center justify-center bg-slate-100', className)}>
      <FileText className="size-8 text-slate-400" aria-hidden="true" />
    </span>
  );
}

interface ViewProps {
  files: Row[];
  canEdit: boolean;
  selectedId: number | null;
  checked: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onOpen: (file: Row) => void;
}

function MediaGrid({ files, canEdit, selectedId, checked, onToggle, onOpen }: ViewProps) {
  return (
    <ul aria-label="Files" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {files.map((file) => (
        <li
          key={file.id}
          data-media={file.original_name}
          className={cn(
            'relative overflow-hidden rounded-xl border bg-white shadow-sm',
            selectedId === file.id ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200',
          )}
        >
          <button
            type="button"
            onClick={() => onOpen(file)}
            className="block w-full text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <span className="sr-only">Show details of </span>
            <Thumb file={file} className="aspect-square w-full" />
            <span className="block truncate px-2.5 pt-2 text-sm font-medium text-slate-800" title={file.original_name}>
              {file.original_name}
            </span>
            <span className="block px-2.5 pb-2 text-xs text-slate-500">{formatFileSize(file.size)}</span>
          </button>
          {canEdit && (
            <input
              type="checkbox"
              className="absolute top-2 left-2 size-6 rounded border-slate-300 bg-white accent-brand-600 focus-visible:outline-brand-500"
              checked={checked.has(file.id)}
              onChange={() => onToggle(file.id)}
              aria-label={`Select ${file.original_name}`}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function MediaTable({
  files,
  canEdit,
  selectedId,
  checked,
  allChecked,
  onToggle,
  onToggleAll,
  onOpen,
}: ViewProps & { allChecked: boolean; onToggleAll: () => void }) {
  return (
    <Card padding="none" className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Files</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {canEdit && (
              <th scope="col" className="w-10 py-3 pl-4">
                <input
                  type="checkbox"
                  className={rowCheckboxClass}
                  checked={allChecked}
                  onChange={onToggleAll}
                  aria-label="Select all files on this page"
                />
              </th>
            )}
            <th scope="col" className="px-4 py-3">
              File
            </th>
            <th scope="col" className="hidden px-4 py-3 md:table-cell">
              Type
            </th>
            <th scope="col" className="px-4 py-3">
              Size
            </th>
            <th scope="col" className="hidden px-4 py-3 lg:table-cell">
              Category
            </th>
            <th scope="col" className="hidden px-4 py-3 xl:table-cell">
              Uploaded
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {files.map((file) => (
            <tr
              key={file.id}
              data-media={file.original_name}
              className={cn((selectedId === file.id || checked.has(file.id)) && 'bg-brand-50/50')}
            >
              {canEdit && (
                <td className="py-3 pl-4">
                  <input
                    type="checkbox"
                    className={rowCheckboxClass}
                    checked={checked.has(file.id)}
                    onChange={() => onToggle(file.id)}
                    aria-label={`Select ${file.original_name}`}
                  />
                </td>
              )}
              <td className="px-4 py-2">
                <button
                  type="button"
                  onClick={() => onOpen(file)}
                  aria-label={`Show details of ${file.original_name}`}
                  className="flex min-w-0 items-center gap-3 text-left"
                >
                  <Thumb file={file} className="size-10 shrink-0 rounded-lg" />
                  <span className="min-w-0 font-medium break-all text-slate-900 line-clamp-2">
                    {file.original_name}
                  </span>
                </button>
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">{file.mime_type}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatFileSize(file.size)}</td>
              <td className="hidden px-4 py-3 text-slate-700 lg:table-cell">{file.category}</td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 xl:table-cell">
                {formatShortDate(file.created_at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
