import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Help text under the field, announced with it. */
  hint?: ReactNode;
  /** Error text; marks the field invalid and is announced with it. */
  error?: ReactNode;
  id?: string;
  /** Shows the label only to screen readers (e.g. a search box with a visible icon). */
  hideLabel?: boolean;
  containerClassName?: string;
}

/** A labelled text field whose hint and error are wired with aria-describedby / aria-invalid. */
export function Input({
  label,
  hint,
  error,
  id,
  hideLabel,
  className,
  containerClassName,
  required,
  ...rest
}: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={inputId} className={cn('text-sm font-medium text-slate-800', hideLabel && 'sr-only')}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        id={inputId}
        required={required}
        {...rest}
        aria-describedby={describedBy}
        aria-invalid={error ? true : rest['aria-invalid']}
        className={cn(
          'block h-11 w-full rounded-lg border bg-white px-3.5 text-sm text-slate-900 shadow-xs transition-colors',
          'placeholder:text-slate-400 focus:outline-none focus-visible:ring-4',
          'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
          error
            ? 'border-red-500 focus-visible:border-red-600 focus-visible:ring-red-500/20'
            : 'border-slate-300 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-brand-500/20',
          className,
        )}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
