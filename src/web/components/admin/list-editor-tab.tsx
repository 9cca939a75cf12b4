import { Fragment, type ReactNode } from 'react';
import type { EditorView } from './editor-paths';
import { CannotEdit, ReadOnlyNote } from './read-only';

export interface ListEditorTabProps {
  view: EditorView;
  canEdit: boolean;
  /** Over the tab for a role that may read but not change (no note for editors and admins). */
  readOnlyNote: ReactNode;
  list: ReactNode;
  /** The form for a new item (undefined) or the item with this id; keyed by it, so each starts afresh. */
  editor: (id: number | undefined) => ReactNode;
  /** In place of the form for a role that may not use it. */
  cannotEdit: { title: string; backTo: string; backLabel: string; text: ReactNode };
}

/** An admin tab that is a list with an add/edit form (Portfolio, Certification): the view, by role. */
export function ListEditorTab({ view, canEdit, readOnlyNote, list, editor, cannotEdit }: ListEditorTabProps) {
  return (
    <div className="flex flex-col gap-6">
      {!canEdit && <ReadOnlyNote>{readOnlyNote}</ReadOnlyNote>}
      {view.kind === 'list' ? (
        list
      ) : canEdit ? (
        <Fragment key={view.kind === 'edit' ? view.id : 'new'}>
          {editor(view.kind === 'edit' ? view.id : undefined)}
        </Fragment>
      ) : (
        <CannotEdit title={cannotEdit.title} backTo={cannotEdit.backTo} backLabel={cannotEdit.backLabel}>
          {cannotEdit.text}
        </CannotEdit>
      )}
    </div>
  );
}
