import { useSyncExternalStore } from 'react';
import { REFRESH_TOKEN_STORAGE_KEY, AUTH_TOKEN_STORAGE_KEY } from '../../../shared/constants';
import {
  AuthMessage,
  loginResponseDataSchema,
  tokenPairSchema,
  userResponseDataSchema,
  type PublicUser,
} from '../../../shared/contracts/auth';
import { secondStepSchema, type SecondStep } from '../../../shared/contracts/two-factor';
import { clearAuthTokens, setUnauthorizedHandler, type UnauthorizedHandler } from '../../lib/api-auth';
import { ApiError, api, untilTokenCallsAnswered, userMessage } from '../../lib/api-client';
import { forgetAppSettings } from '../../lib/app-settings';
import { clearAdminQueries } from '../../components/admin/admin-query';

/** The longest a sign-out waits for the calls still on their way before it ends the session on the server. */
const LOGOUT_WAITS_FOR_CALLS_MS = 3000;

/**
 * The admin session.
 *
 * - The two tokens live in localStorage under authToken / refreshToken (the API client reads authToken);
 *   the user is kept in memory only and always comes from the server (GET /auth/me or the login answer).
 * - Any 401 first tries ONE refresh (concurrent 401s share it, and other tabs are coordinated through a
 *   Web Lock so a rotated refresh token is never sent twice) and the call is retried with the new token.
 *   When the refresh is refused, the tokens are cleared and the session ends with "Session expired".
 * - When the server or its database cannot be reached the state is "unavailable": nobody is let in.
 */

export type AuthStatus = 'idle' | 'checking' | 'authenticated' | 'anonymous' | 'unavailable';
export type AuthNoticeType = 'success' | 'error' | 'warning';

export interface AuthNotice {
  type: AuthNoticeType;
  text: string;
}

export interface AuthState {
  status: AuthStatus;
  user: PublicUser | null;
  /** Shown on the login screen (e.g. "Session expired. Please login again."). */
  notice: AuthNotice | null;
  /** Why the admin cannot be used right now (backend or database down). */
  outage: string | null;
}

let state: AuthState = { status: 'idle', user: null, notice: null, outage: null };
const listeners = new Set<() => void>();

function setState(change: Partial<AuthState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function getAuthState(): AuthState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: AuthState = { status: 'idle', user: null, notice: null, outage: null };

export function useAuth(): AuthState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

// ---------------------------------------------------------------------------------------------------
// Token storage

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

function storeTokens(token: string, refreshToken: string) {
  try {
    localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
  } catch {
    // Storage disabled: the session lasts as long as the page.
  }
}

// ---------------------------------------------------------------------------------------------------
// Refresh

export type RefreshOutcome = 'refreshed' | 'rejected' | 'unavailable';

let refreshing: Promise<RefreshOutcome> | null = null;

async function refreshOnce(usedRefreshToken: string | null): Promise<RefreshOutcome> {
  const stored = readStored(REFRESH_TOKEN_STORAGE_KEY);
  if (!stored) return 'rejected';
  // Another tab rotated the pair while we waited for the lock: use its tokens, never resend the old one.
  if (usedRefreshToken && stored !== usedRefreshToken) return 'refreshed';
  try {
    const body = await api.post('/auth/refresh', { refreshToken: stored }, { handleUnauthorized: false });
    const pair = tokenPairSchema.safeParse(body.data);
    if (!pair.success) return 'rejected';
    storeTokens(pair.data.token, pair.data.refreshToken);
    return 'refreshed';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429)) {
      return 'unavailable';
    }
    return 'rejected';
  }
}

/**
 * Exchanges the refresh token for a new pair. Concurrent callers in this tab share one call; across tabs
 * a Web Lock serialises refreshes, and a tab that finds the pair already rotated just uses it.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (refreshing) return refreshing;
  const usedRefreshToken = readStored(REFRESH_TOKEN_STORAGE_KEY);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run: Promise<RefreshOutcome> = locks
    ? (async () => await locks.request('admin-token-refresh', () => refreshOnce(usedRefreshToken)))()
    : refreshOnce(usedRefreshToken);
  const shared = run.finally(() => {
    refreshing = null;
  });
  refreshing = shared;
  return shared;
}

/** Ends the session locally: tokens, cached reads, the user and their App settings are gone. */
function endSession(notice: AuthNotice | null) {
  clearAuthTokens();
  clearAdminQueries();
  forgetAppSettings();
  setState({ status: 'anonymous', user: null, notice, outage: null });
}

const onUnauthorized: UnauthorizedHandler = async ({ isRetry }) => {
  if (!isRetry) {
    const outcome = await refreshSession();
    if (outcome === 'refreshed') return 'retry';
    if (outcome === 'unavailable') return;
  }
  if (state.status !== 'anonymous') endSession({ type: 'warning', text: AuthMessage.SESSION_EXPIRED });
};

let installed = false;

/** Installs the 401 handler and the cross-tab sign-out listener (browser only, once). */
export function installAuth(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  setUnauthorizedHandler(onUnauthorized);
  window.addEventListener('storage', (event) => {
    // Signed out in another tab.
    if (event.key === AUTH_TOKEN_STORAGE_KEY && !event.newValue && state.status === 'authenticated') {
      endSession(null);
    }
    if (event.key === null && state.status === 'authenticated' && !readStored(AUTH_TOKEN_STORAGE_KEY)) {
      endSession(null);
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Session check, login, logout

let checking: Promise<void> | null = null;

function outageMessage(error: unknown): string {
  return userMessage(error, { surface: 'admin', fallback: 'The server could not be reached.' });
}

function isOutage(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * Asks for the site pass: an HttpOnly cookie that lets this staff member browse the public pages while
 * maintenance mode shows visitors the maintenance page (renewed each time the admin opens). Best effort.
 */
function requestSitePass(): void {
  api.post('/system/site-pass', undefined, { handleUnauthorized: false }).catch(() => undefined);
}

/** Verifies a stored session with GET /auth/me (refreshing an expired access token on the way). */
export function checkSession(): Promise<void> {
  installAuth();
  if (checking) return checking;
  if (state.status === 'authenticated') return Promise.resolve();
  if (!readStored(AUTH_TOKEN_STORAGE_KEY) && !readStored(REFRESH_TOKEN_STORAGE_KEY)) {
    setState({ status: 'anonymous', user: null, outage: null });
    return Promise.resolve();
  }
  setState({ status: 'checking', outage: null });
  checking = (async () => {
    try {
      const body = await api.get('/auth/me');
      const parsed = userResponseDataSchema.safeParse(body.data);
      if (!parsed.success) throw new Error('Invalid /auth/me answer');
      setState({ status: 'authenticated', user: parsed.data.user, notice: null, outage: null });
      requestSitePass();
    } catch (error) {
      if (isOutage(error)) {
        setState({ status: 'unavailable', user: null, outage: outageMessage(error) });
      } else if (state.status !== 'anonymous') {
        endSession({ type: 'warning', text: AuthMessage.SESSION_EXPIRED });
      }
    } finally {
      checking = null;
    }
  })();
  return checking;
}

export type LoginResult =
  | { ok: true; user: PublicUser }
  /** The password was right; a code (or the set-up the sign-in policy requires) comes next (ADR 0042). */
  | { ok: 'second-step'; step: SecondStep }
  | { ok: false; message: string; invalidCredentials: boolean };

/** Starts the session a sign-in answered (the token pair and the user); false when the answer is not one. */
export function adoptLogin(data: unknown): PublicUser | null {
  installAuth();
  const parsed = loginResponseDataSchema.safeParse(data);
  if (!parsed.success) return null;
  clearAdminQueries();
  storeTokens(parsed.data.token, parsed.data.refreshToken);
  setState({ status: 'authenticated', user: parsed.data.user, notice: null, outage: null });
  requestSitePass();
  return parsed.data.user;
}

export async function login(username: string, password: string): Promise<LoginResult> {
  installAuth();
  try {
    const body = await api.post('/auth/login', { username, password }, { handleUnauthorized: false });
    const step = secondStepSchema.safeParse(body.data);
    if (step.success) return { ok: 'second-step', step: step.data };
    const user = adoptLogin(body.data);
    if (!user) return { ok: false, message: 'Login failed. Please try again.', invalidCredentials: false };
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      return { ok: false, message: 'Login failed. Please try again.', invalidCredentials: false };
    }
    if (error.status === 401) {
      return { ok: false, message: error.message || AuthMessage.INVALID_CREDENTIALS, invalidCredentials: true };
    }
    return {
      ok: false,
      message: userMessage(error, { surface: 'admin', fallback: 'Login failed. Please try again.' }),
      invalidCredentials: false,
    };
  }
}

/**
 * Revokes the refresh token on the server when it can; the local session ends either way. `notice` is shown
 * on the login screen that follows (e.g. after a restore, which signs everybody out).
 */
export async function logout(notice: AuthNotice | null = null): Promise<void> {
  const refreshToken = readStored(REFRESH_TOKEN_STORAGE_KEY);
  endSession(notice);
  api.delete('/system/site-pass', undefined, { handleUnauthorized: false }).catch(() => undefined);
  if (!refreshToken) return;
  // The screens' calls still on their way are answered first (for at most a few seconds), then the session ends.
  await untilTokenCallsAnswered(LOGOUT_WAITS_FOR_CALLS_MS);
  try {
    await api.post('/auth/logout', { refreshToken }, { handleUnauthorized: false, timeoutMs: 5000 });
  } catch {
    // Local state is already cleared; the token expires on the server anyway.
  }
}

/** After the profile was saved: the server's answer replaces the user in memory. */
export function setCurrentUser(user: PublicUser): void {
  if (state.status === 'authenticated') setState({ user });
}

export function clearNotice(): void {
  if (state.notice) setState({ notice: null });
}

/** For the "try again" button of the outage screen. */
export function retrySessionCheck(): Promise<void> {
  setState({ status: 'idle', outage: null });
  return checkSession();
}

/** Keeps a new token pair the server handed out (e.g. after a password change rotated the session). */
export function adoptTokenPair(data: unknown): void {
  const pair = tokenPairSchema.safeParse(data);
  if (pair.success) storeTokens(pair.data.token, pair.data.refreshToken);
}
