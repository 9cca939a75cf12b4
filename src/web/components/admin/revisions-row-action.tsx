import { useState } from 'react';
import { Button } from '../button';
import { Clock } from '../icons';
import { RevisionsDialog, type RevisionField } from './revisions-dialog';
import { actionLabelClass, type ActionLabels } from './row-actions';

/**
 * A list row's Revisions button for those who read but do not edit (viewers, ADR 0041): the item's saved
 * states and their comparison, without Restore.
 */
export function RevisionsRowAction({
  item,
  name,
  noun,
  fields,
  labels,
}: {
  /** The item's API address ('/blog/posts/12'). */
  item: string;
  name: string;
  noun: string;
  fields: RevisionField[];
  labels: ActionLabels;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Revisions of “${name}”`}>
        <Clock aria-hidden="true" />
        <span className={actionLabelClass(labels)}>Revisions</span>
      </Button>
      <RevisionsDialog
        open={open}
        onClose={() => setOpen(false)}
        item={item}
        noun={noun}
        fields={fields}
        canRestore={false}
        onRestored={() => setOpen(false)}
      />
    </>
  );
}
