import { useSyncExternalStore } from 'react';

/**
 * The admin's toasts: short-lived messages about what this screen just did,
 * held in memory for this tab only. Errors stay until closed, the rest close after their duration.
 * The header bell is not fed from here: it lists the server's notifications (GET /api/notifications),
 * which survive a reload and follow the staff member to another browser.
 */

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** Milliseconds the toast stays; 0 when persistent. */
  duration: number;
  persistent: boolean;
  /** ms since the epoch. */
  timestamp: number;
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
/** Most toasts on screen at once; the oldest closes when another arrives. */
export const TOASTS_MAX = 5;

const defaultTitles: Record<NotificationType, string> = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
};

let items: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: readonly Toast[]) {
  items = next;
  for (const listener of listeners) listener();
}

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

/** Shows a toast; answers its id. */
export function notify(input: NotifyInput): string {
  const persistent = input.persistent ?? input.type === 'error';
  const duration = persistent ? 0 : (input.duration ?? NOTIFICATION_DEFAULT_DURATION_MS);
  counter += 1;
  const now = Date.now();
  const entry: Toast = {
    id: `t-${now.toString(36)}-${counter}`,
    type: input.type,
    title: input.title ?? defaultTitles[input.type],
    message: input.message,
    duration,
    persistent,
    timestamp: now,
    expiresAt: persistent ? null : now + duration,
  };
  const next = [entry, ...items];
  for (const dropped of next.slice(TOASTS_MAX)) clearTimer(dropped.id);
  emit(next.slice(0, TOASTS_MAX));
  if (!persistent && typeof window !== 'undefined') {
    timers.set(
      entry.id,
      setTimeout(() => dismissToast(entry.id), duration),
    );
  }
  return entry.id;
}

/** Closes the toast (by the user or its timer). */
export function dismissToast(id: string): void {
  clearTimer(id);
  if (items.some((item) => item.id === id)) emit(items.filter((item) => item.id !== id));
}

/** Closes every toast. */
export function dismissAllToasts(): void {
  for (const id of [...timers.keys()]) clearTimer(id);
  emit([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const empty: readonly Toast[] = [];

/** The toasts on screen now, newest first (outside React). */
export function currentToasts(): readonly Toast[] {
  return items;
}

/** The toasts on screen, newest first. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, currentToasts, () => empty);
}

export const toast = {
  success: (message: string, title?: string) => notify({ type: 'success', message, title }),
  error: (message: string, title?: string) => notify({ type: 'error', message, title }),
  warning: (message: string, title?: string) => notify({ type: 'warning', message, title }),
  info: (message: string, title?: string) => notify({ type: 'info', message, title }),
};
