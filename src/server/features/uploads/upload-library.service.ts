import type { UploadListData, UploadUnusedQuery, UploadUsage } from '../../../shared/contracts/uploads';
import { UploadMessage } from '../../../shared/contracts/uploads.values';
import { ErrorCode, formatMessage, plural } from '../../../shared/errors';
import { AppError, notFound } from '../../lib/errors';
import { sweepTemporaryFiles } from '../../storage/local-disk';
import { allUploads, referencedStems, stemOf, usagesOf, type UploadReferenceSources } from './upload-usage.repository';
import { findUpload, findUploads } from './uploads.repository';
import { deleteUploads, getUpload, type UploadContext } from './uploads.service';

/*
 * The media library's own rules: where a file is used, deletes refused while it is used (unless forced),
 * and the sweeps of unused files (by hand and daily) and of what interrupted uploads left behind.
 */

/** An upload context with where to look for references to uploads (the app's features, through app.ts). */
export type LibraryContext = UploadContext & { references: UploadReferenceSources };

const DAY_MS = 24 * 60 * 60_000;
/** Uploads in progress are younger than this: the orphan sweep never touches them. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** The daily sweep removes only unused files uploaded at least this many days ago. */
export const UNUSED_SWEEP_AFTER_DAYS = 30;
export const UNUSED_SWEEP_JOB = 'uploads-unused-sweep';
export const ORPHAN_SWEEP_JOB = 'uploads-orphan-sweep';

export async function uploadUsages(ctx: LibraryContext, id: number): Promise<UploadUsage[]> {
  const row = await findUpload(ctx.db, id);
  if (!row) throw notFound(UploadMessage.NOT_FOUND);
  const stem = stemOf(row.filename);
  return (await usagesOf(ctx.db, ctx.references, [stem])).get(stem) ?? [];
}

/** One line per place: "Blog post “A” (featured image), Project “B” (gallery)". */
const placesText = (usages: readonly UploadUsage[]) => [...new Set(usages.map((u) => u.label))].join(', ');

/**
 * Deletes uploads unless one of them is still used and `force` is not set: then nothing is deleted and
 * the answer is 409 IN_USE listing the places (errors: one per place, field = the upload's id).
 */
export async function deleteUnlessUsed(ctx: LibraryContext, ids: readonly number[], force: boolean): Promise<number> {
  if (!force) {
    const rows = await findUploads(ctx.db, ids);
    const usages = await usagesOf(
      ctx.db,
      ctx.references,
      rows.map((r) => stemOf(r.filename)),
    );
    const used = rows
      .map((row) => ({ row, places: usages.get(stemOf(row.filename)) ?? [] }))
      .filter((u) => u.places.length > 0);
    if (used.length > 0) {
      const errors = used.flatMap(({ row, places }) =>
        places.map((p) => ({ field: String(row.id), message: p.label })),
      );
      const message =
        rows.length === 1
          ? formatMessage(UploadMessage.IN_USE, {
              count: used[0]!.places.length,
              placeNoun: plural(used[0]!.places.length, 'place', 'places'),
              places: placesText(used[0]!.places),
            })
          : formatMessage(UploadMessage.IN_USE_MANY, {
              count: used.length,
              names: used.map((u) => u.row.original_name).join(', '),
            });
      throw new AppError(409, ErrorCode.CONFLICT, message, errors);
    }
  }
  return deleteUploads(ctx, ids);
}

/** The ids of the uploads nothing refers to, oldest first (uploaded before `before` when given). */
async function unusedIds(ctx: LibraryContext, before?: string): Promise<number[]> {
  const [uploads, referenced] = await Promise.all([
    allUploads(ctx.db, before),
    referencedStems(ctx.db, ctx.references),
  ]);
  return uploads.filter((u) => !referenced.has(stemOf(u.filename))).map((u) => Number(u.id));
}

const daysAgo = (days: number, now = new Date()) =>
  days > 0 ? new Date(now.getTime() - days * DAY_MS).toISOString() : undefined;

export async function listUnused(ctx: LibraryContext, query: UploadUnusedQuery): Promise<UploadListData> {
  const ids = await unusedIds(ctx, daysAgo(query.olderThanDays));
  const pageIds = ids.slice((query.page - 1) * query.limit, query.page * query.limit);
  const files = [];
  for (const id of pageIds) files.push(await getUpload(ctx, id));
  return { files, total: ids.length, page: query.page, pages: Math.ceil(ids.length / query.limit) };
}

/** Deletes the unused uploads older than `olderThanDays`; returns how many went. */
export async function sweepUnused(ctx: LibraryContext, olderThanDays: number, now = new Date()): Promise<number> {
  const ids = await unusedIds(ctx, daysAgo(olderThanDays, now));
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 100) deleted += await deleteUploads(ctx, ids.slice(i, i + 100));
  if (deleted > 0) ctx.log.info({ files: deleted }, 'unused uploads swept');
  return deleted;
}

export interface OrphanSweep {
  /** Temporary files (half-written objects, half-read request bodies) older than the grace period. */
  temporary: number;
  /** Unused rows whose stored original is missing. */
  rows: number;
  /** Stored objects no row names (written before an interrupted upload recorded its row). */
  objects: number;
  /** Used rows whose stored original is missing: broken references, kept and logged for staff. */
  broken: number;
}

/** More missing than this, and most of them: the store is not the one the database describes. */
const MISCONFIGURED_MIN = 10;
const mostOf = (part: number, whole: number) => part > MISCONFIGURED_MIN && part * 2 > whole;

/**
 * Removes what interrupted uploads left, from the store every instance shares (ADR 0030): temporary files
 * of the local folder, unused upload rows without their file, stored objects without a row. Only things
 * older than ORPHAN_GRACE_MS, so an upload in progress on any instance is never touched. A row something
 * uses stays even when its file is missing (an error is logged: a broken reference for staff to see), and
 * a store that lacks most files, or holds mostly objects without a row, is taken for a misconfiguration
 * (an instance with its own folder or bucket): nothing is deleted then.
 */
export async function sweepOrphans(ctx: LibraryContext, localDir: string, now = new Date()): Promise<OrphanSweep> {
  const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MS);
  const temporary = await sweepTemporaryFiles(localDir, cutoff);

  const stored = [...(await ctx.storage.list('files')), ...(await ctx.storage.list('thumbnails'))];
  const storedKeys = new Set(stored.map((o) => o.key));
  const [uploads, old] = await Promise.all([allUploads(ctx.db), allUploads(ctx.db, cutoff.toISOString())]);
  const missing = old.filter((u) => !storedKeys.has(`files/${u.filename}`));
  const known = new Set(uploads.map((u) => stemOf(u.filename)));
  const strays = stored.filter(
    (o) => !known.has(stemOf(o.key.slice(o.key.lastIndexOf('/') + 1))) && o.modified < cutoff,
  );
  if (mostOf(missing.length, old.length) || mostOf(strays.length, stored.length)) {
    ctx.log.error(
      { missing: missing.length, uploads: old.length, strays: strays.length, objects: stored.length },
      'upload orphan sweep skipped: the file store does not match the database (another folder or bucket?)',
    );
    return { temporary, rows: 0, objects: 0, broken: 0 };
  }

  const referenced = missing.length > 0 ? await referencedStems(ctx.db, ctx.references) : new Set<string>();
  const broken = missing.filter((u) => referenced.has(stemOf(u.filename)));
  for (const u of broken) {
    ctx.log.error({ uploadId: Number(u.id), filename: u.filename }, 'a used upload has no stored file');
  }
  const unused = missing.filter((u) => !referenced.has(stemOf(u.filename))).map((u) => Number(u.id));
  const rows = unused.length > 0 ? await deleteUploads(ctx, unused) : 0;

  let objects = 0;
  for (const object of strays) {
    await ctx.storage.delete(object.key);
    objects += 1;
  }
  if (temporary + rows + objects > 0) ctx.log.info({ temporary, rows, objects }, 'upload orphans swept');
  return { temporary, rows, objects, broken: broken.length };
}
