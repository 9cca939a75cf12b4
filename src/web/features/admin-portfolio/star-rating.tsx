import { Star } from '../../components/icons';
import { useId } from 'react';
import { cn } from '../../lib/cn';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A 1–5 star rating as a group of native radio buttons: Tab reaches it, the arrow keys change it, and
 * screen readers hear "3 stars, 3 of 5".
 */
export function StarRating({
  value,
  onChange,
  label = 'Rating',
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex items-center gap-0.5">
        {STARS.map((star) => (
          <label
            key={star}
            className={cn(
              'grid size-9 cursor-pointer place-items-center rounded-lg transition-colors hover:bg-amber-50',
              'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-brand-500',
            )}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <Star
              className={cn('size-6', star <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
              aria-hidden="true"
            />
            <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600 tabular-nums" aria-hidden="true">
          {value}/5
        </span>
      </div>
    </fieldset>
  );
}
