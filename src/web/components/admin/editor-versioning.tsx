import { useState, type ReactNode } from 'react';
import type { Autosave, AutosaveKind } from '../../../shared/contracts/revisions';
import { toast } from '../../lib/notifications';
import { Button } from '../button';
import { Clock } from '../icons';
import { AutosaveOffer, AutosaveStatus, VersionConflictDialog } from './autosave-parts';
import { RevisionsDialog, type RevisionField } from './revisions-dialog';
import { deleteAutosave, isStaleVersion } from './revisions-api';
import { useAutosave } from './use-autosave';

/*
 * What the post and project editors share of revisions, versions and autosave (ADR 0041): the Revisions
 * button and dialog, the autosave of the form and its state, and the dialog for a save refused because
 * somebody else saved first ("Reload their version" / "Overwrite with mine"). The Content tab's single
 * forms (the company information, the SEO settings) use the same dialogs, without autosave.
 */

/** The draft kept for this user, offered until restored or discarded (a new load offers its own draft). */
export function useDraftOffer(kind: AutosaveKind, autosave: Autosave | null, item: number | 'new') {
  const [decided, setDecided] = useState<{ draft: Autosave; restore: boolean } | null>(null);
  const choice = decided && decided.draft === autosave ? decided : null;
  const offered = autosave && !choice ? autosave : null;
  const restored = choice?.restore ? choice.draft.data : undefined;
  return {
    /** The draft's values, once the user chose to restore it. */
    restored,
    /** Changes when a draft is restored: part of the form's key, so that it starts again from the draft. */
    restoredKey: restored ? 'draft' : 'saved',
    offer: offered && (
      <AutosaveOffer
        savedAt={offered.saved_at}
        onRestore={() => setDecided({ draft: offered, restore: true })}
        onDiscard={() => {
          setDecided({ draft: offered, restore: false });
          void deleteAutosave(kind, item).catch(() => undefined);
        }}
      />
    ),
  };
}

export interface EditorVersioningOptions {
  kind: AutosaveKind;
  noun: string;
  /** The item being edited (null: a new one). */
  item: { id: number; version: number } | null;
  /** The item's API address ('/blog/posts/12'), for its revisions. */
  apiPath: string | null;
  fields: RevisionField[];
  values: Record<string, unknown>;
  dirty: boolean;
  busy: boolean;
  /** Loads the item again (after a restore, or to take another editor's version). */
  onReload: () => void;
  /** Saves the form over the newest version (after a conflict). */
  onOverwrite: () => void;
}

export interface VersionDialogsOptions {
  noun: string;
  /** The item's API address ('/blog/posts/12', '/company'), for its revisions; null: none yet. */
  apiPath: string | null;
  fields: RevisionField[];
  /** Editors and admins restore; viewers read. */
  canRestore: boolean;
  busy: boolean;
  /** Loads the item again (after a restore, or to take another editor's version). */
  onReload: () => void;
  /** Saves the form over the newest version (after a conflict). */
  onOverwrite: () => void;
}

/**
 * The Revisions button and dialog, and the dialog for a save refused because somebody else saved first
 * ("Reload their version" / "Overwrite with mine"): the editors' and the Content tab's single forms'.
 */
export function useVersionDialogs(options: VersionDialogsOptions) {
  const { noun, apiPath, fields, canRestore, busy, onReload, onOverwrite } = options;
  const [conflict, setConflict] = useState(false);
  const [revisionsOpen, setRevisionsOpen] = useState(false);

  const revisionsButton: ReactNode = apiPath && (
    <Button variant="secondary" size="sm" onClick={() => setRevisionsOpen(true)}>
      <Clock aria-hidden="true" />
      Revisions
    </Button>
  );

  const dialogs: ReactNode = apiPath && (
    <>
      <VersionConflictDialog
        open={conflict}
        noun={noun}
        busy={busy}
        onCancel={() => setConflict(false)}
        onReload={() => {
          setConflict(false);
          onReload();
        }}
        onOverwrite={() => {
          setConflict(false);
          onOverwrite();
        }}
      />
      <RevisionsDialog
        open={revisionsOpen}
        onClose={() => setRevisionsOpen(false)}
        item={apiPath}
        noun={noun}
        fields={fields}
        canRestore={canRestore}
        onRestored={(message) => {
          setRevisionsOpen(false);
          toast.success(message);
          onReload();
        }}
      />
    </>
  );

  return {
    revisionsButton,
    dialogs,
    /** True (and the conflict dialog opens) when `error` is a save refused as stale. */
    conflicted(error: unknown): boolean {
      if (!isStaleVersion(error)) return false;
      setConflict(true);
      return true;
    },
  };
}

export function useEditorVersioning(options: EditorVersioningOptions) {
  const { kind, noun, item, apiPath, fields, values, dirty, busy, onReload, onOverwrite } = options;
  const autosave = useAutosave({
    kind,
    item: item?.id ?? 'new',
    values,
    dirty,
    version: item?.version ?? null,
    enabled: !busy,
  });
  const versions = useVersionDialogs({
    noun,
    apiPath: item && apiPath,
    fields,
    canRestore: true,
    busy,
    onReload: () => void autosave.clear().then(onReload),
    onOverwrite,
  });

  return {
    revisionsButton: versions.revisionsButton,
    dialogs: versions.dialogs,
    status: <AutosaveStatus state={autosave.state} />,
    /** Drops the draft: after an explicit save. */
    clearDraft: autosave.clear,
    conflicted: versions.conflicted,
  };
}
