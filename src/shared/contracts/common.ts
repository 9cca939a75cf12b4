import { z } from '../zod';

/*
 * Small schemas that several contracts share: query-string fields, paged lists and the success envelope.
 */

/**
 * The largest value of the integer id and counter columns on every database (PostgreSQL `integer`,
 * MySQL `int`): a larger id, page or position is refused with 400 before a query could overflow.
 */
export const MAX_DB_INT = 2_147_483_647;

/** A row id in a JSON body. */
export const rowId = () => z.number().int().min(1).max(MAX_DB_INT);

/** A row id in a path or query string. */
export const rowIdParam = () => z.coerce.number().int().min(1).max(MAX_DB_INT);

/** `/:id` path parameters. */
export const idParamsSchema = z.object({ id: rowIdParam() });

/** True when a slug-or-id text is an id: digits within the id columns' range (else it is a slug). */
export const isRowIdText = (text: string): boolean =>
  /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_DB_INT;

/** 'true'/'false' (also 1/0) in a query string, as a boolean. */
/** A real calendar day written YYYY-MM-DD (not 2026-02-30, not 0000-00-00). */
export const isRealDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Trimmed text of at most `max` characters; blank or absent is undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** `page` (from 1) and `limit` of a paged list's query. */
export const pageQueryFields = (defaultLimit: number, maxLimit: number) => ({
  page: z.coerce.number().int().min(1).max(MAX_DB_INT).default(1),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
});

/** The `pagination` block of a paged list answer. */
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `total`, `page` and `pages` beside the items of a paged list answer. */
export const pageTotalsFields = {
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
};

/** A successful API answer: `{ success: true, data }`. */
export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** A successful answer that may carry a message to show. */
export const optionalMessageEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

/** A successful answer that always carries a message to show. */
export const messageEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string() });

/** The body of a successful answer, as successEnvelope describes it. */
export const ok = <T>(data: T) => ({ success: true as const, data });

/** The body of a successful answer with a message, as messageEnvelope and optionalMessageEnvelope describe it. */
export const okWithMessage = <T, M extends string | undefined>(data: T, message: M) => ({
  success: true as const,
  data,
  message,
});

/** The answer to a visitor's like: the item's like count afterwards. */
export const likeDataSchema = z.object({ likes: z.number().int(), liked: z.literal(true) });
