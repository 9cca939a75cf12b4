import { Trash2 } from './icons';
import type { ReactNode } from 'react';
import { Button } from '../button';

/** The bar over a list while rows are selected: how many, then the actions for them (Delete last). */
export function BulkActionBar({
  count,
  disabled,
  onDelete,
  children,
}: {
  count: number;
  disabled: boolean;
  onDelete: () => void;
  /** The other actions, before Delete. */
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5"
    >
      <p className="mr-auto text-sm font-medium text-brand-900" aria-live="polite">
        {count} selected
      </p>
      {children}
      <Button size="sm" variant="secondary" disabled={disabled} className="text-red-700" onClick={onDelete}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
