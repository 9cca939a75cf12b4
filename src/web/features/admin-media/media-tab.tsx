import { useState } from 'react';
import { permissionsByRole, type Role } from '../../../shared/contracts/auth';
import type { UploadListData } from '../../../shared/contracts/uploads';
import { BulkActionBar } from '../../components/admin/bulk-action-bar';
import { Trash2, Unlink } from '../../components/admin/icons';
import { ListContent } from '../../components/admin/list-states';
import { ListPagination } from '../../components/admin/pagination-footer';
import { ReadOnlyNote } from '../../components/admin/read-only';
import { useAdminList } from '../../components/admin/use-admin-list';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { NoticeAlert, type Notice } from '../../components/notice';
import { userMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { DemoImagesSection } from './demo-images-section';
import { fetchMedia, MEDIA_UPDATE, sweepUnused } from './media-api';
import { MediaDeleteDialogs, useMediaDelete } from './media-delete';
import { MediaDetails } from './media-details';
import { MediaFilters } from './media-filters';
import { MediaMessage } from './media-messages';
import { isFiltered, readMediaQuery, writeMediaQuery } from './media-query';
import { MediaUploader } from './media-uploader';
import { MediaGrid, MediaTable } from './media-views';

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
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const selected = list.rows.find((row) => row.id === selectedId) ?? null;
  const removal = useMediaDelete({
    onNotice: setNotice,
    onDeleted: (ids) => {
      if (selectedId !== null && ids.includes(selectedId)) setSelectedId(null);
      selection.clear();
      list.afterRemoval(ids.length);
    },
  });
  const { deleting, askDelete } = removal;

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

      <MediaFilters
        query={query}
        setQuery={setQuery}
        searchInput={list.searchInput}
        setSearchInput={list.setSearchInput}
      />

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

      <MediaDeleteDialogs {...removal} />

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
    </div>
  );
}
