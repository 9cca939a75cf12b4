import { ADMIN_LOGIN_PATH, AUTH_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../../shared/constants';
import type { ApiError } from './api-error';
import type { HttpMethod } from './api-transport';

/** The stored bearer token the client sends, and what happens when a call answers 401. */

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  try {
    return storage()?.getItem(AUTH_TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

/** Removes both stored tokens. */
export function clearAuthTokens(): void {
  const store = storage();
  try {
    store?.removeItem(AUTH_TOKEN_STORAGE_KEY);
    store?.removeItem(REFRESH_TOKEN_STORAGE_KEY);
  } catch {
    // storage disabled: nothing stored
  }
}

export interface UnauthorizedContext {
  /** The 401 (already logged). */
  error: ApiError;
  method: HttpMethod;
  url: string;
  /** True when the 401 answered the one retry; returning 'retry' then has no effect. */
  isRetry: boolean;
}

/**
 * Runs when a call answers 401. Return 'retry' (e.g. after refreshing the token) to send the call once
 * more with the token then stored; anything else lets the call reject with the 401.
 */
export type UnauthorizedHandler = (context: UnauthorizedContext) => string | void | Promise<string | void>;

/** Spec behaviour: both tokens removed, browser sent to /admin/login (unless it is already there). */
export function defaultUnauthorizedHandler(): void {
  clearAuthTokens();
  if (isBrowser() && window.location.pathname !== ADMIN_LOGIN_PATH) {
    window.location.assign(ADMIN_LOGIN_PATH);
  }
}

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/** Replaces the 401 handler (null restores the default). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
}

/** Runs the 401 handler in place (set by setUnauthorizedHandler, else the default). */
export function runUnauthorizedHandler(context: UnauthorizedContext): ReturnType<UnauthorizedHandler> {
  return unauthorizedHandler(context);
}
