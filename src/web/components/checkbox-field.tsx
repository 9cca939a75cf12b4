import { useId } from 'react';
import { cn } from '../lib/cn';

export interface CheckboxFieldProps {
  label: string;
  /** What ticking it does, under the label and announced with the box. */
  hint: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  className?: string;
  disabled?: boolean;
}

/** A checkbox with its label and a line of explanation beside it. */
export function CheckboxField({ label, hint, name, checked, onChange, id, className, disabled }: CheckboxFieldProps) {
  const generatedId = useId();
  const boxId = id ?? generatedId;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={boxId}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${boxId}-hint`}
        className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600 disabled:opacity-50"
      />
      <div className={cn(disabled && 'opacity-70')}>
        <label htmlFor={boxId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${boxId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}
