import { useQuery } from '@tanstack/react-query';
import { LayoutGrid, List } from '../../components/admin/icons';
import { SearchField } from '../../components/admin/search-field';
import { Card } from '../../components/card';
import { Select } from '../../components/select';
import { cn } from '../../lib/cn';
import { fetchCategories, MEDIA_UPDATE } from './media-api';
import { mediaSorts, mediaTypes, type MediaQuery, type MediaSort } from './media-query';

interface MediaFiltersProps {
  query: MediaQuery;
  setQuery: (change: Partial<MediaQuery>) => void;
  searchInput: string;
  setSearchInput: (value: string) => void;
}

/** The Media tab's search, category, type and sort filters and the grid or list switch. */
export function MediaFilters({ query, setQuery, searchInput, setSearchInput }: MediaFiltersProps) {
  // The category filter's options; without them the filter offers "All categories" only.
  const categories = useQuery({ queryKey: [MEDIA_UPDATE, 'categories'], queryFn: fetchCategories }).data ?? [];
  return (
    <Card padding="sm" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_repeat(2,minmax(0,10rem))_minmax(0,11rem)_auto]">
        {/* The unused list is not filtered: its filters wait until it is left. */}
        <fieldset disabled={query.unused} className="contents">
          <SearchField
            label="Search files"
            placeholder="Search files"
            value={searchInput}
            onChange={setSearchInput}
            className="sm:col-span-2 lg:col-span-1"
          />
          <Select
            label="Category"
            hideLabel
            value={query.category}
            onChange={(event) => setQuery({ category: event.target.value })}
          >
            <option value="">All categories</option>
            {[...new Set([...categories, ...(query.category ? [query.category] : [])])].map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
          <Select
            label="Type"
            hideLabel
            value={query.type}
            onChange={(event) => setQuery({ type: event.target.value })}
          >
            {mediaTypes.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </Select>
          <Select
            label="Sort"
            hideLabel
            value={query.sort}
            onChange={(event) => setQuery({ sort: event.target.value as MediaSort })}
          >
            {mediaSorts.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </Select>
        </fieldset>
        <div role="group" aria-label="View" className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {(
            [
              ['grid', 'Grid', LayoutGrid],
              ['list', 'List', List],
            ] as const
          ).map(([view, label, Icon]) => (
            <button
              key={view}
              type="button"
              aria-pressed={query.view === view}
              onClick={() => setQuery({ view, page: query.page })}
              className={cn(
                'inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
                query.view === view ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
      </div>
    </Card>
  );
}
