import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { pagerItems, type PagerItem } from '../lib/page-window';

/** A pager box that is not the current page. */
export const PAGE_LINK_IDLE =
  'bg-white text-slate-700 ring-1 ring-slate-200 ring-inset hover:bg-slate-50 hover:text-slate-900';
const PAGE_LINK_CURRENT = 'bg-brand-600 text-white shadow-sm';

export interface PageNumbersProps {
  current: number;
  pages: number;
  /** The address of a page. */
  href: (page: number) => string;
  /** The pager's box (size, padding); the colours are added here. */
  boxClassName: string;
  gapClassName: string;
  /** Set on the links: keep the scroll position for the router (the pager scrolls itself). */
  preventScrollReset?: boolean;
  onNavigate?: () => void;
}

/** Hides an entry on a phone or from 640 px up when it belongs to the other width's window (pagerItems). */
const shownAt = (item: PagerItem) => (!item.phone ? 'hidden sm:block' : !item.wide ? 'sm:hidden' : undefined);

/**
 * The numbered links of a pager: a window of 5 pages with the first and last and '…' gaps (pageWindow),
 * narrowed to 3 on a phone so that the pager stays one row there (pagerItems).
 */
export function PageNumbers({
  current,
  pages,
  href,
  boxClassName,
  gapClassName,
  preventScrollReset,
  onNavigate,
}: PageNumbersProps) {
  return (
    <ul className="flex items-center gap-1 sm:gap-2">
      {pagerItems(current, pages).map((item, index) =>
        'gap' in item ? (
          <li key={`gap-${index}`} aria-hidden="true" className={cn(gapClassName, shownAt(item))}>
            …
          </li>
        ) : (
          <li key={item.page} className={shownAt(item)}>
            <Link
              to={href(item.page)}
              preventScrollReset={preventScrollReset}
              onClick={onNavigate}
              aria-label={`Page ${item.page}`}
              aria-current={item.page === current ? 'page' : undefined}
              className={cn(boxClassName, item.page === current ? PAGE_LINK_CURRENT : PAGE_LINK_IDLE)}
            >
              {item.page}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
