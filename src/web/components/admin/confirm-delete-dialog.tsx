import type { ReactNode } from 'react';
import { ConfirmDialog } from '../dialog';
import type { PendingDelete } from './use-list-actions';

/** The red "Delete" confirmation of the admin lists; `children` say what goes. */
export function ConfirmDeleteDialog({
  open,
  title,
  busy,
  onCancel,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel="Delete"
      danger
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}

/** How many rows a pending delete names. */
const count = (pending: PendingDelete<{ title: string }>) => (pending.kind === 'delete' ? 1 : pending.ids.length);

/** The confirmation of a list's pending delete: the question for the count, the row's title for one row, and what goes with them. */
export function ConfirmPendingDelete<T extends { title: string }>({
  pending,
  busy,
  onCancel,
  onConfirm,
  titles,
  question,
  consequence,
}: {
  pending: PendingDelete<T> | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The dialog's title for one row and for several ("Delete blog post?", "Delete blog posts?"). */
  titles: { one: string; many: string };
  question: (count: number) => string;
  /** What else goes, for one row or `count` (its own number agreement: "Its comments…", "Their comments…"). */
  consequence: (count: number) => ReactNode;
}) {
  return (
    <ConfirmDeleteDialog
      open={pending !== null}
      title={pending?.kind === 'bulk-delete' ? titles.many : titles.one}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {pending && (
        <>
          <p>{question(count(pending))}</p>
          {pending.kind === 'delete' && (
            <p className="mt-1 font-medium break-words text-slate-800">“{pending.item.title}”</p>
          )}
          <p className="mt-2">{consequence(count(pending))}</p>
        </>
      )}
    </ConfirmDeleteDialog>
  );
}
