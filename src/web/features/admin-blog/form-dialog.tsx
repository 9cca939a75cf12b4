import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';

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
 * A small modal form on the native <dialog> (the page behind is inert, Esc cancels, focus returns to
 * the opener): the editor's link and image prompts, never window.prompt. Rendered into <body> so its
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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

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

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!busy) onSubmit();
  }

  if (typeof document === 'undefined') return null;
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-700 shadow-2xl',
        'backdrop:bg-slate-950/50 backdrop:backdrop-blur-[2px]',
        className,
      )}
    >
      {open && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
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
      )}
    </dialog>,
    document.body,
  );
}
