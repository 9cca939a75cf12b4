import { ListSearchForm } from '../../components/list-controls';
import { hiddenValues, stateFromForm } from './blog-list-forms';
import { blogListHref, BLOG_LIST_PATH, type BlogListState } from './blog-list-state';

/** The search box: a GET form, so it works without JavaScript; with it, the address stays minimal. */
export function BlogSearchForm({ state }: { state: BlogListState }) {
  return (
    <ListSearchForm
      action={BLOG_LIST_PATH}
      hidden={hiddenValues(state, ['search'])}
      hrefFromForm={(form) => blogListHref(state, { search: stateFromForm(form).search })}
      id="blog-search"
      label="Search articles"
      search={state.search}
      clearHref={blogListHref(state, { search: '' })}
    />
  );
}
