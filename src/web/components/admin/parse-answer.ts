import type { z } from '../../../shared/zod';
import { ApiError, ClientErrorCode, ClientMessage } from '../../lib/api-client';

/** The answer did not have the documented shape (a server or proxy answered something else). */
export function invalidAnswer(message: string = ClientMessage.INVALID_RESPONSE): ApiError {
  return new ApiError({ message, status: 200, code: ClientErrorCode.INVALID_RESPONSE });
}

/** An admin answer's data checked against its contract schema, or an INVALID_RESPONSE ApiError. */
export function parseAnswer<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidAnswer();
  return result.data;
}
