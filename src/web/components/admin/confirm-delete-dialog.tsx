import type { ReactNode } from 'react';
import { ConfirmDialog } from '../dialog';

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
