import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint, X } from './icons';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export type AlertTone = 'success' | 'error' | 'warning' | 'info';

const tones: Record<AlertTone, { box: string; icon: string; Icon: typeof Info }> = {
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: 'text-emerald-600', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-600', Icon: CircleExclamationPoint },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    icon: 'text-amber-600',
    Icon: TriangleExclamationPoint,
  },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: 'text-sky-600', Icon: Info },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  /** Extra content such as a Try Again button. */
  action?: ReactNode;
  className?: string;
}

/**
 * A message box. Errors and warnings are announced at once (role=alert), success and info politely
 * (role=status).
 */
export function Alert({ tone = 'info', title, children, onDismiss, action, className }: AlertProps) {
  const { box, icon, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border p-4 text-sm', box, className)}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', icon)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title ? 'mt-1' : undefined, 'opacity-90')}>{children}</div>}
        {action && <div className="mt-3">{action}</div>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 h-fit rounded-md p-1 opacity-70 transition hover:bg-black/5 hover:opacity-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/** Where a form that sends is: not sent, sending, or answered with a message to show. */
export type SendStatus =
  { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * The answer to a sent form: its message in a success or an error Alert, nothing before an answer. Keyed
 * by the outcome, so a new answer is a new box (announced as such) rather than the old one changed.
 */
export function SendStatusAlert({ status, className }: { status: SendStatus; className?: string }) {
  if (status.kind !== 'done' && status.kind !== 'error') return null;
  return (
    <Alert key={status.kind} tone={status.kind === 'done' ? 'success' : 'error'} className={className}>
      {status.message}
    </Alert>
  );
}
