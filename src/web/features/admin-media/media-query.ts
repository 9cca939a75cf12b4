import type { QueryParams } from '../../lib/api-client';

/*
 * The Media tab's state in the address (?search=&category=&type=&sort=&view=&page=), so a reload or a
 * shared link shows the same files.
 */

export const mediaSorts = [
  { value: 'created_at-desc', label: 'Newest first' },
  { value: 'created_at-asc', label: 'Oldest first' },
  { value: 'original_name-asc', label: 'Name A–Z' },
  { value: 'original_name-desc', label: 'Name Z–A' },
  { value: 'size-desc', label: 'Largest first' },
  { value: 'size-asc', label: 'Smallest first' },
] as const;
export type MediaSort = (typeof mediaSorts)[number]['value'];

export const mediaTypes = [
  { value: '', label: 'All types' },
  { value: 'image', label: 'Images' },
  { value: 'image/jpeg', label: 'JPEG' },
  { value: 'image/png', label: 'PNG' },
  { value: 'image/gif', label: 'GIF' },
  { value: 'image/webp', label: 'WebP' },
  { value: 'application/pdf', label: 'PDF documents' },
] as const;

export type MediaView = 'grid' | 'list';

export interface MediaQuery {
  search: string;
  page: number;
  category: string;
  type: string;
  sort: MediaSort;
  view: MediaView;
  /** Only the files nothing refers to (the other filters do not apply then). */
  unused: boolean;
}

export const MEDIA_PAGE_SIZE = 24;

export function readMediaQuery(params: URLSearchParams): MediaQuery {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const type = params.get('type') ?? '';
  return {
    search: (params.get('search') ?? '').slice(0, 200),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    category: (params.get('category') ?? '').slice(0, 50),
    type: mediaTypes.some((t) => t.value === type) ? type : '',
    sort: mediaSorts.find((s) => s.value === sort)?.value ?? 'created_at-desc',
    view: params.get('view') === 'list' ? 'list' : 'grid',
    unused: params.get('unused') === '1',
  };
}

export function writeMediaQuery(query: MediaQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.category) params.set('category', query.category);
  if (query.type) params.set('type', query.type);
  if (query.sort !== 'created_at-desc') params.set('sort', query.sort);
  if (query.view !== 'grid') params.set('view', query.view);
  if (query.unused) params.set('unused', '1');
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

export function mediaListRequest(query: MediaQuery): QueryParams {
  const [sortBy, sortOrder] = query.sort.split('-');
  return {
    page: query.page,
    limit: MEDIA_PAGE_SIZE,
    search: query.search || undefined,
    category: query.category || undefined,
    mimeType: query.type || undefined,
    sortBy,
    sortOrder,
  };
}

export const isFiltered = (query: MediaQuery) => Boolean(query.search || query.category || query.type || query.unused);
