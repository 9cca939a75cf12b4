import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint, X } from './icons';
import type { NotificationPosition } from '../../shared/contracts/app-settings.values';
import { cn } from '../lib/cn';
import { dismissToast, useToasts, type NotificationType } from '../lib/notifications';

const tones: Record<NotificationType, { box: string; icon: string; Icon: typeof Info }> = {
  success: { box: 'border-emerald-200', icon: 'text-emerald-600', Icon: CircleCheck },
  error: { box: 'border-red-200', icon: 'text-red-600', Icon: CircleExclamationPoint },
  warning: { box: 'border-amber-200', icon: 'text-amber-600', Icon: TriangleExclamationPoint },
  info: { box: 'border-sky-200', icon: 'text-sky-600', Icon: Info },
};

/**
 * Where the stack sits: the staff member's App settings choose the corner (phones: full width, top or
 * bottom). At the top it starts below the sticky header (4rem on the site and in the admin), whose buttons
 * (Refresh, the bell, Logout) stay usable while a toast shows.
 */
const corners: Record<NotificationPosition, string> = {
  'top-right': 'top-16 sm:right-0',
  'top-left': 'top-16 sm:left-0',
  'bottom-right': 'bottom-0 sm:right-0',
  'bottom-left': 'bottom-0 sm:left-0',
};

/**
 * The toast stack, top right unless a staff member chose another corner. The two live regions exist from the start so screen readers announce
 * what is added: errors and warnings assertively (role=alert), the rest politely (role=status).
 */
export function Toaster({ position = 'top-right' }: { position?: NotificationPosition }) {
  const visible = useToasts();
  const urgent = visible.filter((item) => item.type === 'error' || item.type === 'warning');
  const polite = visible.filter((item) => item.type === 'success' || item.type === 'info');

  return (
    <div
      data-toaster={position}
      className={cn(
        'pointer-events-none fixed inset-x-0 z-[70] flex flex-col items-stretch gap-2 p-3 sm:inset-x-auto sm:w-96 sm:p-4',
        corners[position],
      )}
    >
      {[
        { role: 'alert', list: urgent },
        { role: 'status', list: polite },
      ].map(({ role, list }) => (
        <div
          key={role}
          role={role}
          aria-live={role === 'alert' ? 'assertive' : 'polite'}
          className="flex flex-col gap-2"
        >
          {list.map((item) => {
            const { box, icon, Icon } = tones[item.type];
            return (
              <div
                key={item.id}
                data-toast={item.type}
                className={cn(
                  'pointer-events-auto flex animate-fade-up gap-3 rounded-xl border bg-white p-4 text-sm shadow-lg shadow-slate-900/10',
                  box,
                )}
              >
                <Icon className={cn('mt-0.5 size-5 shrink-0', icon)} aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">{item.title}</p>
                  <p className="mt-0.5 break-words text-slate-600">{item.message}</p>
                </div>
                <button
                  type="button"
                  onClick={() => dismissToast(item.id)}
                  aria-label={`Dismiss notification: ${item.title}`}
                  className="-m-1 h-fit rounded-md p-1 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
