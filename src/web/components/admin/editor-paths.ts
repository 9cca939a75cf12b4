/**
 * The addresses of a tab that lists items and edits them on pages of their own: {base} (the list, its
 * filters in the query string), {base}/new and {base}/{id}/edit, each a route of its own (src/web/routes.ts).
 * The Portfolio and Certification tabs use them as they are; the Blog tab adds pages of its own beside them.
 */

export type EditorView = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: number };

/**
 * The item id of an {base}/{id}/edit address (the route's `id` parameter): a whole number from 1 to
 * 999999999; null for anything else, which names no page.
 */
export function editorId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,9}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
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
