import type { BlogListState } from './blog-list-state';
import { parseBlogListState } from './blog-list-state';

/**
 * The list state a GET form of the list page describes. Forms carry every value (the visible ones plus
 * hidden inputs for the rest), so without JavaScript the browser submits the same query.
 */
export function stateFromForm(form: HTMLFormElement): BlogListState {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') params.set(name, value);
  }
  return parseBlogListState(params);
}

/** Hidden inputs that keep the other values of the state when one form submits. */
export function hiddenValues(
  state: BlogListState,
  omit: ReadonlyArray<keyof BlogListState>,
): Array<{ name: string; value: string }> {
  const values: Array<{ name: keyof BlogListState; value: string }> = [
    { name: 'category', value: state.category === 'all' ? '' : state.category },
    { name: 'search', value: state.search },
    { name: 'tag', value: state.tag },
    { name: 'sort', value: state.sort === 'newest' ? '' : state.sort },
    { name: 'readTime', value: state.readTime },
    { name: 'dateRange', value: state.dateRange },
  ];
  return values.filter((item) => item.value !== '' && !omit.includes(item.name));
}
