/**
 * The addresses of a tab that lists items and edits them on pages of their own: {base} (the list, its
 * filters in the query string), {base}/new and {base}/{id}/edit. The Portfolio and Certification tabs use
 * them as they are; the Blog tab adds pages of its own beside them.
 */

export type EditorView = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: number };

/** The view named by what follows the tab's base (undefined or '' for the list); null when unknown. */
export function parseEditorPath(rest: string | undefined): EditorView | null {
  const path = (rest ?? '').replace(/^\/+|\/+$/g, '');
  if (path === '') return { kind: 'list' };
  if (path === 'new') return { kind: 'new' };
  const edit = /^(\d{1,9})\/edit$/.exec(path);
  if (edit) {
    const id = Number(edit[1]);
    return id > 0 ? { kind: 'edit', id } : null;
  }
  return null;
}

/** The address of a view under `base`, with the list's query string carried along. */
export function editorPath(base: string, view: EditorView, search = ''): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  switch (view.kind) {
    case 'list':
      return `${base}${query}`;
    case 'new':
      return `${base}/new${query}`;
    case 'edit':
      return `${base}/${view.id}/edit${query}`;
  }
}
