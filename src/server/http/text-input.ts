import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, ErrorMessage, formatMessage, type FieldError } from '../../shared/errors';
import { AppError } from '../lib/errors';

/*
 * Text that a database cannot store is dealt with once, at the edge, for every route (API and pages):
 * - a NUL character: PostgreSQL refuses it in text (22021) and the others would keep a string that no
 *   form can show; the request is refused, 400 naming the field;
 * - a lone UTF-16 surrogate (JSON allows "\ud800"): no database can store it as UTF-8; the three drivers
 *   silently write U+FFFD instead. It is replaced here, so that the services compare, slugify and
 *   measure the same text the database keeps.
 */

// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const nulError = (field: string): FieldError => ({
  field,
  message: formatMessage(ErrorMessage.TEXT_HAS_NUL, { field }),
});

// Parsed query strings have an empty prototype chain of their own: not Object.prototype, not null.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]';

/** No form or API payload nests deeper; a body that does is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Walks strings, arrays and plain objects (keys too) and pushes a field error for each text with a NUL.
 * Returns the value with lone surrogates replaced, the same value when there was nothing to replace.
 */
function clean(value: unknown, field: string, errors: FieldError[], depth = 0): unknown {
  if (depth > MAX_INPUT_DEPTH && typeof value === 'object' && value !== null) {
    throw new AppError(400, ErrorCode.BAD_REQUEST, ErrorMessage.INPUT_TOO_DEEP);
  }
  if (typeof value === 'string') {
    if (NUL.test(value)) errors.push(nulError(field));
    return value.replace(LONE_SURROGATE, '\uFFFD');
  }
  if (Array.isArray(value)) {
    const items = value.map((item, index) => clean(item, `${field}.${index}`, errors, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (isPlainObject(value)) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const path = field ? `${field}.${key}` : key;
      const cleanKey = clean(key, path, errors, depth + 1) as string;
      const cleanItem = clean(item, path, errors, depth + 1);
      // defineProperty: a key such as __proto__ stays a key instead of replacing the object's prototype.
      Object.defineProperty(out, cleanKey, { value: cleanItem, enumerable: true, writable: true, configurable: true });
      changed ||= cleanKey !== key || cleanItem !== item;
    }
    return changed ? out : value;
  }
  return value;
}

function refuse(errors: FieldError[]): never {
  const first = errors[0]!;
  throw new AppError(400, ErrorCode.VALIDATION_ERROR, first.message, errors);
}

/**
 * The same rule for text that arrives outside the request's query, params and JSON body (multipart
 * form fields): the cleaned fields, or a 400 naming the first field with a NUL.
 */
export function storableFields<T extends Record<string, string>>(fields: T): T {
  const errors: FieldError[] = [];
  const cleaned = clean(fields, '', errors) as T;
  if (errors.length > 0) refuse(errors);
  return cleaned;
}

function cleanRequest(request: FastifyRequest): void {
  const errors: FieldError[] = [];
  const params = clean(request.params, '', errors);
  // A wildcard route's parameter '*' is the whole path.
  for (const [index, error] of errors.entries()) if (error.field === '*') errors[index] = nulError('path');
  const query = clean(request.query, '', errors);
  const body = clean(request.body, '', errors);
  if (errors.length > 0) refuse(errors);
  if (params !== request.params) request.params = params;
  if (query !== request.query) request.query = query;
  if (body !== request.body) request.body = body;
}

/** Registers the edge check for every route registered after it. */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  // preValidation: after the body is parsed, before the route's schema sees it.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.page) cleanRequest(request);
  });
});
