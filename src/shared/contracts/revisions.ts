import { z } from '../zod';
import { MAX_DB_INT, rowIdParam } from './common';

/*
 * Revisions and autosave (ADR 0041). Blog posts, portfolio projects and landing-content items keep their
 * saved states: GET …/{id}/revisions lists them, GET …/{id}/revisions/{revisionId} shows one beside the
 * current state, POST …/{id}/revisions/{revisionId}/restore saves it again (as a new revision). Every save
 * increments the item's `version`; a write that names the version it was made from is refused with 409
 * STALE_VERSION when somebody saved in between. Autosaves are one private draft per user and item.
 */

export const revisionKinds = ['created', 'saved', 'restored', 'baseline'] as const;
export type RevisionKind = (typeof revisionKinds)[number];

/**
 * The version a write was made from: optional in every update body; absent, the write is not checked.
 * `least` 0 for a single item that may never have been saved (the company profile, the SEO settings),
 * whose version is then 0.
 */
export const expectedVersion = (least: 0 | 1 = 1) =>
  z
    .number({ error: 'version must be a whole number' })
    .int('version must be a whole number')
    .min(least, `version must be at least ${least}`)
    .max(MAX_DB_INT, 'version is too large');

export const revisionAuthorSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

export const revisionSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  kind: z.enum(revisionKinds),
  created_at: z.string(),
  /** Null for the baseline (the state found before revisions were kept). */
  author: revisionAuthorSchema.nullable(),
  changed_fields: z.array(z.string()),
  restored_from: z.number().int().nullable(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

/** GET …/{id}/revisions: newest first, with the item's current version. */
export const revisionListDataSchema = z.object({
  version: z.number().int(),
  retention: z.number().int(),
  revisions: z.array(revisionSummarySchema),
});
export type RevisionListData = z.infer<typeof revisionListDataSchema>;

const snapshotSchema = z.record(z.string(), z.unknown());

/** GET …/{id}/revisions/{revisionId}: the revision's fields and the item's current ones, to compare. */
export const revisionDetailDataSchema = z.object({
  revision: revisionSummarySchema.extend({ snapshot: snapshotSchema }),
  current: snapshotSchema,
  version: z.number().int(),
});
export type RevisionDetailData = z.infer<typeof revisionDetailDataSchema>;

export const revisionParamsSchema = z.object({ id: rowIdParam(), revisionId: rowIdParam() });
/** The same for a single item, addressed without an id ('/company/revisions/{revisionId}'). */
export const singleRevisionParamsSchema = z.object({ revisionId: rowIdParam() });

export const RevisionMessage = {
  NOT_FOUND: 'Revision not found',
  RESTORED: 'Revision restored',
  NOT_RESTORABLE: 'This revision can no longer be restored: its fields do not fit the current form.',
  AUTOSAVE_SAVED: 'Draft saved',
  AUTOSAVE_DELETED: 'Draft discarded',
  AUTOSAVE_TOO_LARGE: 'The draft is too large to keep',
} as const;

// ---------------------------------------------------------------- autosave

/** What can be autosaved, as the address names it. */
export const autosaveKinds = ['post', 'project'] as const;
export type AutosaveKind = (typeof autosaveKinds)[number];

/** The largest draft kept (JSON characters): a post's content may be 2,000,000 characters. */
export const AUTOSAVE_MAX_CHARS = 2_100_000;

/** /api/autosaves/{kind}/{item}: `item` is the id, or 'new' for an item not saved yet. */
export const autosaveParamsSchema = z.object({
  kind: z.enum(autosaveKinds, { error: 'kind must be post or project' }),
  item: z.union([z.literal('new'), rowIdParam()], { error: "item must be an id or 'new'" }),
});

export const autosaveWriteSchema = z.object({
  /** The editor's form values, as it will read them back. */
  data: z.record(z.string().max(100), z.unknown()),
  /** The item's version the draft was started from. */
  version: expectedVersion().nullable().optional(),
});
export type AutosaveWrite = z.infer<typeof autosaveWriteSchema>;

export const autosaveSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  version: z.number().int().nullable(),
  saved_at: z.string(),
});
export type Autosave = z.infer<typeof autosaveSchema>;

/** GET answers the user's own draft, or null. */
export const autosaveDataSchema = z.object({ autosave: autosaveSchema.nullable() });
