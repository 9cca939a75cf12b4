import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

/**
 * A grey placeholder block shown while content loads; hidden from assistive technology. It pulses while
 * the content is on its way; `still` for a block whose loading has not started (nothing to wait for yet,
 * and a pulse far down the page would keep the browser drawing frames nobody sees).
 */
export function Skeleton({ className, still, ...rest }: HTMLAttributes<HTMLDivElement> & { still?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn('rounded-md bg-slate-200', !still && 'animate-pulse motion-reduce:animate-none', className)}
      {...rest}
    />
  );
}
