import {
  CircleCheck,
  CircleExclamationPoint,
  Info,
  RefreshCw,
  TriangleExclamationPoint,
  X,
} from '../../components/icons';
import { Bell, CheckCheck, Trash2 } from '../../components/admin/icons';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  NotificationMessage,
  type NotificationList,
  type NotificationType,
  type ServerNotification,
} from '../../../shared/contracts/notifications';
import { userMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { ownEntry } from '../../lib/own-entry';
import { broadcastDataUpdate } from '../../lib/data-update';
import { toast } from '../../lib/notifications';
import {
  clearNotifications,
  dismissNotification,
  fetchNotifications,
  markAllNotificationsRead,
  setNotificationRead,
} from '../../components/admin/staff-notifications-api';
import { useFormatDateTime } from '../../lib/date-time';

/** How often the bell asks the server for new notifications while the admin is open. */
export const NOTIFICATIONS_POLL_MS = 60_000;

const icons: Record<NotificationType, { Icon: typeof Info; className: string; label: string }> = {
  success: { Icon: CircleCheck, className: 'text-emerald-600', label: 'Success' },
  error: { Icon: CircleExclamationPoint, className: 'text-red-600', label: 'Error' },
  warning: { Icon: TriangleExclamationPoint, className: 'text-amber-600', label: 'Warning' },
  info: { Icon: Info, className: 'text-sky-600', label: 'Info' },
};

/** Only the admin's own paths are followed (a link is server data, never an arbitrary address). */
function adminLink(link: string | null): string | null {
  return link && /^\/admin(?:[/?#]|$)/.test(link) ? link : null;
}

function withUnread(notifications: ServerNotification[]): NotificationList {
  return { notifications, unread: notifications.filter((item) => !item.read).length };
}

/**
 * The signed-in staff member's notifications from the server: loaded when the admin opens, every
 * minute, and when the window regains focus. Changes show at once and are then confirmed by the server;
 * a change the server refuses is reported in a toast and the list is loaded again.
 */
function useServerNotifications() {
  const [list, setList] = useState<NotificationList | null>(null);
  const [loadFailed, setLoadFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const generation = useRef(0);
  /** The newest notification seen so far (null before the first answer). */
  const newestSeen = useRef<number | null>(null);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    setLoading(true);
    try {
      const result = await fetchNotifications();
      if (mine !== generation.current) return;
      setList(result);
      setLoadFailed(null);
      // A contact request that arrived since the last look: the Contacts list loads it now, not in 5 minutes.
      const seen = newestSeen.current;
      const fresh = seen === null ? [] : result.notifications.filter((item) => item.id > seen);
      if (fresh.some((item) => item.kind === 'contact')) broadcastDataUpdate('contacts');
      newestSeen.current = Math.max(seen ?? 0, ...result.notifications.map((item) => item.id));
    } catch (error) {
      if (mine !== generation.current) return;
      setLoadFailed(userMessage(error, { surface: 'admin', fallback: NotificationMessage.LOAD_FAILED }));
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), NOTIFICATIONS_POLL_MS);
    const onFocus = () => void load();
    const onVisible = () => document.visibilityState === 'visible' && void load();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  /** Shows `change` at once, then sends `call`; a refusal is toasted and the server's list reloaded. */
  const act = useCallback(
    async (change: (items: ServerNotification[]) => ServerNotification[], call: () => Promise<void>) => {
      // An answer to a load already on its way would undo the change on screen: it is ignored.
      generation.current += 1;
      setLoading(false);
      setList((current) => (current ? withUnread(change(current.notifications)) : current));
      try {
        await call();
      } catch (error) {
        toast.error(userMessage(error, { surface: 'admin', fallback: NotificationMessage.UPDATE_FAILED }));
        void load();
      }
    },
    [load],
  );

  return {
    list,
    loadFailed,
    loading,
    reload: load,
    setRead: (id: number, read: boolean) =>
      act(
        (items) => items.map((item) => (item.id === id ? { ...item, read } : item)),
        () => setNotificationRead(id, read),
      ),
    markAllRead: () => act((items) => items.map((item) => ({ ...item, read: true })), markAllNotificationsRead),
    dismiss: (id: number) =>
      act(
        (items) => items.filter((item) => item.id !== id),
        () => dismissNotification(id),
      ),
    clear: () => act(() => [], clearNotifications),
  };
}

/** The header bell: the unread count and the staff member's notifications, kept on the server. */
export function NotificationBell() {
  const notifications = useServerNotifications();
  const items = notifications.list?.notifications ?? [];
  const unread = notifications.list?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { reload } = notifications;

  useEffect(() => {
    if (!open) return;
    void reload();
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
  }, [open, reload]);

  function follow(item: ServerNotification) {
    setOpen(false);
    if (!item.read) void notifications.setRead(item.id, true);
  }

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
            data-unread-count
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
          aria-busy={notifications.loading}
          className="fixed inset-x-2 top-16 z-50 rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10 sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <div className="flex gap-1">
              <button
                type="button"
                onClick={() => void notifications.markAllRead()}
                disabled={unread === 0}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-40"
              >
                <CheckCheck className="size-3.5" aria-hidden="true" />
                Mark all read
              </button>
              <button
                type="button"
                onClick={() => void notifications.clear()}
                disabled={items.length === 0}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-40"
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
                Clear
              </button>
            </div>
          </div>
          {notifications.loadFailed && (
            <div role="alert" className="flex items-start gap-2 border-b border-red-100 bg-red-50 px-4 py-2.5 text-xs">
              <p className="flex-1 text-red-800">
                <span className="font-semibold">{NotificationMessage.LOAD_FAILED}</span>
                {notifications.loadFailed !== NotificationMessage.LOAD_FAILED && (
                  <span className="block">{notifications.loadFailed}</span>
                )}
              </p>
              <button
                type="button"
                onClick={() => void reload()}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-red-800 hover:bg-red-100"
              >
                <RefreshCw className="size-3.5" aria-hidden="true" />
                Retry
              </button>
            </div>
          )}
          {!notifications.list && !notifications.loadFailed ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">Loading notifications…</p>
          ) : items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-500">No notifications yet.</p>
          ) : (
            <ul className="max-h-[min(24rem,70dvh)] divide-y divide-slate-100 overflow-y-auto">
              {items.map((item) => (
                <NotificationItem
                  key={item.id}
                  item={item}
                  onFollow={() => follow(item)}
                  onToggleRead={() => void notifications.setRead(item.id, !item.read)}
                  onDismiss={() => void notifications.dismiss(item.id)}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationItem({
  item,
  onFollow,
  onToggleRead,
  onDismiss,
}: {
  item: ServerNotification;
  onFollow: () => void;
  onToggleRead: () => void;
  onDismiss: () => void;
}) {
  // A type the bell does not know (a newer server's) is shown as information.
  const { Icon, className, label } = ownEntry(icons, item.type) ?? icons.info;
  const link = adminLink(item.link);
  const formatDateTime = useFormatDateTime();
  const title = (
    <>
      {item.title}
      {!item.read && <span className="sr-only"> (unread)</span>}
    </>
  );
  return (
    <li className={cn('flex gap-3 px-4 py-3', !item.read && 'bg-brand-50/40')} data-notification={item.id}>
      <Icon className={cn('mt-0.5 size-4.5 shrink-0', className)} aria-label={label} role="img" />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline justify-between gap-2">
          <span
            className={cn('min-w-0 text-sm break-words text-slate-900', item.read ? 'font-medium' : 'font-semibold')}
          >
            {link ? (
              <Link to={link} onClick={onFollow} className="hover:text-brand-700 hover:underline">
                {title}
              </Link>
            ) : (
              title
            )}
          </span>
          <time dateTime={item.timestamp} className="shrink-0 text-xs text-slate-500">
            {Number.isNaN(Date.parse(item.timestamp)) ? '' : formatDateTime(item.timestamp, 'short')}
          </time>
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-600">{item.message}</p>
        <button
          type="button"
          onClick={onToggleRead}
          className="mt-1 rounded-sm text-xs font-medium text-brand-700 hover:underline"
        >
          {item.read ? 'Mark as unread' : 'Mark as read'}
        </button>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss notification: ${item.title}`}
        title="Dismiss"
        className="-m-1 h-fit rounded-md p-1 text-slate-400 transition hover:bg-slate-100 hover:text-slate-900"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
