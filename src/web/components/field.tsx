import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface FieldProps {
  /** The control's id (the label points at it). */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Shows the label only to screen readers (e.g. a search box with a visible icon). */
  hideLabel?: boolean;
  className?: string;
  /** The control itself, wired with `fieldIds`. */
  children: ReactNode;
}

/** The ids a field's hint and error use, and the control's aria-describedby that names them. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, describedBy?: string) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return {
    fieldId,
    hintId,
    errorId,
    describedBy: [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

/** A form control's frame: its label (with a * when required), then the control, hint and error. */
export function Field({ id, label, hint, error, required, hideLabel, className, children }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn('text-sm font-medium text-slate-800', hideLabel && 'sr-only')}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The look Input and Textarea share: border, focus ring, disabled, and red while `invalid`. */
export function fieldControlClass(invalid: boolean): string {
  return cn(
    'block w-full rounded-lg border bg-white px-3.5 text-sm text-slate-900 shadow-xs transition-colors',
    'placeholder:text-slate-400 focus:outline-none focus-visible:ring-4',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-red-500 focus-visible:ring-red-500/20'
      : 'border-slate-300 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:ring-brand-500/20',
  );
}
