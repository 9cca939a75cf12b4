import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { Field, useFieldIds } from './field';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  id?: string;
  hideLabel?: boolean;
  /** Error text; marks the field invalid and is announced with it. */
  error?: ReactNode;
  containerClassName?: string;
  /** 36 px tall, for rows of small buttons (the default matches Input, 44 px). */
  compact?: boolean;
}

/** A labelled native select with the look of Input (its error wired like Input's). */
export function Select({
  label,
  id,
  hideLabel,
  error,
  compact,
  required,
  className,
  containerClassName,
  children,
  ...rest
}: SelectProps) {
  const { fieldId, describedBy } = useFieldIds(id, undefined, error, rest['aria-describedby']);
  return (
    <Field
      id={fieldId}
      label={label}
      error={error}
      required={required}
      hideLabel={hideLabel}
      className={containerClassName}
    >
      <select
        id={fieldId}
        required={required}
        {...rest}
        aria-describedby={describedBy}
        aria-invalid={error ? true : rest['aria-invalid']}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs transition-colors',
          'focus:outline-none focus-visible:ring-4',
          'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
          error
            ? 'border-red-500 focus-visible:ring-red-500/20'
            : 'border-slate-300 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-brand-500/20',
          compact ? 'h-9' : 'h-11',
          className,
        )}
      >
        {children}
      </select>
    </Field>
  );
}
