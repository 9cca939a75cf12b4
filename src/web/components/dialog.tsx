import { useEffect, useId, useRef, type DialogHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';

/** The look of a centred dialog, without its width. */
export const DIALOG_PANEL_BASE_CLASS = cn(
  'm-auto w-[calc(100%-2rem)] rounded-2xl border border-slate-200 bg-white p-0 text-slate-700 shadow-2xl',
  'backdrop:bg-slate-950/50 backdrop:backdrop-blur-[2px]',
);

/** The look of a small centred dialog (confirmations, short forms). */
export const DIALOG_PANEL_CLASS = cn(DIALOG_PANEL_BASE_CLASS, 'max-w-md');

export interface ModalDialogProps extends Omit<
  DialogHTMLAttributes<HTMLDialogElement>,
  'open' | 'onCancel' | 'children'
> {
  open: boolean;
  /** Esc; ignored while `busy`. */
  onCancel: () => void;
  busy?: boolean;
  /** Rendered only while open. */
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Esc asks `onCancel` (the dialog closes when `open` turns false), and focus returns to the element that
 * opened it.
 */
export function ModalDialog({ open, onCancel, busy, children, ...props }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || dialog.open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      {...props}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && children}
    </dialog>
  );
}

/** The heading a dialog is labelled by. */
export function DialogTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold text-slate-900">
      {children}
    </h2>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shows the confirm button in red (destructive actions). */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation (see ModalDialog): Cancel has the focus, Esc cancels. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();

  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      className={DIALOG_PANEL_CLASS}
    >
      <div className="p-6">
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children && (
          <div id={bodyId} className="mt-2 text-sm text-slate-600">
            {children}
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy} autoFocus>
            {cancelLabel}
          </Button>
          <Button
            size="sm"
            onClick={onConfirm}
            disabled={busy}
            className={danger ? 'bg-red-600 shadow-red-900/20 hover:bg-red-700 active:bg-red-800' : undefined}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
