import { editorPath, type EditorView } from '../../components/admin/editor-paths';

/**
 * The Portfolio tab's own URLs: /admin/portfolio (the list), /admin/portfolio/new and
 * /admin/portfolio/{id}/edit. The list keeps its search, filter and page in the query string, so a
 * filtered view survives a reload or a trip to the form and back.
 */

export const PORTFOLIO_ADMIN_BASE = '/admin/portfolio';
/** Projects per admin list page (the blog list's size). */
export const ADMIN_PROJECTS_PAGE_SIZE = 10;

export type PortfolioView = EditorView;

export function portfolioPath(view: PortfolioView, search = ''): string {
  return editorPath(PORTFOLIO_ADMIN_BASE, view, search);
}

/** The list filter: All Projects, Completed, In Progress, Featured. */
export const projectListFilters = [
  { value: '', label: 'All Projects' },
  { value: 'completed', label: 'Completed' },
  { value: 'progress', label: 'In Progress' },
  { value: 'featured', label: 'Featured' },
] as const;
export type ProjectListFilter = (typeof projectListFilters)[number]['value'];

export interface ProjectListState {
  search: string;
  filter: ProjectListFilter;
  page: number;
}

export const defaultProjectListState: ProjectListState = { search: '', filter: '', page: 1 };

/** The list state of a query string; anything unknown falls back to the default. */
export function readProjectListState(params: URLSearchParams): ProjectListState {
  const page = Number(params.get('page'));
  const filter = params.get('filter') ?? '';
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    filter: projectListFilters.some((f) => f.value === filter) ? (filter as ProjectListFilter) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of the list state, leaving out the defaults (so /admin/portfolio is the plain list). */
export function writeProjectListState(state: ProjectListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.filter) params.set('filter', state.filter);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** GET /api/portfolio/projects parameters: staff ask for published and unpublished alike (''). */
export function projectListRequest(state: ProjectListState): Record<string, string | number | undefined> {
  return {
    page: state.page,
    limit: ADMIN_PROJECTS_PAGE_SIZE,
    search: state.search.trim() || undefined,
    status: state.filter === 'completed' ? 'done' : state.filter === 'progress' ? 'progress' : undefined,
    featured: state.filter === 'featured' ? 'true' : undefined,
    published: '',
    sortBy: 'created_at',
    sortOrder: 'desc',
  };
}
