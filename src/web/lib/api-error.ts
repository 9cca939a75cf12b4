import { ErrorCode, ErrorMessage, formatMessage, type FieldError } from '../../shared/errors';

/*
 * What a failed API call is and what to tell the user about it. Apart from the client (api-client.ts) so that
 * a public page can show a failure's message without loading the client before the visitor acts.
 */

/** Codes for failures the client detects itself (the server's codes are in src/shared/errors.ts). */
export const ClientErrorCode = {
  NETWORK_ERROR: 'NETWORK_ERROR',
  TIMEOUT: 'TIMEOUT',
  ABORTED: 'ABORTED',
  UNSUPPORTED_METHOD: 'UNSUPPORTED_METHOD',
  HTTP_ERROR: 'HTTP_ERROR',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

export const ClientMessage = {
  NETWORK_ERROR: 'Network error - Unable to connect to server',
  UNKNOWN_ERROR: 'Unknown error occurred',
  UNSUPPORTED_METHOD: 'Unsupported HTTP method: {method}',
  BACKEND_UNAVAILABLE: 'Backend server not available. Please start the backend server.',
  ABORTED: 'Request aborted',
  INVALID_RESPONSE: 'Invalid response from server',
  HTTP_STATUS: 'Request failed with status code {status}',
} as const;

export interface ApiErrorInit {
  message: string;
  status: number;
  code: string;
  data?: unknown;
  errors?: FieldError[];
  cause?: unknown;
}

/** A failed call. status is 0 when no answer arrived (network error, timeout, abort). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's stable code (ErrorCode) or a ClientErrorCode. */
  readonly code: string;
  /** The response body (parsed JSON when it was JSON), or null without an answer. */
  readonly data: unknown;
  /** Field problems reported by the server (empty when none). */
  readonly errors: FieldError[];

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.data = init.data ?? null;
    this.errors = init.errors ?? [];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type Surface = 'admin' | 'public';

export interface UserMessageOptions {
  /** admin: staff see outage details; public: visitors see the section's own message. */
  surface: Surface;
  /** The caller's own message, e.g. 'Failed to load blog posts'. */
  fallback: string;
}

/**
 * The text to show for a failed call:
 * - a validation error shows the server's message for the field, on both surfaces;
 * - "Database not available…" (naming the configured database) only in the admin, only when the server
 *   reports DATABASE_UNAVAILABLE;
 * - "Backend server not available…" only in the admin, when no answer arrived (network error, timeout);
 * - on the public site an outage (no answer, 5xx) shows the section's fallback;
 * - otherwise the server's message, or the fallback.
 */
export function userMessage(error: unknown, options: UserMessageOptions): string {
  const { surface, fallback } = options;
  if (!(error instanceof ApiError)) return fallback;

  if (
    error.code === ErrorCode.VALIDATION_ERROR ||
    ((error.status === 400 || error.status === 422) && error.errors.length > 0)
  ) {
    return error.errors.find((item) => item.message)?.message || error.message || fallback;
  }
  if (error.code === ErrorCode.DATABASE_UNAVAILABLE) {
    if (surface === 'public') return fallback;
    return error.message || formatMessage(ErrorMessage.DATABASE_UNAVAILABLE, { database: 'the database' });
  }
  if (error.status === 0) {
    const noAnswer = error.code === ClientErrorCode.NETWORK_ERROR || error.code === ClientErrorCode.TIMEOUT;
    return noAnswer && surface === 'admin' ? ClientMessage.BACKEND_UNAVAILABLE : fallback;
  }
  if (surface === 'public' && error.status >= 500) return fallback;
  if (error.code === ClientErrorCode.HTTP_ERROR || error.code === ClientErrorCode.INVALID_RESPONSE) return fallback;
  return error.message || fallback;
}
