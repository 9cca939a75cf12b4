import { CircleCheck, Clock3 } from '../icons';
import { projectStatusLabel } from '../../../shared/contracts/portfolio-display.values';
import { cn } from '../../lib/cn';

/** Completed (done/completed) in green, In Progress (anything else) in amber. */
export function ProjectStatusBadge({ status, className }: { status: string; className?: string }) {
  const label = projectStatusLabel(status);
  const done = label === 'Completed';
  const Icon = done ? CircleCheck : Clock3;
  return (
    <span
      data-project-status=""
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm ring-1 ring-inset',
        done ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
