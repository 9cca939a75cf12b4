import { PORTFOLIO_PAGE_SIZE } from '../../../shared/contracts/portfolio-display.values';
import { PORTFOLIO_PATH } from '../../components/portfolio/project-format';

/**
 * The state of /portfolio, mirrored in its address. Only non-default values appear there, in a fixed
 * order (industry, technology, search, sort, page), so every view has one address.
 */
export interface PortfolioListState {
  /** An industry name; 'all' is the default. */
  industry: string;
  /** A technology name; 'all' is the default. */
  technology: string;
  search: string;
  sort: PortfolioListSort;
  page: number;
}

/** The list page's sorts: Newest First, Oldest First, A-Z, By Client. */
export const portfolioListSorts = ['newest', 'oldest', 'title', 'client'] as const;
export type PortfolioListSort = (typeof portfolioListSorts)[number];
export const portfolioSortLabels: Record<PortfolioListSort, string> = {
  newest: 'Newest First',
  oldest: 'Oldest First',
  title: 'A-Z',
  client: 'By Client',
};

export const ALL = 'all';
export const DEFAULT_PORTFOLIO_LIST_STATE: PortfolioListState = {
  industry: ALL,
  technology: ALL,
  search: '',
  sort: 'newest',
  page: 1,
};

/** The API's own limits on these values. */
const SEARCH_MAX = 200;
const NAME_MAX = 100;

const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);
const orAll = (value: string) => (value === '' || value.toLowerCase() === ALL ? ALL : value);

function parseSort(value: string | null): PortfolioListSort {
  if (value === 'alphabetical') return 'title';
  return (portfolioListSorts as readonly string[]).includes(value ?? '') ? (value as PortfolioListSort) : 'newest';
}

/** Reads the state from a query string; unknown or malformed values fall back to their defaults. */
export function parsePortfolioListState(params: URLSearchParams): PortfolioListState {
  const pageText = params.get('page') ?? '';
  return {
    industry: orAll(text(params.get('industry'), NAME_MAX)),
    technology: orAll(text(params.get('technology'), NAME_MAX)),
    search: text(params.get('search') ?? params.get('q'), SEARCH_MAX),
    sort: parseSort(params.get('sort')),
    page: /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1,
  };
}

/** The query parameters of a state: non-default values only, in a fixed order. */
export function portfolioListParams(state: PortfolioListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.industry !== ALL) params.set('industry', state.industry);
  if (state.technology !== ALL) params.set('technology', state.technology);
  if (state.search) params.set('search', state.search);
  if (state.sort !== DEFAULT_PORTFOLIO_LIST_STATE.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The address of the list with some values changed; changing anything but the page goes back to page 1. */
export function portfolioListHref(state: PortfolioListState, changes: Partial<PortfolioListState> = {}): string {
  const next: PortfolioListState = { ...state, ...changes };
  if (changes.page === undefined) next.page = 1;
  const query = portfolioListParams(next).toString();
  return query ? `${PORTFOLIO_PATH}?${query}` : PORTFOLIO_PATH;
}

/** How many filters narrow the list (industry, technology, search; not sort or page). */
export function activeFilterCount(state: PortfolioListState): number {
  return [state.industry !== ALL, state.technology !== ALL, state.search !== ''].filter(Boolean).length;
}

/** The address with every filter and the search cleared (the sort stays). */
export function clearedFiltersHref(state: PortfolioListState): string {
  return portfolioListHref(state, { industry: ALL, technology: ALL, search: '' });
}

/** The GET /api/portfolio/projects query of a state. */
export function portfolioListQuery(state: PortfolioListState): Record<string, string | number | undefined> {
  return {
    page: state.page,
    limit: PORTFOLIO_PAGE_SIZE,
    industry: state.industry === ALL ? undefined : state.industry,
    technology: state.technology === ALL ? undefined : state.technology,
    search: state.search || undefined,
    sort: state.sort,
  };
}

/** 'N project(s) found' plus ' in {industry}', ' using {technology}' and the search term when set. */
export function resultSummary(total: number, state: PortfolioListState): string {
  let summary = `${total} ${total === 1 ? 'project' : 'projects'} found`;
  if (state.industry !== ALL) summary += ` in ${state.industry}`;
  if (state.technology !== ALL) summary += ` using ${state.technology}`;
  if (state.search) summary += ` matching “${state.search}”`;
  return summary;
}

/** A go-to-page entry as a page number, or null unless it is a whole number from 1 to `pages`. */
export function parseGoToPage(value: string, pages: number): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= 1 && page <= pages ? page : null;
}

/** Hidden inputs that keep the other values of the state when one GET form submits without JavaScript. */
export function hiddenValues(
  state: PortfolioListState,
  omit: ReadonlyArray<keyof PortfolioListState>,
): Array<{ name: keyof PortfolioListState; value: string }> {
  const values: Array<{ name: keyof PortfolioListState; value: string }> = [
    { name: 'industry', value: state.industry === ALL ? '' : state.industry },
    { name: 'technology', value: state.technology === ALL ? '' : state.technology },
    { name: 'search', value: state.search },
    { name: 'sort', value: state.sort === 'newest' ? '' : state.sort },
  ];
  return values.filter((item) => item.value !== '' && !omit.includes(item.name));
}

/** The list state a GET form of the page describes (its visible fields plus the hidden ones). */
export function stateFromForm(form: HTMLFormElement): PortfolioListState {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string') params.set(name, value);
  }
  return parsePortfolioListState(params);
}
