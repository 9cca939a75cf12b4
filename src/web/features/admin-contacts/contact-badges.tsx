import { CalendarClock } from '../../components/icons';
import { CircleAlert } from '../../components/admin/icons';
import {
  contactPriorities,
  contactPriorityLabels,
  contactStatuses,
  contactStatusLabels,
  type ContactPriority,
  type ContactStatus,
} from '../../../shared/contracts/contacts.values';
import { formatShortDate } from '../../components/article/article-format';
import { cn } from '../../lib/cn';
import { useRootData } from '../../lib/root-data';
import { toSiteLocal } from '../../lib/site-time';

/** One colour per status, so a glance at the list tells them apart. */
const statusTones: Record<ContactStatus, string> = {
  new: 'bg-sky-50 text-sky-700 ring-sky-200',
  contacted: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  qualified: 'bg-violet-50 text-violet-700 ring-violet-200',
  in_progress: 'bg-amber-50 text-amber-800 ring-amber-200',
  converted: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  completed: 'bg-teal-50 text-teal-700 ring-teal-200',
  closed: 'bg-slate-100 text-slate-700 ring-slate-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
};

export function StatusBadge({ status }: { status: ContactStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        statusTones[status],
      )}
    >
      {contactStatusLabels[status]}
    </span>
  );
}

const priorityTones: Record<ContactPriority, { dot: string; text: string }> = {
  low: { dot: 'bg-slate-400', text: 'text-slate-600' },
  medium: { dot: 'bg-sky-500', text: 'text-slate-700' },
  high: { dot: 'bg-amber-500', text: 'text-amber-800' },
  urgent: { dot: 'bg-red-600', text: 'font-semibold text-red-700' },
};

export function PriorityLabel({ priority }: { priority: ContactPriority }) {
  const tone = priorityTones[priority];
  return (
    <span
      data-priority={priority}
      className={cn('inline-flex items-center gap-1.5 text-sm whitespace-nowrap', tone.text)}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', tone.dot)} />
      {contactPriorityLabels[priority]}
    </span>
  );
}

/** The failed-submission line: why a mail about the contact could not be delivered (plain text). */
export function FailedSubmissionLine({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p data-failed-submission className={cn('flex items-start gap-1 text-xs break-words text-red-700', className)}>
      <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

/** Today in the site's time zone (YYYY-MM-DD): what "due" is measured against (ADR 0047). */
export function useSiteToday(): string {
  const timeZone = useRootData()?.siteTimeZone ?? 'UTC';
  return toSiteLocal(new Date(), timeZone).slice(0, 10);
}

/** "Follow up Mar 5, 2026", amber once the day has come; nothing without a follow-up. */
export function FollowUpLine({ on, className }: { on: string | null; className?: string }) {
  const today = useSiteToday();
  if (!on) return null;
  const due = on <= today;
  return (
    <p
      data-follow-up={due ? 'due' : 'later'}
      className={cn(
        'flex items-center gap-1 text-xs',
        due ? 'font-medium text-amber-800' : 'text-slate-500',
        className,
      )}
    >
      <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {due ? 'Follow-up due' : 'Follow up'} {formatShortDate(on)}
      </span>
    </p>
  );
}

/** The `<option>`s of every status, in the contract's order, for a status select. */
export function StatusOptions() {
  return contactStatuses.map((status) => (
    <option key={status} value={status}>
      {contactStatusLabels[status]}
    </option>
  ));
}

/** The `<option>`s of every priority, lowest first, for a priority select. */
export function PriorityOptions() {
  return contactPriorities.map((priority) => (
    <option key={priority} value={priority}>
      {contactPriorityLabels[priority]}
    </option>
  ));
}
