import { ErrorCode } from '../../shared/errors';
import { ERROR_LOG_MEMORY_MAX, ERROR_LOG_PERSISTED_MAX, ERROR_LOG_STORAGE_KEY } from '../../shared/constants';

/**
 * The client error log: failed API calls and unhandled browser errors.
 * The last 10 entries survive a reload in localStorage, up to 100 are kept in memory for the admin.
 *
 * This module is imported during server rendering too: nothing here touches window or localStorage
 * until a function is called, and every browser API is feature-checked.
 * Entries hold a message, a classification and, for API failures, the method, URL and status only:
 * never a token, a header or a request body.
 */

export const ErrorType = {
  NETWORK: 'NETWORK',
  VALIDATION: 'VALIDATION',
  AUTHENTICATION: 'AUTHENTICATION',
  AUTHORIZATION: 'AUTHORIZATION',
  NOT_FOUND: 'NOT_FOUND',
  SERVER: 'SERVER',
  CLIENT: 'CLIENT',
  UNKNOWN: 'UNKNOWN',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

export const ErrorSeverity = {
  LOW: 'LOW',
  MEDIUM: 'MEDIUM',
  HIGH: 'HIGH',
  CRITICAL: 'CRITICAL',
} as const;
export type ErrorSeverity = (typeof ErrorSeverity)[keyof typeof ErrorSeverity];

/** What is known about the call that failed; the URL has sensitive query values redacted. */
export interface ErrorLogContext {
  url?: string;
  method?: string;
  status?: number;
  code?: string;
}

export interface ErrorLogEntry {
  id: string;
  message: string;
  type: ErrorType;
  severity: ErrorSeverity;
  stack: string | null;
  /** ISO 8601 time the error was logged. */
  time: string;
  context?: ErrorLogContext;
}

export interface LogErrorInput {
  message: string;
  type?: ErrorType;
  severity?: ErrorSeverity;
  stack?: string | null;
  context?: ErrorLogContext;
}

export interface ErrorClassification {
  type: ErrorType;
  severity: ErrorSeverity;
}

/** Newest first. Filled from localStorage on first use in a browser. */
let entries: ErrorLogEntry[] = [];
let hydrated = false;
const listeners = new Set<(entries: readonly ErrorLogEntry[]) => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access can throw (storage disabled, sandboxed frame).
    return null;
  }
}

function isEntry(value: unknown): value is ErrorLogEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.message === 'string' &&
    typeof v.type === 'string' &&
    v.type in ErrorType &&
    typeof v.severity === 'string' &&
    v.severity in ErrorSeverity &&
    typeof v.time === 'string'
  );
}

function readPersisted(): ErrorLogEntry[] {
  const store = storage();
  if (!store) return [];
  try {
    const raw = store.getItem(ERROR_LOG_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, ERROR_LOG_PERSISTED_MAX) : [];
  } catch {
    return [];
  }
}

function persist(): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(ERROR_LOG_STORAGE_KEY, JSON.stringify(entries.slice(0, ERROR_LOG_PERSISTED_MAX)));
  } catch {
    // Quota exceeded or storage disabled: the in-memory log still has the entry.
  }
}

function hydrate(): void {
  if (hydrated) return;
  hydrated = true;
  const persisted = readPersisted();
  const known = new Set(entries.map((entry) => entry.id));
  entries = [...entries, ...persisted.filter((entry) => !known.has(entry.id))].slice(0, ERROR_LOG_MEMORY_MAX);
}

function newId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `err_${Date.now().toString(36)}_${random}`;
}

function notify(): void {
  const snapshot = getErrorLog();
  for (const listener of listeners) {
    try {
      listener(snapshot);
    } catch {
      // A broken listener must not break logging.
    }
  }
}

const SENSITIVE_PARAM = /token|passw|secret|api[-_]?key|signature|^key$|^auth|session/i;

/** Keeps the URL useful for debugging while never storing credentials that ended up in a query string. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const [base, query] = [url.slice(0, queryStart), url.slice(queryStart + 1)];
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // keep the raw name
    }
    return eq !== -1 && SENSITIVE_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return `${base}?${parts.join('&')}`;
}

/** Adds an entry to the log and returns it. */
export function logError(input: LogErrorInput): ErrorLogEntry {
  hydrate();
  const entry: ErrorLogEntry = {
    id: newId(),
    message: input.message || 'Unknown error occurred',
    type: input.type ?? ErrorType.UNKNOWN,
    severity: input.severity ?? ErrorSeverity.MEDIUM,
    stack: input.stack ?? null,
    time: new Date().toISOString(),
  };
  if (input.context) {
    const { url, method, status, code } = input.context;
    entry.context = {
      ...(url !== undefined ? { url: redactUrl(url) } : {}),
      ...(method !== undefined ? { method } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(code !== undefined ? { code } : {}),
    };
  }
  entries = [entry, ...entries].slice(0, ERROR_LOG_MEMORY_MAX);
  persist();
  notify();
  return entry;
}

/**
 * Type and severity of a failed API call, from its status (0 = no answer) and, where it says more,
 * the server's error code.
 */
export function classifyApiError(error: { status: number; code?: string }): ErrorClassification {
  const { status, code } = error;
  if (code === ErrorCode.DATABASE_UNAVAILABLE || code === ErrorCode.MIGRATIONS_PENDING) {
    return { type: ErrorType.SERVER, severity: ErrorSeverity.CRITICAL };
  }
  if (status === 0) {
    return code === 'NETWORK_ERROR' || code === 'TIMEOUT' || code === undefined
      ? { type: ErrorType.NETWORK, severity: ErrorSeverity.HIGH }
      : { type: ErrorType.CLIENT, severity: ErrorSeverity.MEDIUM };
  }
  if (status === 400 || status === 422) return { type: ErrorType.VALIDATION, severity: ErrorSeverity.LOW };
  if (status === 401) return { type: ErrorType.AUTHENTICATION, severity: ErrorSeverity.MEDIUM };
  if (status === 403) return { type: ErrorType.AUTHORIZATION, severity: ErrorSeverity.MEDIUM };
  if (status === 404) return { type: ErrorType.NOT_FOUND, severity: ErrorSeverity.LOW };
  if (status >= 500) return { type: ErrorType.SERVER, severity: ErrorSeverity.HIGH };
  if (status >= 400) return { type: ErrorType.CLIENT, severity: ErrorSeverity.MEDIUM };
  return { type: ErrorType.UNKNOWN, severity: ErrorSeverity.LOW };
}

/** Logs a failed API call: method, URL, status and message (never headers or bodies). */
export function logApiFailure(failure: {
  url: string;
  method: string;
  status: number;
  message: string;
  code?: string;
}): ErrorLogEntry {
  const { type, severity } = classifyApiError(failure);
  return logError({
    message: failure.message,
    type,
    severity,
    context: {
      url: failure.url,
      method: failure.method,
      status: failure.status,
      ...(failure.code !== undefined ? { code: failure.code } : {}),
    },
  });
}

/** The in-memory log, newest first (up to 100, including the last 10 persisted by earlier visits). */
export function getErrorLog(): ErrorLogEntry[] {
  hydrate();
  return entries.map((entry) => ({ ...entry, ...(entry.context ? { context: { ...entry.context } } : {}) }));
}

/** The entries persisted in this browser's localStorage, newest first (up to 10). */
export function getPersistedErrorLog(): ErrorLogEntry[] {
  return readPersisted();
}

/** Empties the in-memory log and the persisted copy. */
export function clearErrorLog(): void {
  hydrated = true;
  entries = [];
  const store = storage();
  try {
    store?.removeItem(ERROR_LOG_STORAGE_KEY);
  } catch {
    // nothing persisted to clear
  }
  notify();
}

/** Calls the listener with the whole log whenever it changes; returns the unsubscribe function. */
export function subscribeToErrorLog(listener: (entries: readonly ErrorLogEntry[]) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function describeReason(reason: unknown): { message: string; stack: string | null } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? null };
  if (typeof reason === 'string') return { message: reason, stack: null };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: null };
  } catch {
    return { message: String(reason), stack: null };
  }
}

/** Logs an uncaught error (the window's `error` event) as CLIENT / HIGH; see global-error-handlers.ts. */
export function logUncaughtError(event: ErrorEvent): void {
  const fromError = event.error !== undefined && event.error !== null ? describeReason(event.error) : null;
  logError({
    message: fromError?.message || event.message || 'Unknown error occurred',
    stack: fromError?.stack ?? null,
    type: ErrorType.CLIENT,
    severity: ErrorSeverity.HIGH,
  });
}

/** Logs an unhandled promise rejection as CLIENT / HIGH; see global-error-handlers.ts. */
export function logUnhandledRejection(event: PromiseRejectionEvent): void {
  const { message, stack } = describeReason(event.reason);
  logError({
    message: message || 'Unhandled promise rejection',
    stack,
    type: ErrorType.CLIENT,
    severity: ErrorSeverity.HIGH,
  });
}
