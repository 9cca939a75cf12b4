import { ErrorCode, ErrorMessage, type FieldError } from '../../shared/errors';

/** An error the client is meant to see: status, stable code, human message and optional field errors. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly errors?: FieldError[],
    /** Response headers that belong to this error, e.g. Retry-After of a 429. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = ErrorMessage.NOT_FOUND) => new AppError(404, ErrorCode.NOT_FOUND, message);

/**
 * The file storage cannot be written or read (folder missing, read-only, full, not permitted): the
 * client sees 503 STORAGE_UNAVAILABLE, and /api/ready reports it.
 */
export class StorageUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('file storage unavailable', options);
    this.name = 'StorageUnavailableError';
  }
}
