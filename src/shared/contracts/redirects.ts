import { z } from '../zod';
import { pageQueryFields, paginationSchema } from './common';
import { REDIRECTS_MAX_PAGE_SIZE, REDIRECTS_PAGE_SIZE, redirectKinds } from './redirects.values';

/** A redirect as staff see it. */
export const redirectSchema = z.object({
  id: z.number().int(),
  from_path: z.string(),
  target: z.string(),
  kind: z.enum(redirectKinds),
  hits: z.number().int(),
  last_hit_at: z.string().nullable(),
  created_at: z.string(),
});
export type Redirect = z.infer<typeof redirectSchema>;

/** GET /api/redirects query: newest first. */
export const redirectListQuerySchema = z.object({
  ...pageQueryFields(REDIRECTS_PAGE_SIZE, REDIRECTS_MAX_PAGE_SIZE),
});
export type RedirectListQuery = z.infer<typeof redirectListQuerySchema>;

export const redirectListDataSchema = z.object({
  redirects: z.array(redirectSchema),
  pagination: paginationSchema,
});
export type RedirectListData = z.infer<typeof redirectListDataSchema>;

/**
 * POST /api/redirects body: only the types here; the server normalises and checks both addresses and
 * answers 400 naming `from_path` or `target`.
 */
export const redirectCreateSchema = z.object({
  from_path: z.string().max(10_000),
  target: z.string().max(10_000),
});
export type RedirectCreate = z.infer<typeof redirectCreateSchema>;
