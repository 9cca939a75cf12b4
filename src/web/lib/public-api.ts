import type { ApiSuccessBody } from '../../shared/errors';
import type { RequestOptions } from './api-client';

/**
 * A visitor's write (a like, a comment, a quote request, a newsletter sign-up) through the one API client,
 * which is loaded when the visitor first acts rather than with the page: public pages carry none of its
 * token, cache and upload code in their first download. Failures are the client's ApiErrors (api-error.ts).
 */
export async function post<T = unknown>(
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<ApiSuccessBody<T>> {
  const client = await import('./api-client');
  return client.post<T>(path, data, options);
}
