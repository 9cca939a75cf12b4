import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button';
import { DIALOG_PANEL_CLASS, DialogTitle, ModalDialog } from '../dialog';
import { Input } from '../input';

export interface TypedConfirmDialogProps {
  open: boolean;
  busy: boolean;
  /** What must be typed, exactly (the server asks for the same word). */
  word: string;
  title: string;
  /** What the action does, said before the box. */
  children: ReactNode;
  icon: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation of an action that cannot be undone (Clear Analytics, Restore Backup): what it does, and
 * a box where the word is typed; the red button stays disabled until the word is there exactly.
 */
export function TypedConfirmDialog({ open, busy, onCancel, ...form }: TypedConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className={DIALOG_PANEL_CLASS}
    >
      {/* Rendered only while open, so the typed word never outlives one opening. */}
      {open && <TypedConfirmForm {...form} titleId={titleId} bodyId={bodyId} busy={busy} onCancel={onCancel} />}
    </ModalDialog>
  );
}

function TypedConfirmForm({
  titleId,
  bodyId,
  busy,
  word,
  title,
  children,
  icon,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: Omit<TypedConfirmDialogProps, 'open'> & { titleId: string; bodyId: string }) {
  const [typed, setTyped] = useState('');
  const confirmed = typed === word;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirmed && !busy) onConfirm();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-6">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <div id={bodyId} className="text-sm text-slate-600">
        {children}
      </div>
      <Input
        label={`Type ${word} to confirm`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        disabled={busy}
        autoFocus
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          size="sm"
          disabled={!confirmed || busy}
          className="bg-red-600 shadow-red-900/20 hover:bg-red-700 active:bg-red-800"
        >
          {icon}
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </form>
  );
}
