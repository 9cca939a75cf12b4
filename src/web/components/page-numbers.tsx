import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { pageWindow } from '../lib/page-window';

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

/** The numbered links of a pager: a window of 5 pages with the first and last and '…' gaps (pageWindow). */
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
    <ul className="flex items-center gap-1.5 sm:gap-2">
      {pageWindow(current, pages).map((item, index) =>
        item === 'gap' ? (
          <li key={`gap-${index}`} aria-hidden="true" className={gapClassName}>
            …
          </li>
        ) : (
          <li key={item}>
            <Link
              to={href(item)}
              preventScrollReset={preventScrollReset}
              onClick={onNavigate}
              aria-label={`Page ${item}`}
              aria-current={item === current ? 'page' : undefined}
              className={cn(boxClassName, item === current ? PAGE_LINK_CURRENT : PAGE_LINK_IDLE)}
            >
              {item}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}
