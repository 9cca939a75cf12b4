import { API_BASE_PATH, API_TIMEOUT_MS } from '../../shared/constants';
import { formatMessage, type ApiSuccessBody } from '../../shared/errors';
import { readToken, runUnauthorizedHandler, setUnauthorizedHandler } from './api-auth';
import { interpret, toApiError } from './api-envelope';
import { ApiError, ClientErrorCode, ClientMessage } from './api-error';
import { fetchTransport, type Call, type HttpMethod, type UploadProgressHandler } from './api-transport';
import { logApiFailure } from './error-log';
import { xhrUpload } from './upload-transport';

/**
 * The one API client of the site and the admin.
 *
 * Calls go to `/api` on the site's own host, time out after 30 s, carry the stored bearer token and the
 * build-time API key, and resolve with the response body `{ success: true, data }`. Anything else rejects
 * with an ApiError. The client keeps no answers: the admin caches its reads in TanStack Query
 * (components/admin/admin-query.tsx), which onApiWrite tells of every write.
 *
 * The module is imported during server rendering as well: nothing runs against window, localStorage or
 * timers at import time, and nothing is kept between calls, so one visitor's answer can never be served to
 * another from a shared server process.
 *
 * Its parts: the stored token and the 401 handler (api-auth.ts), the envelope of the answers
 * (api-envelope.ts), the fetch transport (api-transport.ts) and the upload with progress
 * (upload-transport.ts).
 */

// ---------------------------------------------------------------------------------------------------
// Errors and messages
// They live in api-error.ts (public pages import them without the client); the admin takes them from here.
export { ApiError, ClientErrorCode, ClientMessage, isApiError, userMessage } from './api-error';
export type { ApiErrorInit, Surface, UserMessageOptions } from './api-error';

// ---------------------------------------------------------------------------------------------------
// Configuration

export interface ApiClientConfig {
  /** '/api' in the browser; an absolute URL where there is no page to be relative to (Node). */
  baseUrl: string;
  timeoutMs: number;
  /** X-API-Key value; undefined uses the build-time VITE_API_KEY, null sends none. */
  apiKey: string | null | undefined;
}

let overrides: Partial<ApiClientConfig> = {};

function buildTimeApiKey(): string | undefined {
  try {
    // Replaced at build time by Vite (or esbuild's define); throws where import.meta.env does not exist.
    const key: unknown = import.meta.env.VITE_API_KEY;
    return typeof key === 'string' && key !== '' ? key : undefined;
  } catch {
    return undefined;
  }
}

function currentConfig(): ApiClientConfig {
  return {
    baseUrl: overrides.baseUrl ?? API_BASE_PATH,
    timeoutMs: overrides.timeoutMs ?? API_TIMEOUT_MS,
    apiKey: overrides.apiKey === undefined ? buildTimeApiKey() : overrides.apiKey,
  };
}

/** Changes client settings (merged into earlier ones). Mainly for Node, where the base must be absolute. */
export function configureApiClient(options: Partial<ApiClientConfig>): void {
  overrides = { ...overrides, ...options };
}

/** Back to the defaults: settings, no write listeners, default 401 handler. */
export function resetApiClient(): void {
  overrides = {};
  writeListeners.clear();
  setUnauthorizedHandler(null);
}

// ---------------------------------------------------------------------------------------------------
// Writes

/** Told of every write's path once it has its answer or failed (a failure may have changed part of the data). */
export type WriteListener = (path: string) => void;

const writeListeners = new Set<WriteListener>();

/** Calls listener after every POST, PUT, PATCH and DELETE; returns the unsubscribe. */
export function onApiWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => {
    writeListeners.delete(listener);
  };
}

function announceWrite(path: string): void {
  for (const listener of [...writeListeners]) {
    try {
      listener(path);
    } catch {
      // A failing listener must not fail the call.
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Transport

export type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

function encodeValue(value: Exclude<QueryValue, null | undefined>): string {
  return encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));
}

function buildUrl(baseUrl: string, path: string, params?: QueryParams): string {
  const normalisedPath = path.startsWith('/') ? path : `/${path}`;
  const pairs: string[] = [];
  for (const [name, raw] of Object.entries(params ?? {})) {
    const values = Array.isArray(raw) ? (raw as readonly QueryValue[]) : [raw as QueryValue];
    for (const value of values) {
      if (value === undefined || value === null || value === '') continue;
      pairs.push(`${encodeURIComponent(name)}=${encodeValue(value)}`);
    }
  }
  const base = baseUrl.replace(/\/+$/, '');
  if (pairs.length === 0) return `${base}${normalisedPath}`;
  return `${base}${normalisedPath}${normalisedPath.includes('?') ? '&' : '?'}${pairs.join('&')}`;
}

export interface RequestOptions {
  /** Overrides the 30 s timeout for this call. */
  timeoutMs?: number;
  /** Aborting rejects with code ABORTED (not logged, no 401 handling). */
  signal?: AbortSignal;
  /** false: a 401 rejects without running the 401 handler (login and token refresh calls). */
  handleUnauthorized?: boolean;
  /** Extra headers; Authorization and X-API-Key are set by the client. */
  headers?: Record<string, string>;
  /**
   * 'text': a 2xx answer resolves with its body as text in `data` (a CSV download); 'blob': as a Blob (a
   * PDF). An error answer is still read as the JSON envelope.
   */
  responseType?: 'json' | 'text' | 'blob';
}

/** Calls sent with the stored token whose answer has not come yet (see untilTokenCallsAnswered). */
const unansweredTokenCalls = new Set<Promise<unknown>>();

/**
 * Resolves once every call sent with a token has its answer, or after `timeoutMs`. Signing out waits for this
 * before it ends the session on the server: a call still on its way (a tab's data, a poll) would otherwise
 * reach the server after it and be refused with 401, which the browser reports as an error although nobody
 * is left to read the answer.
 */
export async function untilTokenCallsAnswered(timeoutMs: number): Promise<void> {
  if (unansweredTokenCalls.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...unansweredTokenCalls]),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

async function execute<T>(call: Call, options: RequestOptions, isRetry = false): Promise<ApiSuccessBody<T>> {
  const config = currentConfig();
  const token = readToken();

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (config.apiKey) headers['X-API-Key'] = config.apiKey;
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;

  try {
    const transport =
      call.upload && typeof XMLHttpRequest !== 'undefined'
        ? xhrUpload({ ...call, upload: call.upload }, headers, timeoutMs, options.signal)
        : fetchTransport(call, headers, timeoutMs, options.signal, options.responseType === 'blob');
    if (token) {
      unansweredTokenCalls.add(transport);
      const answered = () => unansweredTokenCalls.delete(transport);
      transport.then(answered, answered);
    }
    const raw = await transport;
    const asText = options.responseType === 'text' && raw.status >= 200 && raw.status < 300;
    const body = raw.blob
      ? { success: true as const, data: raw.blob }
      : asText
        ? { success: true as const, data: raw.text }
        : interpret(raw);
    if (call.upload && typeof XMLHttpRequest === 'undefined') {
      call.upload.onProgress?.({ loaded: 0, total: 0, percent: 100 });
    }
    return body as ApiSuccessBody<T>;
  } catch (caught) {
    const error = toApiError(caught);
    if (error.code === ClientErrorCode.ABORTED) throw error;
    logApiFailure({
      url: call.url,
      method: call.method,
      status: error.status,
      message: error.message,
      code: error.code,
    });
    if (error.status === 401 && options.handleUnauthorized !== false) {
      let outcome: string | void = undefined;
      try {
        outcome = await runUnauthorizedHandler({ error, method: call.method, url: call.url, isRetry });
      } catch {
        // A failing handler leaves the 401 as the answer.
      }
      if (outcome === 'retry' && !isRetry) return execute<T>(call, options, true);
    }
    throw error;
  } finally {
    // A write may have changed data even when it failed half-way.
    if (call.method !== 'GET' && !isRetry) announceWrite(call.path);
  }
}

// ---------------------------------------------------------------------------------------------------
// Helpers

export function get<T = unknown>(
  path: string,
  params?: QueryParams,
  options: RequestOptions = {},
): Promise<ApiSuccessBody<T>> {
  return execute<T>({ method: 'GET', path, url: buildUrl(currentConfig().baseUrl, path, params) }, options);
}

export function post<T = unknown>(
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<ApiSuccessBody<T>> {
  return execute<T>({ method: 'POST', path, url: buildUrl(currentConfig().baseUrl, path), body: data }, options);
}

export function put<T = unknown>(
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<ApiSuccessBody<T>> {
  return execute<T>({ method: 'PUT', path, url: buildUrl(currentConfig().baseUrl, path), body: data }, options);
}

export function patch<T = unknown>(
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<ApiSuccessBody<T>> {
  return execute<T>({ method: 'PATCH', path, url: buildUrl(currentConfig().baseUrl, path), body: data }, options);
}

/** DELETE (named del because delete is a reserved word; api.delete is the same function). */
export function del<T = unknown>(
  path: string,
  params?: QueryParams,
  options: RequestOptions = {},
): Promise<ApiSuccessBody<T>> {
  return execute<T>({ method: 'DELETE', path, url: buildUrl(currentConfig().baseUrl, path, params) }, options);
}

/** POST multipart/form-data, reporting upload progress (XMLHttpRequest in the browser). */
export function upload<T = unknown>(
  path: string,
  formData: FormData,
  onProgress?: UploadProgressHandler,
  options: RequestOptions = {},
): Promise<ApiSuccessBody<T>> {
  return execute<T>(
    {
      method: 'POST',
      path,
      url: buildUrl(currentConfig().baseUrl, path),
      upload: onProgress ? { formData, onProgress } : { formData },
    },
    options,
  );
}

export interface RequestConfig extends RequestOptions {
  /** GET, POST, PUT, PATCH or DELETE, in any letter case. */
  method: string;
  path: string;
  data?: unknown;
  params?: QueryParams;
}

const METHODS: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The generic call: any supported method with a body and query parameters. */
export function request<T = unknown>(config: RequestConfig): Promise<ApiSuccessBody<T>> {
  const { method, path, data, params, ...options } = config;
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if (!METHODS.has(upper)) {
    return Promise.reject(
      new ApiError({
        message: formatMessage(ClientMessage.UNSUPPORTED_METHOD, { method: String(method) }),
        status: 0,
        code: ClientErrorCode.UNSUPPORTED_METHOD,
      }),
    );
  }
  const url = buildUrl(currentConfig().baseUrl, path, params);
  return execute<T>({ method: upper as HttpMethod, path, url, body: upper === 'GET' ? undefined : data }, options);
}

/** The client as one object, for callers that prefer api.get / api.delete. */
export const api = { get, post, put, patch, delete: del, upload, request } as const;
