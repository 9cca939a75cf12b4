import { useId } from 'react';
import { useAppSettings } from '../../lib/app-settings';
import { formatTime, useFormatDateTime } from '../../lib/date-time';
import { Alert } from '../alert';
import { Button } from '../button';
import { DIALOG_PANEL_BASE_CLASS, DialogTitle, ModalDialog } from '../dialog';
import { cn } from '../../lib/cn';
import { LoaderCircle } from '../icons';
import type { AutosaveState } from './use-autosave';

/*
 * What the editors show of autosave and versions (ADR 0041): the draft's saved state, the offer to bring
 * back a draft kept earlier, and the choice when somebody else saved the item meanwhile.
 */

/** "Saving…", "Saved at 14:02", "Couldn't save — retrying"; nothing before the first change. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  const clock = useAppSettings().localization.timeFormat;
  if (state.status === 'idle') return null;
  return (
    <p
      role="status"
      data-autosave={state.status}
      className="mr-auto flex items-center gap-1.5 self-center text-xs text-slate-500"
    >
      {state.status === 'saving' && (
        <>
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" /> Saving draft…
        </>
      )}
      {state.status === 'saved' && <>Draft saved at {formatTime(state.at, clock)}</>}
      {state.status === 'error' && <span className="text-amber-700">Couldn’t save the draft — retrying</span>}
    </p>
  );
}

/** "You have unsaved changes from <time>": Restore / Discard. */
export function AutosaveOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const format = useFormatDateTime();
  return (
    <Alert
      tone="info"
      title={`You have unsaved changes from ${format(savedAt)}`}
      action={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onRestore}>
            Restore
          </Button>
          <Button size="sm" variant="secondary" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      }
    >
      They were kept automatically while you edited and have not been saved.
    </Alert>
  );
}

/** A save refused because somebody else saved first: take their version, or save mine over it. */
export function VersionConflictDialog({
  open,
  noun,
  busy,
  onReload,
  onOverwrite,
  onCancel,
}: {
  open: boolean;
  noun: string;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      open={open}
      busy={busy}
      onCancel={onCancel}
      aria-labelledby={titleId}
      className={cn(DIALOG_PANEL_BASE_CLASS, 'max-w-lg')}
    >
      <div className="p-6" data-version-conflict>
        <DialogTitle id={titleId}>Someone else saved this {noun}</DialogTitle>
        <p className="mt-2 text-sm text-slate-600">
          The {noun} was saved by someone else after you opened it. Load their version (your changes here are dropped;
          older versions stay under Revisions), or save yours over it (theirs stays under Revisions).
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button variant="secondary" size="sm" onClick={onReload} disabled={busy}>
            Reload their version
          </Button>
          <Button size="sm" onClick={onOverwrite} disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Overwrite with mine
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
