import { blogSorts } from '../../../shared/contracts/blog.values';
import { ListSortSelect } from '../../components/list-controls';
import { hiddenValues, stateFromForm } from './blog-list-forms';
import { blogListHref, BLOG_LIST_PATH, blogSortLabels, type BlogListState } from './blog-list-state';

/** The sort choice; it applies on change, or with the Sort button when JavaScript is off. */
export function BlogSortSelect({ state }: { state: BlogListState }) {
  return (
    <ListSortSelect
      action={BLOG_LIST_PATH}
      hidden={hiddenValues(state, ['sort'])}
      hrefFromForm={(form) => blogListHref(state, { sort: stateFromForm(form).sort })}
      id="blog-sort"
      sort={state.sort}
      sorts={blogSorts}
      labels={blogSortLabels}
    />
  );
}
