import { CalendarRange } from '../../components/admin/icons';
import { useId, useState, type FormEvent } from 'react';
import { analyticsPeriodPresets } from '../../../shared/contracts/analytics-dashboard';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { cn } from '../../lib/cn';
import { customRange, type AnalyticsPeriod } from './analytics-period';

const segment =
  'inline-flex h-9 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none sm:px-3 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&_svg]:size-4';

/**
 * 7, 30 or 90 days ending today, or a custom range of days (both included). The custom form starts from
 * the days on show (`shown`) and checks the range with the contract's rules before it is applied.
 */
export function PeriodPicker({
  period,
  shown,
  onChange,
}: {
  period: AnalyticsPeriod;
  /** The days the figures on show cover (what the server resolved), to start the custom range from. */
  shown: { from: string; to: string } | null;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  const [customOpen, setCustomOpen] = useState(period.kind === 'range');
  const custom = customOpen || period.kind === 'range';

  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="Period"
        className="flex w-full gap-1 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset sm:w-fit"
      >
        {analyticsPeriodPresets.map((days) => {
          const active = !custom && period.kind === 'days' && period.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setCustomOpen(false);
                onChange({ kind: 'days', days });
              }}
              className={cn(
                segment,
                active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
              )}
            >
              {days} days
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={custom}
          aria-expanded={custom}
          onClick={() => setCustomOpen(true)}
          className={cn(
            segment,
            custom ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
          )}
        >
          <CalendarRange aria-hidden="true" className="hidden sm:block" />
          Custom
        </button>
      </div>
      {custom && (
        <CustomRangeForm
          // A new range on show (or a link followed) starts the form again from it.
          key={period.kind === 'range' ? `${period.from}/${period.to}` : `${shown?.from}/${shown?.to}`}
          initial={period.kind === 'range' ? period : shown}
          onApply={onChange}
        />
      )}
    </div>
  );
}

function CustomRangeForm({
  initial,
  onApply,
}: {
  initial: { from: string; to: string } | null;
  onApply: (period: AnalyticsPeriod) => void;
}) {
  const errorId = useId();
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = customRange(from, to);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    onApply(result.period);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Custom period"
      className="flex flex-wrap items-end gap-3"
      data-custom-period
    >
      {(
        [
          ['From', from, setFrom],
          ['To', to, setTo],
        ] as const
      ).map(([label, value, set]) => (
        <Input
          key={label}
          type="date"
          label={label}
          value={value}
          onChange={(event) => set(event.target.value)}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          containerClassName="min-w-36 flex-1 sm:flex-none"
          className="h-9"
          required
        />
      ))}
      <Button type="submit" size="sm" variant="secondary" className="w-full sm:w-auto">
        Apply
      </Button>
      {error && (
        <p id={errorId} role="alert" className="w-full text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
