import type { ReactNode } from 'react';
import { ArrowLeft, Eye, LoaderCircle } from '../icons';
import { Pencil, Save } from './icons';
import { Button } from '../button';

/** The top of an edit screen: the way back to the list, the title, and the Preview / Edit switch. */
export function EditorHeader({
  backTo,
  backLabel,
  title,
  previewing,
  onTogglePreview,
  actions,
}: {
  backTo: string;
  backLabel: string;
  title: string;
  previewing: boolean;
  onTogglePreview: () => void;
  /** More buttons before Preview (Revisions). */
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="mr-auto min-w-0">
        <Button to={backTo} variant="link" className="mb-1">
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
        <h2 className="text-lg font-semibold break-words">{title}</h2>
      </div>
      {actions}
      <Button variant="secondary" size="sm" aria-pressed={previewing} onClick={onTogglePreview}>
        {previewing ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {previewing ? 'Edit' : 'Preview'}
      </Button>
    </div>
  );
}

/** Cancel and Save, kept in view at the bottom of an edit screen; Save submits the form `formId`. */
export function EditorActionBar({
  cancelTo,
  formId,
  busy,
  submitLabel,
  status,
}: {
  cancelTo: string;
  formId: string;
  busy: boolean;
  submitLabel: string;
  /** Shown at the start of the bar (the autosave state). */
  status?: ReactNode;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
      {status}
      <Button variant="secondary" to={cancelTo}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={busy}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
        {submitLabel}
      </Button>
    </div>
  );
}
