import { ChevronLeft, ChevronRight } from '../icons';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button';

export interface PaginationFooterProps {
  /** Names the navigation landmark ("Blog post pages"). */
  label: string;
  page: number;
  pages: number;
  /** Disables both buttons while a page is on its way. */
  loading: boolean;
  onPage: (page: number) => void;
  /** Keeps the summary and the buttons on one line on narrow screens (the summary wraps instead). */
  oneLine?: boolean;
  /** The line beside the buttons ("Page 1 of 3 (42 total posts)"). */
  children: ReactNode;
}

/** Previous / Next under an admin list, with a summary of where the reader is. */
export function PaginationFooter({ label, page, pages, loading, onPage, oneLine, children }: PaginationFooterProps) {
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', !oneLine && 'flex-wrap')}>
      <p className="text-sm text-slate-600" data-pagination-summary>
        {children}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** "Page 2 of 3 (42 total posts)", the page capped at the last one. */
export function pageSummary(page: number, pages: number, total: number, plural: string): string {
  return `Page ${Math.min(page, pages)} of ${pages} (${total} total ${plural})`;
}

/** The footer of a paged list with its usual summary; nothing while the list is empty. */
export function ListPagination({
  plural,
  total,
  ...footer
}: Omit<PaginationFooterProps, 'children' | 'oneLine'> & { total: number; plural: string }) {
  if (total === 0) return null;
  return <PaginationFooter {...footer}>{pageSummary(footer.page, footer.pages, total, plural)}</PaginationFooter>;
}
