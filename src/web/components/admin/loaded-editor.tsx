import { Fragment, type ReactNode } from 'react';
import type { AutosaveKind } from '../../../shared/contracts/revisions';
import { EditorLoadError, useEditorLoad } from './editor-load-error';
import { useDraftOffer } from './editor-versioning';
import { fetchAutosave } from './revisions-api';

export interface LoadedEditorProps<Item extends { id: number; version?: number }, Extra> {
  kind: AutosaveKind;
  /** The item edited; undefined for a new one. */
  id: number | undefined;
  fetchItem: (id: number) => Promise<Item>;
  /** What else the form needs (the blog's categories), loaded with the item. */
  fetchExtra?: () => Promise<Extra>;
  titles: { notFound: string; failed: string };
  listUrl: string;
  backLabel: string;
  /** Shown while loading. */
  skeleton: ReactNode;
  /** The form for the item (null: a new one), starting from the restored draft when there is one. */
  form: (loaded: {
    item: Item | null;
    extra: Extra | undefined;
    draft: Record<string, unknown> | undefined;
    onReload: () => void;
  }) => ReactNode;
}

/**
 * An editor with autosave (ADR 0041), posts and projects: loads the item (none for a new one), what else
 * the form needs and the draft kept for this user, then shows the offer of that draft over the form. The
 * form starts afresh for another item, a newer version (after a reload) and a restored draft.
 */
export function LoadedEditor<Item extends { id: number; version?: number }, Extra = undefined>({
  kind,
  id,
  fetchItem,
  fetchExtra,
  titles,
  listUrl,
  backLabel,
  skeleton,
  form,
}: LoadedEditorProps<Item, Extra>) {
  const { data, failure, retry } = useEditorLoad(
    id ?? 'new',
    () =>
      Promise.all([
        fetchExtra?.(),
        id === undefined ? Promise.resolve(null) : fetchItem(id),
        // A kept draft that cannot be read is not offered; the editor still opens (ADR 0041).
        fetchAutosave(kind, id ?? 'new').catch(() => null),
      ]),
    titles,
  );
  const [extra, item, autosave] = data ?? [undefined, null, null];
  const draft = useDraftOffer(kind, autosave, id ?? 'new');

  if (failure) return <EditorLoadError failure={failure} onRetry={retry} backTo={listUrl} backLabel={backLabel} />;
  if (!data || (id !== undefined && !item)) return skeleton;
  return (
    <div className="flex flex-col gap-5">
      {draft.offer}
      <Fragment key={`${item?.id ?? 'new'}:${item?.version ?? 0}:${draft.restoredKey}`}>
        {form({ item, extra, draft: draft.restored, onReload: retry })}
      </Fragment>
    </div>
  );
}
