/**
 * The Blog tab's own URLs, each a route (src/web/routes.ts): /admin/blog (posts), /admin/blog/new, /admin/blog/{id}/edit,
 * /admin/blog/categories, /admin/blog/comments and /admin/blog/subscribers. The posts list keeps its filters and page in the
 * query string, so a filtered view can be bookmarked and survives a reload or a trip to the form.
 */

export const BLOG_ADMIN_BASE = '/admin/blog';

export type BlogView =
  | { kind: 'posts' }
  | { kind: 'new' }
  | { kind: 'edit'; id: number }
  | { kind: 'categories' }
  | { kind: 'comments' }
  | { kind: 'subscribers' };

/** The address of a Blog view, with the posts list's query string carried along to and from the form. */
export function blogPath(view: BlogView, search = ''): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  switch (view.kind) {
    case 'posts':
      return `${BLOG_ADMIN_BASE}${query}`;
    case 'new':
      return `${BLOG_ADMIN_BASE}/new${query}`;
    case 'edit':
      return `${BLOG_ADMIN_BASE}/${view.id}/edit${query}`;
    case 'categories':
      return `${BLOG_ADMIN_BASE}/categories`;
    case 'comments':
      return `${BLOG_ADMIN_BASE}/comments`;
    case 'subscribers':
      return `${BLOG_ADMIN_BASE}/subscribers`;
  }
}

export const postStatusFilters = ['', 'published', 'draft'] as const;
export type PostStatusFilter = (typeof postStatusFilters)[number];
export const postFeaturedFilters = ['', 'featured', 'not-featured'] as const;
export type PostFeaturedFilter = (typeof postFeaturedFilters)[number];

export interface PostListFilters {
  search: string;
  /** Category id as text; '' for all. */
  category: string;
  status: PostStatusFilter;
  featured: PostFeaturedFilter;
  page: number;
}

export const defaultListFilters: PostListFilters = { search: '', category: '', status: '', featured: '', page: 1 };

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T {
  return allowed.includes(value as T) ? (value as T) : allowed[0]!;
}

/** The list filters of a query string; anything unknown falls back to the default. */
export function readListFilters(params: URLSearchParams): PostListFilters {
  const page = Number(params.get('page'));
  const category = params.get('category') ?? '';
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    category: /^\d{1,9}$/.test(category) ? category : '',
    status: oneOf(params.get('status'), postStatusFilters),
    featured: oneOf(params.get('featured'), postFeaturedFilters),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string of the list filters, leaving out the defaults (so /admin/blog is the plain list). */
export function writeListFilters(filters: PostListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.status) params.set('status', filters.status);
  if (filters.featured) params.set('featured', filters.featured);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export const ADMIN_POSTS_PAGE_SIZE = 10;

/** GET /api/blog/posts parameters for the list filters ('' published asks for drafts too). */
export function listRequestParams(filters: PostListFilters): Record<string, string | number | undefined> {
  return {
    page: filters.page,
    limit: ADMIN_POSTS_PAGE_SIZE,
    search: filters.search.trim() || undefined,
    category: filters.category || undefined,
    published: filters.status === 'published' ? 'true' : filters.status === 'draft' ? 'false' : '',
    featured: filters.featured === 'featured' ? 'true' : filters.featured === 'not-featured' ? 'false' : undefined,
    sortBy: 'created_at',
    sortOrder: 'desc',
  };
}
