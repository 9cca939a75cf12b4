import {
  Bell,
  CheckCheck,
  CircleCheck,
  CircleExclamationPoint,
  Info,
  Trash2,
  TriangleExclamationPoint,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import {
  clearNotifications,
  markAllRead,
  setRead,
  useNotifications,
  type AppNotification,
  type NotificationType,
} from '../../lib/notifications';

const icons: Record<NotificationType, { Icon: typeof Info; className: string; label: string }> = {
  success: { Icon: CircleCheck, className: 'text-emerald-600', label: 'Success' },
  error: { Icon: CircleExclamationPoint, className: 'text-red-600', label: 'Error' },
  warning: { Icon: TriangleExclamationPoint, className: 'text-amber-600', label: 'Warning' },
  info: { Icon: Info, className: 'text-sky-600', label: 'Info' },
};

function timeLabel(timestamp: number): string {
  return new Date(timestamp).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** The header bell: unread count and the notifications of this session. */
export function NotificationBell() {
  const items = useNotifications();
  const unread = items.filter((item) => !item.read).length;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        className="relative grid size-10 place-items-center rounded-lg text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 grid min-w-4.5 place-items-center rounded-full bg-red-600 px-1 text-[0.65rem] leading-4.5 font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10 sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <div className="flex gap-1">
              <button
                type="button"
                onClick={markAllRead}
                disabled={unread === 0}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-40"
              >
                <CheckCheck className="size-3.5" aria-hidden="true" />
                Mark all read
              </button>
              <button
                type="button"
                onClick={clearNotifications}
                disabled={items.length === 0}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-40"
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
                Clear
              </button>
            </div>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications yet.</p>
          ) : (
            <ul className="max-h-[min(24rem,70dvh)] divide-y divide-slate-100 overflow-y-auto">
              {items.map((item) => (
                <NotificationItem key={item.id} item={item} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationItem({ item }: { item: AppNotification }) {
  const { Icon, className, label } = icons[item.type];
  return (
    <li className={cn('flex gap-3 px-4 py-3', !item.read && 'bg-brand-50/40')}>
      <Icon className={cn('mt-0.5 size-4.5 shrink-0', className)} aria-label={label} role="img" />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-sm text-slate-900', item.read ? 'font-medium' : 'font-semibold')}>
            {item.title}
            {!item.read && <span className="sr-only"> (unread)</span>}
          </span>
          <time dateTime={new Date(item.timestamp).toISOString()} className="shrink-0 text-xs text-slate-500">
            {timeLabel(item.timestamp)}
          </time>
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-600">{item.message}</p>
        <button
          type="button"
          onClick={() => setRead(item.id, !item.read)}
          className="mt-1 rounded-sm text-xs font-medium text-brand-700 hover:underline"
        >
          {item.read ? 'Mark as unread' : 'Mark as read'}
        </button>
      </div>
    </li>
  );
}
