import { useSyncExternalStore } from 'react';

/**
 * Admin notifications (spec 02, sections 3 and 9): a toast stack plus the session's notification list.
 * Held in memory for this tab only; nothing is persisted.
 */

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** Milliseconds the toast stays; 0 when persistent. */
  duration: number;
  persistent: boolean;
  /** ms since the epoch. */
  timestamp: number;
  read: boolean;
  /** The toast was closed (by the user or its timer); the entry stays in the list. */
  dismissed: boolean;
  expiresAt: number | null;
}

export interface NotifyInput {
  type: NotificationType;
  message: string;
  title?: string;
  duration?: number;
  /** Defaults to true for errors, false otherwise. */
  persistent?: boolean;
}

export const NOTIFICATION_DEFAULT_DURATION_MS = 5000;
export const NOTIFICATIONS_MAX = 50;

const defaultTitles: Record<NotificationType, string> = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
};

let items: readonly AppNotification[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: readonly AppNotification[]) {
  items = next;
  for (const listener of listeners) listener();
}

function update(id: string, change: Partial<AppNotification>) {
  emit(items.map((item) => (item.id === id ? { ...item, ...change } : item)));
}

export function notify(input: NotifyInput): string {
  const persistent = input.persistent ?? input.type === 'error';
  const duration = persistent ? 0 : (input.duration ?? NOTIFICATION_DEFAULT_DURATION_MS);
  counter += 1;
  const now = Date.now();
  const entry: AppNotification = {
    id: `n-${now.toString(36)}-${counter}`,
    type: input.type,
    title: input.title ?? defaultTitles[input.type],
    message: input.message,
    duration,
    persistent,
    timestamp: now,
    read: false,
    dismissed: false,
    expiresAt: persistent ? null : now + duration,
  };
  const next = [entry, ...items];
  for (const dropped of next.slice(NOTIFICATIONS_MAX)) clearTimer(dropped.id);
  emit(next.slice(0, NOTIFICATIONS_MAX));
  if (!persistent && typeof window !== 'undefined') {
    timers.set(
      entry.id,
      setTimeout(() => dismissToast(entry.id), duration),
    );
  }
  return entry.id;
}

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

/** Closes the toast; the notification stays in the list. */
export function dismissToast(id: string): void {
  clearTimer(id);
  update(id, { dismissed: true });
}

export function setRead(id: string, read: boolean): void {
  update(id, { read });
}

export function markAllRead(): void {
  emit(items.map((item) => (item.read ? item : { ...item, read: true })));
}

/** Empties the list and closes every toast. */
export function clearNotifications(): void {
  for (const id of timers.keys()) clearTimer(id);
  emit([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const empty: readonly AppNotification[] = [];

export function useNotifications(): readonly AppNotification[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => empty,
  );
}

export const toast = {
  success: (message: string, title?: string) => notify({ type: 'success', message, title }),
  error: (message: string, title?: string) => notify({ type: 'error', message, title }),
  warning: (message: string, title?: string) => notify({ type: 'warning', message, title }),
  info: (message: string, title?: string) => notify({ type: 'info', message, title }),
};
