import { ChevronLeft, ChevronRight } from '../../components/icons';
import { Link } from 'react-router';
import { PAGE_LINK_IDLE, PageNumbers } from '../../components/page-numbers';
import { cn } from '../../lib/cn';
import { blogListHref, type BlogListState } from './blog-list-state';

const box =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium transition';

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
      <Link
        to={blogListHref(state, { page })}
        rel={rel}
        aria-label={`${label} page`}
        className={cn(box, PAGE_LINK_IDLE)}
      >
        {rel === 'prev' && icon}
        <span className="hidden sm:inline">{label}</span>
        {rel === 'next' && icon}
      </Link>
    );

  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-1.5 sm:gap-2">
      {edge(current - 1, 'Previous', <ChevronLeft className="size-4" aria-hidden="true" />, 'prev')}
      <PageNumbers
        current={current}
        pages={pages}
        href={(page) => blogListHref(state, { page })}
        boxClassName={box}
        gapClassName="px-1 text-slate-400"
      />
      {edge(current + 1, 'Next', <ChevronRight className="size-4" aria-hidden="true" />, 'next')}
    </nav>
  );
}
