import type { ReactNode } from 'react';
import { CannotEdit, ReadOnlyNote } from './read-only';

/**
 * An admin tab that is a list with an add/edit form (Portfolio, Certification): the note for a role that may
 * read but not change (none for editors and admins) over the page the route shows, the list or the form.
 */
export function ListEditorTab({
  canEdit,
  readOnlyNote,
  children,
}: {
  canEdit: boolean;
  readOnlyNote: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      {!canEdit && <ReadOnlyNote>{readOnlyNote}</ReadOnlyNote>}
      {children}
    </div>
  );
}

export interface ListEditorPageProps {
  canEdit: boolean;
  /** The item edited; undefined for a new one. */
  id: number | undefined;
  /** The form for a new item (undefined) or the item with this id. */
  editor: (id: number | undefined) => ReactNode;
  /** In place of the form for a role that may not use it. */
  cannotEdit: { title: string; backTo: string; backLabel: string; text: ReactNode };
}

/** A list tab's form page (new or edit), or what a role that may not use it sees instead. */
export function ListEditorPage({ canEdit, id, editor, cannotEdit }: ListEditorPageProps) {
  if (!canEdit) {
    return (
      <CannotEdit title={cannotEdit.title} backTo={cannotEdit.backTo} backLabel={cannotEdit.backLabel}>
        {cannotEdit.text}
      </CannotEdit>
    );
  }
  return editor(id);
}
