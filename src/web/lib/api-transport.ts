import { ApiError, ClientErrorCode, ClientMessage } from './api-error';
import type { RawResponse } from './api-envelope';

/**
 * Sending one call with fetch: the timeout, the caller's abort signal and the JSON or FormData body. An
 * upload that reports its progress goes through upload-transport.ts instead.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UploadProgress {
  loaded: number;
  /** 0 when the size is not known. */
  total: number;
  /** 0 to 100. */
  percent: number;
}

export type UploadProgressHandler = (progress: UploadProgress) => void;

export interface Call {
  method: HttpMethod;
  path: string;
  url: string;
  body?: unknown;
  upload?: { formData: FormData; onProgress?: UploadProgressHandler };
}

export function networkError(cause?: unknown): ApiError {
  return new ApiError({ message: ClientMessage.NETWORK_ERROR, status: 0, code: ClientErrorCode.NETWORK_ERROR, cause });
}

export function timeoutError(): ApiError {
  return new ApiError({ message: ClientMessage.NETWORK_ERROR, status: 0, code: ClientErrorCode.TIMEOUT });
}

export function abortedError(cause?: unknown): ApiError {
  return new ApiError({ message: ClientMessage.ABORTED, status: 0, code: ClientErrorCode.ABORTED, cause });
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

export async function fetchTransport(
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
