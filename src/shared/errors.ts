/**
 * Stable error codes (for programs) and the human messages the server sends with them.
 * Every message text the API produces lives here.
 */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  BAD_REQUEST: 'BAD_REQUEST',
  MALFORMED_JSON: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  INVALID_TOKEN: 'INVALID_TOKEN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** A save made from a version somebody else has saved over since (ADR 0041). */
  STALE_VERSION: 'STALE_VERSION',
  RATE_LIMITED: 'RATE_LIMITED',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  MIGRATIONS_PENDING: 'MIGRATIONS_PENDING',
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  SERVER_BUSY: 'SERVER_BUSY',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorMessage = {
  VALIDATION_ERROR: 'Validation failed',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  INPUT_TOO_DEEP: 'The request nests lists or objects too deeply.',
  BAD_URL: 'The address of this request is not valid.',
  BAD_URL_TITLE: 'This address is not valid',
  BAD_URL_PAGE_TEXT: 'The link may have been cut short or mistyped. Check it, or start again from the home page.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
  UNAUTHENTICATED: 'Authentication required. Please log in and try again.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'Route {method} {path} not found',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  DATABASE_UNAVAILABLE: 'Database not available. Please ensure {database} is running and database is configured.',
  INTERNAL_ERROR: 'Internal server error',
  TEXT_HAS_NUL: '{field} must not contain NUL characters',
  UNSTORABLE_VALUE: 'The request contains a value that is out of range or cannot be stored.',
  ALREADY_EXISTS: 'This already exists.',
  FIELD_TAKEN: '{field} is already taken.',
  WRITE_CONFLICT: 'Another change to the same data happened at the same time. Please try again.',
  STALE_VERSION:
    'Someone else saved this since you opened it (you edited version {expected}; the saved version is {current}). Reload their version, or save again to overwrite it.',
  DATABASE_UNREACHABLE: 'Database is not reachable.',
  MIGRATIONS_PENDING: 'Database migrations are not current.',
  STORAGE_UNAVAILABLE: 'File storage is not available, so files cannot be saved right now. Please try again later.',
  SERVER_BUSY: 'The server is busy processing other images. Please try again in a few seconds.',
  SHUTTING_DOWN: 'The server is restarting. Please try again in a moment.',
  BAD_HTTP_REQUEST: 'The request could not be read.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  HEADERS_TOO_LARGE: 'The request address or headers are too large.',
  COMPANY_NOT_CONFIGURED: 'The company profile has not been set up yet.',
  BLOG_POST_NOT_FOUND: 'Blog post not found',
  COMMENT_FIELDS_REQUIRED: 'Please fill in all fields',
  COMMENT_NAME_TOO_LONG: 'Name must be at most 100 characters.',
  COMMENT_EMAIL_INVALID: 'Please enter a valid email address',
  COMMENT_EMAIL_TOO_LONG: 'Email must be at most 320 characters.',
  COMMENT_MESSAGE_TOO_LONG: 'Comment must be at most 2000 characters.',
} as const;

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: FieldError[];
}

export interface ApiSuccessBody<T> {
  success: true;
  data: T;
  message?: string;
}

/** The word for `count` things: "image" for one, "images" otherwise (for a message's noun placeholder). */
export const plural = (count: number, one: string, many: string): string => (count === 1 ? one : many);

export function formatMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
