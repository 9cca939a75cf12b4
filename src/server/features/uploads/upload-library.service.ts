import {
  UploadMessage,
  type UploadListData,
  type UploadUnusedQuery,
  type UploadUsage,
} from '../../../shared/contracts/uploads';
import { ErrorCode, formatMessage, plural } from '../../../shared/errors';
import { AppError, notFound } from '../../plugins/errors';
import { sweepTemporaryFiles } from '../../storage/local-disk';
import { allUploads, referencedStems, stemOf, usagesOf } from './upload-usage.repository';
import { findUpload, findUploads } from './uploads.repository';
import { deleteUploads, getUpload, type UploadContext } from './uploads.service';

/*
 * The media library's own rules: where a file is used, deletes refused while it is used (unless forced),
 * and the sweeps of unused files (by hand and daily) and of what interrupted uploads left behind.
 */

const DAY_MS = 24 * 60 * 60_000;
/** Uploads in progress are younger than this: the orphan sweep never touches them. */
export const ORPHAN_GRACE_MS = 60 * 60_000;
/** The daily sweep removes only unused files uploaded at least this many days ago. */
export const UNUSED_SWEEP_AFTER_DAYS = 30;
export const UNUSED_SWEEP_JOB = 'uploads-unused-sweep';
export const ORPHAN_SWEEP_JOB = 'uploads-orphan-sweep';

export async function uploadUsages(ctx: UploadContext, id: number): Promise<UploadUsage[]> {
  const row = await findUpload(ctx.db, id);
  if (!row) throw notFound(UploadMessage.NOT_FOUND);
  const stem = stemOf(row.filename);
  return (await usagesOf(ctx.db, [stem])).get(stem) ?? [];
}

/** One line per place: "Blog post “A” (featured image), Project “B” (gallery)". */
const placesText = (usages: readonly UploadUsage[]) => [...new Set(usages.map((u) => u.label))].join(', ');

/**
 * Deletes uploads unless one of them is still used and `force` is not set: then nothing is deleted and
 * the answer is 409 IN_USE listing the places (errors: one per place, field = the upload's id).
 */
export async function deleteUnlessUsed(ctx: UploadContext, ids: readonly number[], force: boolean): Promise<number> {
  if (!force) {
    const rows = await findUploads(ctx.db, ids);
    const usages = await usagesOf(
      ctx.db,
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
async function unusedIds(ctx: UploadContext, before?: string): Promise<number[]> {
  const [uploads, referenced] = await Promise.all([allUploads(ctx.db, before), referencedStems(ctx.db)]);
  return uploads.filter((u) => !referenced.has(stemOf(u.filename))).map((u) => Number(u.id));
}

const daysAgo = (days: number, now = new Date()) =>
  days > 0 ? new Date(now.getTime() - days * DAY_MS).toISOString() : undefined;

export async function listUnused(ctx: UploadContext, query: UploadUnusedQuery): Promise<UploadListData> {
  const ids = await unusedIds(ctx, daysAgo(query.olderThanDays));
  const pageIds = ids.slice((query.page - 1) * query.limit, query.page * query.limit);
  const files = [];
  for (const id of pageIds) files.push(await getUpload(ctx, id));
  return { files, total: ids.length, page: query.page, pages: Math.ceil(ids.length / query.limit) };
}

/** Deletes the unused uploads older than `olderThanDays`; returns how many went. */
export async function sweepUnused(ctx: UploadContext, olderThanDays: number, now = new Date()): Promise<number> {
  const ids = await unusedIds(ctx, daysAgo(olderThanDays, now));
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 100) deleted += await deleteUploads(ctx, ids.slice(i, i + 100));
  if (deleted > 0) ctx.log.info({ files: deleted }, 'unused uploads swept');
  return deleted;
}

export interface OrphanSweep {
  /** Temporary files (half-written objects, half-read request bodies) older than the grace period. */
  temporary: number;
  /** Rows whose stored original is missing. */
  rows: number;
  /** Stored objects no row names (written before an interrupted upload recorded its row). */
  objects: number;
}

/**
 * Removes what interrupted uploads left: temporary files, upload rows without their file, stored files
 * without a row. Only things older than ORPHAN_GRACE_MS, so an upload in progress is never touched.
 */
export async function sweepOrphans(ctx: UploadContext, uploadDir: string, now = new Date()): Promise<OrphanSweep> {
  const cutoff = new Date(now.getTime() - ORPHAN_GRACE_MS);
  const temporary = await sweepTemporaryFiles(uploadDir, cutoff);

  const uploads = await allUploads(ctx.db, cutoff.toISOString());
  const missing: number[] = [];
  for (const u of uploads) if (!(await ctx.storage.exists(`files/${u.filename}`))) missing.push(Number(u.id));
  const rows = missing.length > 0 ? await deleteUploads(ctx, missing) : 0;

  let objects = 0;
  if (ctx.storage.list) {
    const known = new Set((await allUploads(ctx.db)).map((u) => stemOf(u.filename)));
    const stored = [...(await ctx.storage.list('files')), ...(await ctx.storage.list('thumbnails'))];
    for (const object of stored) {
      const stem = stemOf(object.key.slice(object.key.lastIndexOf('/') + 1));
      if (known.has(stem) || object.modified >= cutoff) continue;
      await ctx.storage.delete(object.key);
      objects += 1;
    }
  }
  if (temporary + rows + objects > 0) ctx.log.info({ temporary, rows, objects }, 'upload orphans swept');
  return { temporary, rows, objects };
}
