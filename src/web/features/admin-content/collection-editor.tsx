import { Eye, LoaderCircle, Star } from '../../components/icons';
import { ArrowDown, ArrowUp, EyeOff, GripVertical, Pencil, Plus, Trash2 } from '../../components/admin/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { SiteContentStaffMessage } from '../../../shared/contracts/site-content';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { EmptyList, ListLoadError, ListSkeleton } from '../../components/admin/list-states';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { DIALOG_PANEL_BASE_CLASS, DialogTitle, ModalDialog } from '../../components/dialog';
import { ImageUpload } from '../../components/admin/image-upload';
import { Input } from '../../components/input';
import { failureNotice, NoticeAlert, type Notice } from '../../components/notice';
import { Textarea } from '../../components/textarea';
import { useUnsavedGuard } from '../../components/use-unsaved-guard';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import {
  CONTENT_UPDATE,
  createItem,
  deleteItem,
  fetchItems,
  saveOrder,
  setVisibility,
  updateItem,
} from './content-api';
import { isStaleVersion } from '../../components/admin/revisions-api';
import { ContentRevisionsButton } from './content-revisions';
import {
  inputOf,
  problemsOf,
  valuesOf,
  type CollectionSpec,
  type ContentItem,
  type FieldSpec,
  type FormValues,
} from './content-specs';

const STALE_CONTENT_NOTICE =
  'Someone else saved this since you opened it. Save again to overwrite their version with yours (theirs stays under Revisions), or cancel to keep theirs.';

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
          {items.map((item, index) => {
            const title = spec.title(item);
            return (
              <li
                key={item.id}
                data-content-item={title}
                draggable={canEdit && !busy}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(item.id));
                }}
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) reorder(dragged, index);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                className={cn(
                  'flex flex-wrap items-center gap-3 rounded-xl border bg-white px-3 py-3 shadow-xs sm:flex-nowrap',
                  dragged === index ? 'border-brand-400 opacity-60' : 'border-slate-200',
                  !item.active && 'bg-slate-50',
                )}
              >
                {canEdit && <GripVertical className="size-5 shrink-0 cursor-grab text-slate-400" aria-hidden="true" />}
                <div className="min-w-0 flex-1 basis-48">
                  <p className={cn('font-medium break-words', item.active ? 'text-slate-900' : 'text-slate-500')}>
                    {title}
                    {!item.active && (
                      <Badge tone="neutral" className="ml-2 align-middle">
                        Hidden
                      </Badge>
                    )}
                  </p>
                  {spec.subtitle(item) && (
                    <p className="line-clamp-1 text-sm break-words text-slate-500">{spec.subtitle(item)}</p>
                  )}
                </div>
                {!canEdit && (
                  <ContentRevisionsButton spec={spec} item={item} title={title} canEdit={false} onRestored={reload} />
                )}
                {canEdit && (
                  <div className="ml-auto flex items-center gap-1">
                    <ContentRevisionsButton
                      spec={spec}
                      item={item}
                      title={title}
                      canEdit
                      onRestored={(message) => {
                        setNotice({ type: 'success', title: message });
                        reload();
                      }}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy || index === 0}
                      onClick={() => reorder(index, index - 1)}
                      aria-label={`Move “${title}” up`}
                      title="Move up"
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy || index === items.length - 1}
                      onClick={() => reorder(index, index + 1)}
                      aria-label={`Move “${title}” down`}
                      title="Move down"
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      onClick={() => toggle(item)}
                      aria-label={`${item.active ? 'Hide' : 'Show'} “${title}” ${item.active ? 'from' : 'on'} the site`}
                      title={item.active ? 'Hide from the site' : 'Show on the site'}
                    >
                      {item.active ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing(item)}
                      aria-label={`Edit “${title}”`}
                      title="Edit"
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      disabled={busy}
                      onClick={() => setDeleting(item)}
                      aria-label={`Delete “${title}”`}
                      title="Delete"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
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

function ItemDialog({
  spec,
  item,
  onClose,
  onSaved,
}: {
  spec: CollectionSpec;
  item: ContentItem | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const titleId = useId();
  const formId = useId();
  const initial = useMemo(() => valuesOf(spec, item), [spec, item]);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [overwrite, setOverwrite] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useUnsavedGuard(dirty && !busy, `This ${spec.label.toLowerCase()} has changes that are not saved.`);

  const set = (name: string, value: string | boolean | number) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: '' }));
    setConfirmDiscard(false);
  };

  function cancel() {
    if (dirty && !confirmDiscard) setConfirmDiscard(true);
    else onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const problems = problemsOf(spec, values);
    const first = Object.keys(problems)[0];
    if (first) {
      setErrors(problems);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`#${CSS.escape(formId)} [name="${first}"]`)?.focus(),
      );
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const input = inputOf(spec, values);
      // The version the dialog was opened at: a save over someone else's newer one is refused once (ADR 0041).
      const version = item && !overwrite ? { version: item.version } : {};
      const { message } = item
        ? await updateItem(spec.path, item.id, { ...input, ...version })
        : await createItem(spec.path, input);
      guard.allowNextNavigation();
      onSaved(message);
    } catch (error) {
      if (isStaleVersion(error)) {
        setOverwrite(true);
        setFailure({ type: 'warning', title: STALE_CONTENT_NOTICE });
        setBusy(false);
        return;
      }
      const next: Record<string, string> = {};
      if (isApiError(error))
        for (const fieldError of error.errors) next[fieldError.field.split('.')[0] ?? ''] ??= fieldError.message;
      setErrors(next);
      setFailure(
        failureNotice(`Failed to save the ${spec.label.toLowerCase()}. Please check your inputs and try again.`, error),
      );
      setBusy(false);
    }
  }

  const field = (spec: FieldSpec) => {
    const common = { name: spec.name, error: errors[spec.name] || undefined, required: spec.required };
    const value = values[spec.name];
    switch (spec.kind) {
      case 'textarea':
      case 'lines':
        return (
          <Textarea
            key={spec.name}
            label={spec.label}
            {...common}
            rows={spec.kind === 'lines' ? 4 : 5}
            hint={spec.hint}
            maxLength={spec.kind === 'lines' ? undefined : spec.max}
            value={String(value ?? '')}
            onChange={(event) => set(spec.name, event.target.value)}
            containerClassName={cn(spec.wide && 'sm:col-span-2')}
          />
        );
      case 'image':
        return (
          <ImageUpload
            key={spec.name}
            label={spec.label}
            name={spec.name}
            category="content"
            value={String(value ?? '')}
            error={errors[spec.name] || undefined}
            hint={spec.hint}
            onChange={(url) => set(spec.name, url)}
            className={cn(spec.wide && 'sm:col-span-2')}
          />
        );
      case 'flag':
        return (
          <CheckboxField
            key={spec.name}
            label={spec.label}
            hint={spec.hint ?? ''}
            name={spec.name}
            checked={value === true}
            onChange={(checked) => set(spec.name, checked)}
          />
        );
      case 'rating':
        return (
          <fieldset key={spec.name} className="flex flex-col gap-1.5">
            <legend className="text-sm font-medium text-slate-800">{spec.label}</legend>
            <div className="flex gap-1" role="radiogroup" aria-label={spec.label}>
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={value === n}
                  aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                  onClick={() => set(spec.name, n)}
                  className="rounded p-1 hover:bg-amber-50"
                >
                  <Star
                    className={cn('size-6', Number(value) >= n ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
                    aria-hidden="true"
                  />
                </button>
              ))}
            </div>
            {errors[spec.name] && <p className="text-xs font-medium text-red-700">{errors[spec.name]}</p>}
          </fieldset>
        );
      default:
        return (
          <Input
            key={spec.name}
            label={spec.label}
            {...common}
            type={spec.kind === 'email' ? 'email' : spec.kind === 'address' ? 'url' : 'text'}
            hint={spec.hint}
            placeholder={spec.placeholder}
            maxLength={spec.max}
            value={String(value ?? '')}
            onChange={(event) => set(spec.name, event.target.value)}
            containerClassName={cn(spec.wide && 'sm:col-span-2')}
          />
        );
    }
  };

  return (
    <ModalDialog
      open
      busy={busy}
      onCancel={cancel}
      aria-labelledby={titleId}
      className={cn(DIALOG_PANEL_BASE_CLASS, 'max-w-2xl')}
    >
      <form id={formId} noValidate onSubmit={submit} className="flex max-h-[90vh] flex-col">
        <div className="border-b border-slate-200 px-6 py-4">
          <DialogTitle id={titleId}>
            {item ? `Edit ${spec.label.toLowerCase()}` : `Add ${spec.label.toLowerCase()}`}
          </DialogTitle>
        </div>
        <div className="grid gap-4 overflow-y-auto px-6 py-5 sm:grid-cols-2">
          {failure && (
            <Alert tone="error" title={failure.title} className="sm:col-span-2">
              {failure.detail}
            </Alert>
          )}
          {spec.fields.map(field)}
          <CheckboxField
            label="Show on the site"
            hint="Hidden items stay here and can be shown again."
            name="active"
            checked={values.active === true}
            onChange={(checked) => set('active', checked)}
            className="sm:col-span-2"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-6 py-4 sm:flex-row sm:items-center sm:justify-end">
          {confirmDiscard && (
            <p className="text-sm font-medium text-amber-800 sm:mr-auto" role="alert">
              Discard your changes? Press Cancel again to close.
            </p>
          )}
          <Button variant="secondary" size="sm" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {item ? 'Save changes' : `Add ${spec.label.toLowerCase()}`}
          </Button>
        </div>
      </form>
      {guard.dialog}
    </ModalDialog>
  );
}
