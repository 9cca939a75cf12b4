import { Plus } from '../../components/admin/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { SiteContentStaffMessage } from '../../../shared/contracts/site-content';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { Button } from '../../components/button';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { isApiError } from '../../lib/api-client';
import { CollectionItemRow } from './collection-item-row';
import { CONTENT_UPDATE, deleteItem, fetchItems, saveOrder, setVisibility } from './content-api';
import { ItemDialog } from './content-item-dialog';
import type { CollectionSpec, ContentItem } from './content-specs';

/** Moves the item at `from` to `to` (both indexes in `items`). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * One collection of the Content tab: the items in their public order, which staff drag (or move with the
 * Up and Down buttons) into a new order, show or hide, edit in a dialog, add and delete.
 */
export function CollectionEditor({ spec, canEdit }: { spec: CollectionSpec; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => [CONTENT_UPDATE, spec.path], [spec.path]);
  const loaded = useQuery({ queryKey, queryFn: () => fetchItems(spec.path) });
  const items = loaded.data ?? null;
  const loadError = loaded.error ? failureNotice(`Failed to load ${spec.plural.toLowerCase()}`, loaded.error) : null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const { refetch } = loaded;
  const reload = useCallback(() => void refetch(), [refetch]);
  /** What the list shows at once (a new order, a switch, a deletion), before or without a reload. */
  const setItems = useCallback(
    (next: ContentItem[] | ((current: ContentItem[] | null) => ContentItem[] | null)) =>
      queryClient.setQueryData<ContentItem[]>(queryKey, (current) =>
        typeof next === 'function' ? (next(current ?? null) ?? undefined) : next,
      ),
    [queryClient, queryKey],
  );

  async function act(work: () => Promise<string>, failed: string) {
    setBusy(true);
    try {
      const message = await work();
      setNotice({ type: 'success', title: message });
    } catch (error) {
      const changed = isApiError(error) && error.status === 409;
      setNotice(
        changed ? { type: 'warning', title: SiteContentStaffMessage.ORDER_CHANGED } : failureNotice(failed, error),
      );
      reload();
    } finally {
      setBusy(false);
    }
  }

  function reorder(from: number, to: number) {
    if (!items || to < 0 || to >= items.length || from === to) return;
    const next = moved(items, from, to);
    setItems(next);
    void act(async () => {
      const { data, message } = await saveOrder(
        spec.path,
        next.map((item) => item.id),
      );
      setItems(data);
      return message;
    }, 'Failed to save the order. Please try again.');
  }

  function toggle(item: ContentItem) {
    void act(async () => {
      const { data, message } = await setVisibility(spec.path, item.id, !item.active);
      setItems((current) => current?.map((candidate) => (candidate.id === item.id ? data : candidate)) ?? null);
      return message;
    }, `Failed to change the ${spec.label.toLowerCase()}. Please try again.`);
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{spec.plural}</h2>
          <p className="text-sm text-slate-600">
            {spec.description} {canEdit && 'Drag an item, or use its arrows, to change the order on the site.'}
          </p>
        </div>
        {canEdit && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            {/* Title case, like every Add button of the admin (Add Team Member, Add Technology Column). */}
            Add {spec.label.replace(/\b\w/g, (letter) => letter.toUpperCase())}
          </Button>
        )}
      </div>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      {loadError ? (
        <ListLoadError title={loadError.title} onRetry={reload}>
          {loadError.detail}
        </ListLoadError>
      ) : !items ? (
        <ListSkeleton label={`Loading ${spec.plural.toLowerCase()}…`} rows={3} rowClassName="h-16 rounded-xl" />
      ) : items.length === 0 ? (
        <EmptyList>
          No {spec.plural.toLowerCase()} yet.{canEdit ? ` Add the first ${spec.label.toLowerCase()}.` : ''}
        </EmptyList>
      ) : (
        <ol aria-label={spec.plural} aria-busy={busy} className="flex flex-col gap-2">
          {items.map((item, index) => (
            <CollectionItemRow
              key={item.id}
              spec={spec}
              item={item}
              index={index}
              count={items.length}
              canEdit={canEdit}
              busy={busy}
              dragged={dragged}
              onDrag={setDragged}
              onReorder={reorder}
              onToggle={toggle}
              onEdit={setEditing}
              onDelete={setDeleting}
              onRestored={(message) => {
                setNotice({ type: 'success', title: message });
                reload();
              }}
              onReload={reload}
            />
          ))}
        </ol>
      )}

      {editing !== null && (
        <ItemDialog
          spec={spec}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice({ type: 'success', title: message });
            reload();
          }}
        />
      )}

      <ConfirmDeleteDialog
        open={deleting !== null}
        title={`Delete ${spec.label.toLowerCase()}?`}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const item = deleting;
          if (!item) return;
          void act(async () => {
            const { message } = await deleteItem(spec.path, item.id);
            setItems((current) => current?.filter((candidate) => candidate.id !== item.id) ?? null);
            setDeleting(null);
            return message;
          }, `Failed to delete the ${spec.label.toLowerCase()}. Please try again.`).finally(() => setDeleting(null));
        }}
      >
        <p>Are you sure you want to delete this {spec.label.toLowerCase()}?</p>
        {deleting && <p className="mt-1 font-medium break-words text-slate-800">“{spec.title(deleting)}”</p>}
        <p className="mt-2">It disappears from the site at once. To keep it for later, hide it instead.</p>
      </ConfirmDeleteDialog>
    </div>
  );
}
