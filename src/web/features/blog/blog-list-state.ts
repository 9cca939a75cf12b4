import {
  BLOG_SEARCH_MAX_RESULTS,
  blogDateRanges,
  blogReadTimes,
  blogSorts,
  type BlogDateRange,
  type BlogReadTime,
  type BlogSort,
} from '../../../shared/contracts/blog.values';

/**
 * The state of the blog list page, mirrored in its address. Only non-default values appear there, in a
 * fixed order, so every filtered view has one crawlable URL.
 */
export interface BlogListState {
  /** Category slug; 'all' is the default. */
  category: string;
  search: string;
  /** Tag slug or name ('' for none). */
  tag: string;
  sort: BlogSort;
  readTime: BlogReadTime | '';
  dateRange: BlogDateRange | '';
  page: number;
}

export const BLOG_LIST_PATH = '/blog';
export const ALL_CATEGORIES = 'all';
export const DEFAULT_BLOG_LIST_STATE: BlogListState = {
  category: ALL_CATEGORIES,
  search: '',
  tag: '',
  sort: 'newest',
  readTime: '',
  dateRange: '',
  page: 1,
};

/** Longest search text / slug the list accepts from the address (the API's own limits). */
const SEARCH_MAX = 200;
const SLUG_MAX = 100;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

/** Reads the state from a query string; unknown or malformed values fall back to their defaults. */
export function parseBlogListState(params: URLSearchParams): BlogListState {
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const category = text(params.get('category'), SLUG_MAX).toLowerCase();
  return {
    category: category || ALL_CATEGORIES,
    search: text(params.get('search') ?? params.get('q'), SEARCH_MAX),
    tag: text(params.get('tag'), SLUG_MAX),
    sort: oneOf(blogSorts, params.get('sort')) ?? DEFAULT_BLOG_LIST_STATE.sort,
    readTime: oneOf(blogReadTimes, params.get('readTime')) ?? '',
    dateRange: oneOf(blogDateRanges, params.get('dateRange')) ?? '',
    page,
  };
}

/** The query parameters of a state: non-default values only, in a fixed order. */
export function blogListParams(state: BlogListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.category && state.category !== ALL_CATEGORIES) params.set('category', state.category);
  if (state.search) params.set('search', state.search);
  if (state.tag) params.set('tag', state.tag);
  if (state.sort !== DEFAULT_BLOG_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.readTime) params.set('readTime', state.readTime);
  if (state.dateRange) params.set('dateRange', state.dateRange);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/**
 * The address of the list with some values changed. Changing anything but the page goes back to page 1.
 */
export function blogListHref(state: BlogListState, changes: Partial<BlogListState> = {}): string {
  const next: BlogListState = { ...state, ...changes };
  if (changes.page === undefined) next.page = 1;
  const query = blogListParams(next).toString();
  return query ? `${BLOG_LIST_PATH}?${query}` : BLOG_LIST_PATH;
}

/** True when any filter or search narrows the list (sort and page do not). */
export function hasActiveFilters(state: BlogListState): boolean {
  return (
    state.category !== ALL_CATEGORIES ||
    state.search !== '' ||
    state.tag !== '' ||
    state.readTime !== '' ||
    state.dateRange !== ''
  );
}

/**
 * The number of posts found, as the page shows it: a search answers at most BLOG_SEARCH_MAX_RESULTS
 * posts, so a total at that cap means "that many or more" (ADR 0021).
 */
export function resultCountText(total: number, state: BlogListState): string {
  const capped = state.search !== '' && total >= BLOG_SEARCH_MAX_RESULTS;
  return capped ? `${BLOG_SEARCH_MAX_RESULTS.toLocaleString('en-US')}+` : String(total);
}

/** The GET /api/blog/posts query of a state. */
export function blogListQuery(state: BlogListState, limit: number): Record<string, string | number | undefined> {
  return {
    page: state.page,
    limit,
    category: state.category === ALL_CATEGORIES ? undefined : state.category,
    search: state.search || undefined,
    tag: state.tag || undefined,
    sort: state.sort,
    readTime: state.readTime || undefined,
    dateRange: state.dateRange || undefined,
  };
}

/** How the sort choices read (the sort select and the list's title). */
export const blogSortLabels: Record<BlogSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  popular: 'Most popular',
  alphabetical: 'Alphabetical (A-Z)',
};
