import { useCallback, useState } from 'react';

/** The checked rows of a list page, by id; `ids` are the rows on show. */
export function useRowSelection(ids: readonly number[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));

  const toggle = useCallback((id: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  /** Keeps only the ids still on show (after a new page of rows arrives). */
  const keepOnly = useCallback((visible: readonly number[]) => {
    const keep = new Set(visible);
    setSelected((current) => new Set([...current].filter((id) => keep.has(id))));
  }, []);

  const remove = useCallback((id: number) => {
    setSelected((current) => new Set([...current].filter((other) => other !== id)));
  }, []);

  return {
    selected,
    allSelected,
    /** The selected ids among the rows on show, in their order. */
    selectedIds: ids.filter((id) => selected.has(id)),
    toggle,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(ids)),
    clear: () => setSelected(new Set()),
    keepOnly,
    remove,
  };
}

/** The look of a row's selection checkbox. */
export const rowCheckboxClass =
  'size-4 rounded border-slate-300 text-brand-600 accent-brand-600 focus-visible:outline-brand-500';
