import { formatMessage, type ApiSuccessBody, type FieldError } from '../../shared/errors';
import { ApiError, ClientErrorCode, ClientMessage } from './api-error';

/**
 * The answer's envelope: a 2xx body `{ success: true, data }` is returned as it is, an error body
 * `{ success: false, code, message, errors? }` (or anything else) becomes an ApiError.
 */

/** A status and body as the transport received them. */
export interface RawResponse {
  status: number;
  text: string;
  /** The body of a 2xx answer asked for as a Blob. */
  blob?: Blob;
}

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
export function toApiError(error: unknown): ApiError {
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

/** The answer becomes the resolved body (2xx) or an ApiError with the server's message, code and errors. */
export function interpret(raw: RawResponse): ApiSuccessBody<unknown> {
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
