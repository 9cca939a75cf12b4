import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  id?: string;
  hideLabel?: boolean;
  containerClassName?: string;
  /** 36 px tall, for rows of small buttons (the default matches Input, 44 px). */
  compact?: boolean;
}

/** A labelled native select with the look of Input. */
export function Select({
  label,
  id,
  hideLabel,
  compact,
  className,
  containerClassName,
  children,
  ...rest
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={selectId} className={cn('text-sm font-medium text-slate-800', hideLabel && 'sr-only')}>
        {label}
      </label>
      <select
        id={selectId}
        {...rest}
        className={cn(
          'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors',
          'hover:border-slate-400 focus:outline-none focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/20',
          'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
          compact ? 'h-9' : 'h-11',
          className,
        )}
      >
        {children}
      </select>
    </div>
  );
}
