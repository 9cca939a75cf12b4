import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { Field, fieldControlClass, useFieldIds } from './field';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  containerClassName?: string;
}

/** A labelled multi-line field, wired like Input (hint and error announced with it). */
export function Textarea({ label, hint, error, id, required, className, containerClassName, ...rest }: TextareaProps) {
  const { fieldId, describedBy } = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <Field id={fieldId} label={label} hint={hint} error={error} required={required} className={containerClassName}>
      <textarea
        id={fieldId}
        required={required}
        {...rest}
        aria-describedby={describedBy}
        aria-invalid={error ? true : rest['aria-invalid']}
        className={cn(fieldControlClass(Boolean(error)), 'py-2.5', className)}
      />
    </Field>
  );
}
