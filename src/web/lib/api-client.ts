import {
  ADMIN_LOGIN_PATH,
  API_BASE_PATH,
  API_TIMEOUT_MS,
  AUTH_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
} from '../../shared/constants';
import { formatMessage, type ApiSuccessBody, type FieldError } from '../../shared/errors';
import { ApiError, ClientErrorCode, ClientMessage } from './api-error';
import { logApiFailure } from './error-log';

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
 */

// ---------------------------------------------------------------------------------------------------
// Errors and messages
// They live in api-error.ts (public pages import them without the client); the admin takes them from here.
export { ApiError, ClientErrorCode, ClientMessage, isApiError, userMessage } from './api-error';
export type { ApiErrorInit, Surface, UserMessageOptions } from './api-error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FieldError[] =>
    isRecord(item) && typeof item.message === 'string'
      ? [{ field: typeof item.field === 'string' ? item.field : '', message: item.message }]
      : [],
  );
}

/** Anything thrown on the way becomes an ApiError (the "otherwise" rule of the generic request). */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error && error.message ? error.message : ClientMessage.UNKNOWN_ERROR;
  return new ApiError({ message, status: 0, code: ClientErrorCode.UNKNOWN_ERROR, cause: error });
}

export type ListResult<T> =
  { success: true; data: T; message?: string } | { success: false; data: T; message: string; error: ApiError };

/**
 * "List calls return success false with empty data on failure": awaits a list call and never rejects.
 * The failure (already logged by the client) is returned for the caller's message.
 */
export async function listOrEmpty<T>(call: Promise<ApiSuccessBody<T>>, empty: T): Promise<ListResult<T>> {
  try {
    const body = await call;
    return body.message === undefined
      ? { success: true, data: body.data }
      : { success: true, data: body.data, message: body.message };
  } catch (error) {
    const apiError = toApiError(error);
    return { success: false, data: empty, message: apiError.message, error: apiError };
  }
}

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

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

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
  unauthorizedHandler = defaultUnauthorizedHandler;
}

// ---------------------------------------------------------------------------------------------------
// Tokens and the 401 hook

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readToken(): string | null {
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

export interface UploadProgress {
  loaded: number;
  /** 0 when the size is not known. */
  total: number;
  /** 0 to 100. */
  percent: number;
}

export type UploadProgressHandler = (progress: UploadProgress) => void;

interface RawResponse {
  status: number;
  text: string;
  /** The body of a 2xx answer asked for as a Blob. */
  blob?: Blob;
}

interface Call {
  method: HttpMethod;
  path: string;
  url: string;
  body?: unknown;
  upload?: { formData: FormData; onProgress?: UploadProgressHandler };
}

function networkError(cause?: unknown): ApiError {
  return new ApiError({ message: ClientMessage.NETWORK_ERROR, status: 0, code: ClientErrorCode.NETWORK_ERROR, cause });
}

function timeoutError(): ApiError {
  return new ApiError({ message: ClientMessage.NETWORK_ERROR, status: 0, code: ClientErrorCode.TIMEOUT });
}

function abortedError(cause?: unknown): ApiError {
  return new ApiError({ message: ClientMessage.ABORTED, status: 0, code: ClientErrorCode.ABORTED, cause });
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

async function fetchTransport(
  call: Call,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  asBlob = false,
): Promise<RawResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  let body: BodyInit | undefined;
  const payload = call.upload ? call.upload.formData : call.body;
  if (payload !== undefined) {
    if (isFormData(payload)) {
      body = payload;
    } else {
      body = JSON.stringify(payload);
      headers = { ...headers, 'Content-Type': 'application/json' };
    }
  }

  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (asBlob && response.ok) return { status: response.status, text: '', blob: await response.blob() };
    const text = await response.text();
    return { status: response.status, text };
  } catch (error) {
    if (timedOut) throw timeoutError();
    if (signal?.aborted) throw abortedError(error);
    throw networkError(error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** fetch cannot report upload progress; XMLHttpRequest can. */
function xhrUpload(
  call: Call & { upload: NonNullable<Call['upload']> },
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const { onProgress } = call.upload;
    let lastPercent = -1;
    const report = (loaded: number, total: number) => {
      const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
      lastPercent = percent;
      try {
        onProgress?.({ loaded, total, percent });
      } catch {
        // A failing progress display must not fail the upload.
      }
    };
    const onCallerAbort = () => xhr.abort();

    xhr.open(call.method, call.url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = timeoutMs;
    xhr.withCredentials = false; // same-origin requests still carry cookies; cross-site ones do not
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) report(event.loaded, event.total);
      });
      xhr.upload.addEventListener('load', (event) => {
        if (lastPercent < 100) report(event.total || event.loaded, event.total || event.loaded);
      });
    }
    xhr.addEventListener('load', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      resolve({ status: xhr.status, text: xhr.responseText });
    });
    xhr.addEventListener('error', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      reject(networkError());
    });
    xhr.addEventListener('timeout', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      reject(timeoutError());
    });
    xhr.addEventListener('abort', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      reject(abortedError());
    });
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    xhr.send(call.upload.formData);
  });
}

/** The answer becomes the resolved body (2xx) or an ApiError with the server's message, code and errors. */
function interpret(raw: RawResponse): ApiSuccessBody<unknown> {
  const { status, text } = raw;
  let body: unknown;
  let parsed = false;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
      parsed = true;
    } catch {
      // not JSON: handled below
    }
  }
  if (status >= 200 && status < 300) {
    if (text.trim() === '') return { success: true, data: null };
    if (!parsed) {
      throw new ApiError({
        message: ClientMessage.INVALID_RESPONSE,
        status,
        code: ClientErrorCode.INVALID_RESPONSE,
        data: text,
      });
    }
    return body as ApiSuccessBody<unknown>;
  }
  const record = isRecord(body) ? body : undefined;
  const message =
    typeof record?.message === 'string' && record.message !== ''
      ? record.message
      : formatMessage(ClientMessage.HTTP_STATUS, { status });
  throw new ApiError({
    message,
    status,
    code: typeof record?.code === 'string' && record.code !== '' ? record.code : ClientErrorCode.HTTP_ERROR,
    data: parsed ? body : text || null,
    errors: parseFieldErrors(record?.errors),
  });
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
        outcome = await unauthorizedHandler({ error, method: call.method, url: call.url, isRetry });
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
