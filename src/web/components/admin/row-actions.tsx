import { ExternalLink } from '../icons';
import { Pencil, Trash2 } from './icons';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button';

export interface RowActionsProps {
  /** The row's name, for the buttons' accessible names. */
  name: string;
  /** Where the row is on the public site; no link when it is not public. */
  viewHref?: string;
  /** The edit screen. */
  editTo: string;
  canEdit: boolean;
  disabled: boolean;
  onDelete: () => void;
  /** The buttons' words: always (the phone cards), or in a table when it is wide enough, or never. */
  labels?: ActionLabels;
  /** Hover titles on the Edit and Delete buttons. */
  tooltips?: boolean;
  /** The list's own actions, between View and Edit (Download PDF, Revoke…). */
  extra?: ReactNode;
}

/**
 * Where a row button shows its word next to its icon (its accessible name is always whole): 'always' on the
 * phone cards; 'wide' in a table, once its card is 64rem wide (a table sized for that with the words); 'never'
 * in a table with too many buttons for the words to fit beside its columns.
 */
export type ActionLabels = 'always' | 'wide' | 'never';

/** The class of a row button's word (a span after its icon). */
export function actionLabelClass(labels: ActionLabels): string | undefined {
  if (labels === 'always') return undefined;
  return labels === 'wide' ? 'hidden @min-[64rem]:inline' : 'hidden';
}

/** View on the site, Edit and Delete at the end of an admin list row. */
export function RowActions({
  name,
  viewHref,
  editTo,
  canEdit,
  disabled,
  onDelete,
  labels = 'always',
  tooltips,
  extra,
}: RowActionsProps) {
  const labelClass = actionLabelClass(labels);
  return (
    <div className={cn('flex items-center justify-end gap-1', labels === 'always' && 'flex-wrap')}>
      {viewHref && (
        <a
          href={viewHref}
          target="_blank"
          rel="noopener"
          className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          title="View on the site"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">View “{name}” on the site (opens in a new tab)</span>
        </a>
      )}
      {extra}
      {canEdit && (
        <>
          <Button
            to={editTo}
            variant="ghost"
            size="sm"
            title={tooltips ? 'Edit' : undefined}
            aria-label={`Edit “${name}”`}
          >
            <Pencil aria-hidden="true" />
            <span className={labelClass}>Edit</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            disabled={disabled}
            onClick={onDelete}
            title={tooltips ? 'Delete' : undefined}
            aria-label={`Delete “${name}”`}
          >
            <Trash2 aria-hidden="true" />
            <span className={labelClass}>Delete</span>
          </Button>
        </>
      )}
    </div>
  );
}
