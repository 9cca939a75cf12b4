import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Field, fieldControlClass, useFieldIds } from './field';

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
  const { fieldId, describedBy } = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <Field
      id={fieldId}
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      className={containerClassName}
    >
      <input
        id={fieldId}
        required={required}
        {...rest}
        aria-describedby={describedBy}
        aria-invalid={error ? true : rest['aria-invalid']}
        className={cn(
          fieldControlClass(Boolean(error)),
          'h-11',
          Boolean(error) && 'focus-visible:border-red-600',
          className,
        )}
      />
    </Field>
  );
}
