import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { pageWindow } from '../../lib/page-window';
import { blogListHref, type BlogListState } from './blog-list-state';

const box =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium transition';
const idle = 'bg-white text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:text-slate-900';

/** Page links (real addresses): previous, a window of 5 pages with first/last and gaps, next. */
export function BlogPagination({ state, pages }: { state: BlogListState; pages: number }) {
  if (pages <= 1) return null;
  const current = Math.min(state.page, pages);
  const edge = (page: number, label: string, icon: React.ReactNode, rel: 'prev' | 'next') =>
    page < 1 || page > pages ? (
      <span className={cn(box, 'pointer-events-none bg-slate-50 text-slate-400')} aria-disabled="true">
        {rel === 'prev' && icon}
        <span className="hidden sm:inline">{label}</span>
        {rel === 'next' && icon}
      </span>
    ) : (
      <Link to={blogListHref(state, { page })} rel={rel} aria-label={`${label} page`} className={cn(box, idle)}>
        {rel === 'prev' && icon}
        <span className="hidden sm:inline">{label}</span>
        {rel === 'next' && icon}
      </Link>
    );

  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-1.5 sm:gap-2">
      {edge(current - 1, 'Previous', <ChevronLeft className="size-4" aria-hidden="true" />, 'prev')}
      <ul className="flex items-center gap-1.5 sm:gap-2">
        {pageWindow(current, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={blogListHref(state, { page: item })}
                aria-label={`Page ${item}`}
                aria-current={item === current ? 'page' : undefined}
                className={cn(box, item === current ? 'bg-brand-600 text-white shadow-sm' : idle)}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {edge(current + 1, 'Next', <ChevronRight className="size-4" aria-hidden="true" />, 'next')}
    </nav>
  );
}
