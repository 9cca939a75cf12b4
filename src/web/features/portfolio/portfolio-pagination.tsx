import { ChevronLeft, ChevronRight } from '../../components/icons';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/button';
import { PAGE_LINK_IDLE, PageNumbers } from '../../components/page-numbers';
import { PORTFOLIO_PATH } from '../../components/portfolio/project-format';
import { cn } from '../../lib/cn';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { hiddenValues, parseGoToPage, portfolioListHref, type PortfolioListState } from './portfolio-list-state';

/** The go-to-page box appears above this many pages. */
export const GO_TO_PAGE_MIN_PAGES = 10;

/** 36 px boxes on a phone: the arrows, 5 numbers and two gaps then fit one row on a 360 px screen. */
const box =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2 text-sm font-medium transition sm:h-10 sm:min-w-10 sm:px-2.5';
const disabled = 'pointer-events-none bg-slate-50 text-slate-300 ring-1 ring-slate-100 ring-inset';

/** A page change keeps the scroll position for the router and scrolls smoothly to the top itself. */
function useScrollToTop() {
  const reduced = usePrefersReducedMotion();
  return () => window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
}

function EdgeLink({
  page,
  pages,
  state,
  label,
  children,
  onNavigate,
}: {
  page: number;
  pages: number;
  state: PortfolioListState;
  label: string;
  children: ReactNode;
  onNavigate: () => void;
}) {
  if (page < 1 || page > pages) {
    return (
      <span className={cn(box, disabled)} aria-disabled="true" aria-label={label} role="link">
        {children}
      </span>
    );
  }
  return (
    <Link
      to={portfolioListHref(state, { page })}
      preventScrollReset
      onClick={onNavigate}
      aria-label={label}
      className={cn(box, PAGE_LINK_IDLE)}
    >
      {children}
    </Link>
  );
}

function GoToPage({ state, pages }: { state: PortfolioListState; pages: number }) {
  const navigate = useNavigate();
  const scrollToTop = useScrollToTop();
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      method="get"
      action={PORTFOLIO_PATH}
      noValidate
      className="flex flex-wrap items-center justify-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem('page') as HTMLInputElement;
        const page = parseGoToPage(input.value, pages);
        if (page === null) {
          setError(`Enter a whole number from 1 to ${pages}.`);
          input.focus();
          return;
        }
        setError(null);
        input.value = '';
        scrollToTop();
        void navigate(portfolioListHref(state, { page }), { preventScrollReset: true });
      }}
    >
      {hiddenValues(state, []).map((item) => (
        <input key={item.name} type="hidden" name={item.name} value={item.value} />
      ))}
      <label htmlFor={inputId} className="text-sm text-slate-600">
        Go to page
      </label>
      <input
        id={inputId}
        name="page"
        type="number"
        inputMode="numeric"
        min={1}
        max={pages}
        step={1}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={() => setError(null)}
        className="h-10 w-20 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs focus:outline-none focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/20 aria-invalid:border-red-500"
      />
      <button type="submit" className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'h-10' })}>
        Go
      </button>
      {error && (
        <p id={errorId} role="alert" className="w-full text-center text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** Previous, a window of 5 pages plus the first and last with ellipses, next; real links. */
export function PortfolioPagination({ state, pages }: { state: PortfolioListState; pages: number }) {
  const scrollToTop = useScrollToTop();
  if (pages <= 1) return null;
  const current = Math.min(state.page, pages);
  const edge = (page: number, label: string, icon: ReactNode) => (
    <EdgeLink page={page} pages={pages} state={state} label={label} onNavigate={scrollToTop}>
      {icon}
    </EdgeLink>
  );

  return (
    <div className="flex flex-col items-center gap-4">
      {/* One row: the arrows never wrap away from the numbers (the phone's shorter window makes room). */}
      <nav aria-label="Pagination" className="flex items-center justify-center gap-1 sm:gap-2">
        {edge(current - 1, 'Previous page', <ChevronLeft className="size-4" aria-hidden="true" />)}
        <PageNumbers
          current={current}
          pages={pages}
          href={(page) => portfolioListHref(state, { page })}
          boxClassName={box}
          gapClassName="px-0.5 text-slate-400"
          preventScrollReset
          onNavigate={scrollToTop}
        />
        {edge(current + 1, 'Next page', <ChevronRight className="size-4" aria-hidden="true" />)}
      </nav>
      {pages > GO_TO_PAGE_MIN_PAGES && <GoToPage state={state} pages={pages} />}
    </div>
  );
}
