import { useState } from 'react';
import { RevisionsDialog } from '../../components/admin/revisions-dialog';
import { Button } from '../../components/button';
import { Clock } from '../../components/icons';
import type { CollectionSpec, ContentItem } from './content-specs';

/**
 * An item's Revisions button and dialog (ADR 0041): the saved states of a service, team member…, compared
 * with the current one; editors and admins restore, viewers read.
 */
export function ContentRevisionsButton({
  spec,
  item,
  title,
  canEdit,
  onRestored,
}: {
  spec: CollectionSpec;
  item: ContentItem;
  title: string;
  canEdit: boolean;
  onRestored: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Revisions of “${title}”`}
        title="Revisions"
        className={canEdit ? undefined : 'ml-auto'}
      >
        <Clock aria-hidden="true" />
      </Button>
      <RevisionsDialog
        open={open}
        onClose={() => setOpen(false)}
        item={`/${spec.path}/${item.id}`}
        noun={spec.label.toLowerCase()}
        fields={spec.fields.map((field) => ({ name: field.name, label: field.label }))}
        canRestore={canEdit}
        onRestored={(message) => {
          setOpen(false);
          onRestored(message);
        }}
      />
    </>
  );
}
