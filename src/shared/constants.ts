/**
 * Business constants shared by the server and the browser.
 * Isomorphic: no Node built-ins, no React, no DOM access.
 */

/** Path prefix of every API call, on the site's own host. */
export const API_BASE_PATH = '/api';

/** A call that has not been answered after this long fails as a network error. */
export const API_TIMEOUT_MS = 30_000;

/** How long a cached read (GET) answer is reused. */
export const API_CACHE_TTL_MS = 5 * 60 * 1000;

/** The whole read cache is also dropped this often. */
export const API_CACHE_CLEAR_INTERVAL_MS = 5 * 60 * 1000;

/** Browser storage keys of the two auth tokens (spec: local storage keys authToken, refreshToken). */
export const AUTH_TOKEN_STORAGE_KEY = 'authToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'refreshToken';

/** Where the browser is sent when a call answers 401. */
export const ADMIN_LOGIN_PATH = '/admin/login';

/** Client error log: browser storage key, entries persisted there, entries kept in memory. */
export const ERROR_LOG_STORAGE_KEY = 'errorLog';
export const ERROR_LOG_PERSISTED_MAX = 10;
export const ERROR_LOG_MEMORY_MAX = 100;
