import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Alert } from '../alert';
import { Button } from '../button';
import type { Notice } from '../notice';
import { Skeleton } from '../skeleton';

/** A list that could not load: the reason, and a button that asks again. */
export function ListLoadError({
  title,
  children,
  onRetry,
  retryLabel = 'Try Again',
}: {
  title?: ReactNode;
  children?: ReactNode;
  onRetry: () => void;
  /** The button's text ("Retry" where the spec names it so). */
  retryLabel?: string;
}) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/** Grey rows while a list loads for the first time; `label` is what screen readers hear. */
export function ListSkeleton({ label, rows, rowClassName }: { label: string; rows: number; rowClassName: string }) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  );
}

/** The dashed box a list shows instead of rows when there are none. */
export function EmptyList({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        'rounded-xl border border-dashed border-slate-300 px-4 text-center text-sm text-slate-500',
        className ?? 'bg-white py-12',
      )}
    >
      {children}
    </p>
  );
}

/**
 * The body of a paged admin list: why it could not load (with Try Again), grey rows until the first
 * page arrives, the empty box, or `children` (the rows), dimmed while another page loads.
 */
export function ListContent({
  list,
  loadingLabel,
  emptyText,
  children,
}: {
  list: { loadError: Notice | null; reload: () => void; data: unknown; rows: readonly unknown[]; loading: boolean };
  loadingLabel: string;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  if (list.loadError) {
    return (
      <ListLoadError title={list.loadError.title} onRetry={list.reload}>
        {list.loadError.detail}
      </ListLoadError>
    );
  }
  if (!list.data) return <ListSkeleton label={loadingLabel} rows={5} rowClassName="h-16 rounded-xl" />;
  if (list.rows.length === 0) return <EmptyList>{emptyText}</EmptyList>;
  return (
    <div aria-busy={list.loading} className={cn('transition-opacity', list.loading && 'opacity-60')}>
      {children}
    </div>
  );
}
