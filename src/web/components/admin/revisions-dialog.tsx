import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RevisionSummary } from '../../../shared/contracts/revisions';
import { useFormatDateTime } from '../../lib/date-time';
import { cn } from '../../lib/cn';
import { Alert } from '../alert';
import { Badge } from '../badge';
import { Button } from '../button';
import { DIALOG_PANEL_BASE_CLASS, DialogTitle, ModalDialog } from '../dialog';
import { LoaderCircle, RotateCcw, X } from '../icons';
import { failureNotice, NoticeAlert, type Notice } from '../notice';
import { FieldDiff } from './revision-diff';
import { fetchRevision, fetchRevisions, isStaleVersion, restoreRevision } from './revisions-api';

/*
 * The Revisions dialog of the post, project and content editors (ADR 0041): the saved states of the item,
 * newest first (time in the staff member's clock, author, what changed), a word-by-word comparison of the
 * one chosen with the current state, and Restore with a confirmation for those who may edit.
 */

export interface RevisionField {
  name: string;
  label: string;
  /** Rich text: compared as its text. */
  html?: boolean;
}

export interface RevisionsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The item's API address: '/blog/posts/12'. */
  item: string;
  /** 'post', 'project', 'service'… */
  noun: string;
  fields: RevisionField[];
  canRestore: boolean;
  /** After a restore: the editor loads the item again. */
  onRestored: (message: string) => void;
}

function kindText(revision: RevisionSummary, list: RevisionSummary[], format: (value: string) => string): string {
  switch (revision.kind) {
    case 'created':
      return 'Created';
    case 'baseline':
      return 'Before revisions were kept';
    case 'restored': {
      const source = list.find((candidate) => candidate.id === revision.restored_from);
      return source ? `Restored the revision of ${format(source.created_at)}` : 'Restored an earlier revision';
    }
    default:
      return 'Saved';
  }
}

export function RevisionsDialog({ open, onClose, item, noun, fields, canRestore, onRestored }: RevisionsDialogProps) {
  const titleId = useId();
  const format = useFormatDateTime();
  const listQuery = useQuery({ queryKey: ['revisions', item], queryFn: () => fetchRevisions(item), enabled: open });
  const list = listQuery.data ?? null;
  // Try Again shows "Loading revisions…" while it loads.
  const listError =
    listQuery.isError && !listQuery.isFetching ? failureNotice('Failed to load the revisions', listQuery.error) : null;
  const [selected, setSelected] = useState<number | null>(null);
  // The newest is chosen once the list has come, and stays chosen (also when the dialog opens again).
  if (selected === null && list?.revisions[0]) setSelected(list.revisions[0].id);
  const detailQuery = useQuery({
    queryKey: ['revisions', item, selected],
    queryFn: () => fetchRevision(item, selected!),
    enabled: open && selected !== null,
  });
  const detail = detailQuery.data ?? null;
  /** What Restore said went wrong, or the load error the staff member closed. */
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const loadNotice =
    detailQuery.error && detailQuery.error !== dismissed
      ? failureNotice('Failed to load the revision', detailQuery.error)
      : null;
  const detailError = notice ?? loadNotice;
  const [confirming, setConfirming] = useState(false);
  const restoring = useMutation({
    mutationFn: (shown: NonNullable<typeof detail>) => restoreRevision(item, shown.revision.id, shown.version),
    onMutate: () => setNotice(null),
    onSuccess: (message) => {
      setConfirming(false);
      onRestored(message);
    },
    onError: (error) => {
      setNotice(
        isStaleVersion(error)
          ? { type: 'warning', title: 'Someone saved this since the comparison was loaded. It has been loaded again.' }
          : failureNotice('Failed to restore the revision', error),
      );
      setConfirming(false);
      void listQuery.refetch();
      void detailQuery.refetch();
    },
  });
  const busy = restoring.isPending;
  const labels = new Map(fields.map((field) => [field.name, field.label]));

  function choose(id: number) {
    setSelected(id);
    setConfirming(false);
    setNotice(null);
  }

  const revisions = list?.revisions ?? [];
  const differing = detail
    ? fields.filter(
        (field) =>
          JSON.stringify(detail.revision.snapshot[field.name] ?? null) !==
          JSON.stringify(detail.current[field.name] ?? null),
      )
    : [];
  const close = () => {
    setConfirming(false);
    setNotice(null);
    onClose();
  };

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={close}
      aria-labelledby={titleId}
      className={cn(DIALOG_PANEL_BASE_CLASS, 'max-h-[calc(100dvh-2rem)] max-w-5xl')}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4">
          <div className="mr-auto">
            <DialogTitle id={titleId}>Revisions</DialogTitle>
            <p className="text-xs text-slate-500">
              Every save of this {noun} is kept{list ? ` (the newest ${list.retention})` : ''}.
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={close} disabled={busy} aria-label="Close">
            <X aria-hidden="true" />
          </Button>
        </div>

        <div className="grid min-h-0 flex-1 overflow-y-auto md:grid-cols-[18rem_minmax(0,1fr)] md:overflow-hidden">
          <div className="border-b border-slate-100 md:overflow-y-auto md:border-r md:border-b-0">
            {listError ? (
              <div className="p-4">
                <Alert
                  tone="error"
                  title={listError.title}
                  action={
                    <Button size="sm" variant="secondary" onClick={() => void listQuery.refetch()}>
                      Try again
                    </Button>
                  }
                >
                  {listError.detail}
                </Alert>
              </div>
            ) : !list ? (
              <p className="flex items-center gap-2 p-4 text-sm text-slate-500">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading revisions…
              </p>
            ) : revisions.length === 0 ? (
              <p className="p-4 text-sm text-slate-500">No revisions yet: the first save keeps one.</p>
            ) : (
              <ol aria-label="Revisions" className="flex flex-col p-2">
                {revisions.map((revision, index) => (
                  <li key={revision.id}>
                    <button
                      type="button"
                      data-revision={revision.id}
                      aria-current={selected === revision.id ? 'true' : undefined}
                      onClick={() => choose(revision.id)}
                      className={cn(
                        'w-full rounded-lg px-3 py-2 text-left text-sm transition',
                        selected === revision.id ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
                      )}
                    >
                      <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                        <time dateTime={revision.created_at}>{format(revision.created_at)}</time>
                        {index === 0 && <Badge tone="success">Current</Badge>}
                      </span>
                      <span className="block text-xs text-slate-600">
                        {kindText(revision, revisions, format)}
                        {revision.author ? ` by ${revision.author.name || 'a former user'}` : ''}
                      </span>
                      {revision.changed_fields.length > 0 && (
                        <span className="block text-xs text-slate-500">
                          Changed: {revision.changed_fields.map((name) => labels.get(name) ?? name).join(', ')}
                        </span>
                      )}
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </div>

          <div className="flex min-h-0 flex-col gap-4 p-5 md:overflow-y-auto">
            <NoticeAlert
              notice={detailError}
              onDismiss={() => {
                setNotice(null);
                setDismissed(detailQuery.error);
              }}
            />
            {selected === null ? null : !detail ? (
              !detailError && (
                <p className="flex items-center gap-2 text-sm text-slate-500">
                  <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading the comparison…
                </p>
              )
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-3">
                  <p className="mr-auto text-sm text-slate-600">
                    From this revision (<del className="rounded-sm bg-red-100 text-red-900">removed since</del>) to the
                    current version (
                    <ins className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">added since</ins>).
                  </p>
                  {canRestore && differing.length > 0 && !confirming && (
                    <Button size="sm" onClick={() => setConfirming(true)}>
                      <RotateCcw aria-hidden="true" />
                      Restore this revision
                    </Button>
                  )}
                </div>
                {confirming && (
                  <Alert
                    tone="warning"
                    title="Restore this revision?"
                    action={
                      <div className="flex flex-wrap gap-2">
                        <Button size="sm" onClick={() => restoring.mutate(detail)} disabled={busy}>
                          {busy ? (
                            <LoaderCircle className="animate-spin" aria-hidden="true" />
                          ) : (
                            <RotateCcw aria-hidden="true" />
                          )}
                          Restore
                        </Button>
                        <Button size="sm" variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
                          Cancel
                        </Button>
                      </div>
                    }
                  >
                    Its fields replace the current ones and are saved as a new revision; the current version stays in
                    the list. Changes in the form that are not saved are replaced.
                  </Alert>
                )}
                {differing.length === 0 ? (
                  <p className="text-sm text-slate-500">This revision is the same as the current version.</p>
                ) : (
                  differing.map((field) => (
                    <FieldDiff
                      key={field.name}
                      label={field.label}
                      before={detail.revision.snapshot[field.name]}
                      after={detail.current[field.name]}
                      html={field.html}
                    />
                  ))
                )}
              </>
            )}
          </div>
        </div>
      </div>
    </ModalDialog>
  );
}
