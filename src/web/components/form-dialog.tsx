import { useId, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { DIALOG_PANEL_CLASS, DialogTitle, ModalDialog } from './dialog';
import { cn } from '../lib/cn';

export interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
  /** Extra buttons on the left of the footer (e.g. Remove link). */
  extraActions?: ReactNode;
  busy?: boolean;
  className?: string;
}

/**
 * A small modal form on the shared ModalDialog (the page behind is inert, Esc cancels, focus returns
 * to the opener): the editor's link and image prompts, never window.prompt. Rendered into <body> so its
 * <form> is never nested in the post form (React events still bubble through the portal, hence
 * stopPropagation on submit).
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  onSubmit,
  onCancel,
  children,
  extraActions,
  busy,
  className,
}: FormDialogProps) {
  const titleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!busy) onSubmit();
  }

  if (typeof document === 'undefined') return null;
  return createPortal(
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby={titleId}
      className={cn(DIALOG_PANEL_CLASS, className)}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-6">
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
          <div className="flex-1">{extraActions}</div>
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>,
    document.body,
  );
}
