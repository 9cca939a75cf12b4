import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, ErrorMessage, formatMessage, type ApiErrorBody, type FieldError } from '../../shared/errors';
import type { DialectName } from '../db/database';
import {
  isTransientConflict,
  isUniqueViolation,
  isUnstorableValue,
  uniqueViolationColumn,
} from '../db/write-conflicts';
import { AppError, StorageUnavailableError } from '../lib/errors';

function fieldOf(instancePath: string, fallback: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || fallback || 'body';
}

// Driver error codes meaning "the database cannot be reached", as opposed to a bad query.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'ER_ACCESS_DENIED_ERROR',
  'ER_BAD_DB_ERROR',
  'ER_CON_COUNT_ERROR',
  '3D000', // pg: database does not exist
  '28P01', // pg: password authentication failed
  '57P01', // pg: admin shutdown
  '57P03', // pg: cannot connect now
  '53300', // pg: too many connections
  'SQLITE_CANTOPEN',
  'SQLITE_NOTADB',
]);

const DATABASE_NAMES: Record<DialectName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MySQL' };

export function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect/i.test(message);
}

/** Turn anything thrown into the one error envelope; 5xx never leak internals. */
function toBody(error: FastifyError | AppError | Error, dialect: DialectName): { status: number; body: ApiErrorBody } {
  if (isDatabaseUnreachable(error)) {
    return {
      status: 503,
      body: {
        success: false,
        code: ErrorCode.DATABASE_UNAVAILABLE,
        message: formatMessage(ErrorMessage.DATABASE_UNAVAILABLE, { database: DATABASE_NAMES[dialect] }),
      },
    };
  }
  if (error instanceof StorageUnavailableError) {
    return {
      status: 503,
      body: { success: false, code: ErrorCode.STORAGE_UNAVAILABLE, message: ErrorMessage.STORAGE_UNAVAILABLE },
    };
  }
  // A unique key or a lock another request won, when the service had no more precise answer: retrying
  // (writeTransaction) did not settle it, so the client learns it conflicts, never a 500.
  if (isUniqueViolation(error)) {
    const column = uniqueViolationColumn(error);
    const message = column ? formatMessage(ErrorMessage.FIELD_TAKEN, { field: column }) : ErrorMessage.ALREADY_EXISTS;
    return {
      status: 409,
      body: {
        success: false,
        code: ErrorCode.CONFLICT,
        message,
        ...(column ? { errors: [{ field: column, message }] } : {}),
      },
    };
  }
  if (isTransientConflict(error)) {
    return { status: 409, body: { success: false, code: ErrorCode.CONFLICT, message: ErrorMessage.WRITE_CONFLICT } };
  }
  if (isUnstorableValue(error)) {
    return {
      status: 400,
      body: { success: false, code: ErrorCode.BAD_REQUEST, message: ErrorMessage.UNSTORABLE_VALUE },
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        success: false,
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      },
    };
  }
  const fe = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const errors: FieldError[] = fe.validation.map((issue) => ({
      field: fieldOf(issue.instancePath, undefined),
      message: issue.message ?? 'is invalid',
    }));
    return {
      status: 400,
      body: {
        success: false,
        code: ErrorCode.VALIDATION_ERROR,
        // The first field's own sentence ("title is required"); errors[] lists every field.
        message: errors[0]?.message ?? ErrorMessage.VALIDATION_ERROR,
        errors,
      },
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        status: 400,
        body: { success: false, code: ErrorCode.MALFORMED_JSON, message: ErrorMessage.MALFORMED_JSON },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: { success: false, code: ErrorCode.PAYLOAD_TOO_LARGE, message: ErrorMessage.PAYLOAD_TOO_LARGE },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { success: false, code: ErrorCode.UNSUPPORTED_MEDIA_TYPE, message: ErrorMessage.UNSUPPORTED_MEDIA_TYPE },
      };
  }
  if (fe.statusCode === 429) {
    return { status: 429, body: { success: false, code: ErrorCode.RATE_LIMITED, message: ErrorMessage.RATE_LIMITED } };
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { success: false, code: ErrorCode.BAD_REQUEST, message: fe.message } };
  }
  return {
    status: 500,
    body: { success: false, code: ErrorCode.INTERNAL_ERROR, message: ErrorMessage.INTERNAL_ERROR },
  };
}

const STORAGE_RETRY_AFTER_SECONDS = '300';

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toBody(error as FastifyError, app.database.dialect);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, message: body.message }, 'request rejected');
    if (reply.getHeader('content-type')) reply.removeHeader('content-type');
    if (error instanceof AppError && error.headers) reply.headers(error.headers);
    // A disk or store that cannot be used is a state the operator fixes: clients wait and try again.
    else if (error instanceof StorageUnavailableError) reply.header('retry-after', STORAGE_RETRY_AFTER_SECONDS);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    // HEAD answers exactly as GET does, Content-Length included, so it names the same method.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const body: ApiErrorBody = {
      success: false,
      code: ErrorCode.NOT_FOUND,
      message: formatMessage(ErrorMessage.ROUTE_NOT_FOUND, { method, path }),
    };
    return reply.status(404).send(body);
  });
});
