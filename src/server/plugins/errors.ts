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
