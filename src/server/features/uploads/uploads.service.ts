import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  ImageUploadOptions,
  UploadCategoriesData,
  UploadListData,
  UploadListQuery,
  UploadMimeType,
  UploadStatsData,
  UploadUpdateRequest,
  UploadedFile,
  VariantFormat,
} from '../../../shared/contracts/uploads';
import { uploadFileUrl, uploadVariantUrl } from '../../../shared/contracts/image-variants';
import {
  ALLOWED_IMAGE_TYPES_TEXT,
  ALLOWED_UPLOAD_TYPES_TEXT,
  UPLOAD_DEFAULT_CATEGORY,
  UPLOAD_MAX_IMAGE_PIXELS,
  UPLOAD_MAX_IMAGE_SIDE,
  UploadMessage,
  documentMimeTypes,
  isImageMimeType,
} from '../../../shared/contracts/uploads.values';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import type { ImagePlace, ImageQueue } from '../../jobs/image-queue';
import type { FileStorage } from '../../storage';
import { removeFileReferences } from './content-references';
import { stemOf, type UploadReferenceRemovers } from './upload-usage.repository';
import { detectType, exceedsLimits, processImage, readImageSize, type ImageSize } from './image-pipeline';
import {
  countByCategory,
  deleteUploadRows,
  findUpload,
  findUploads,
  insertUpload,
  listUploads,
  updateUploads,
  uploadStats,
  variantsOf,
  type UploadFilter,
  type UploadRow,
  type VariantRow,
} from './uploads.repository';

export interface UploadContext {
  db: Kysely<DB>;
  storage: FileStorage;
  /** Absolute site address: references may spell an upload's URL with it. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Images are decoded through it, a few at a time for the whole process. */
  imageQueue: ImageQueue;
  /** Where the references to a deleted upload are taken out, by the features that own them. */
  forgetReferences: UploadReferenceRemovers;
  /** Aborts when the client has gone: the work stops and nothing is kept. */
  signal?: AbortSignal;
}

const badRequest = (message: string) => new AppError(400, ErrorCode.BAD_REQUEST, message);
const unsupported = (message: string) => new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message);
const MEGAPIXELS = UPLOAD_MAX_IMAGE_PIXELS / 1_000_000;

// ---------------------------------------------------------------------------------------------------
// Checking an incoming file

/** An uploaded file, spooled to disk while it arrived. */
export interface IncomingFile {
  path: string;
  bytes: number;
  /** Its first bytes (TYPE_HEAD_BYTES at most). */
  head: Buffer;
  /** The client's name, kept for display only. */
  name: string;
  /** The client's declared type; never trusted, only used to name SVG in the message. */
  declaredMime: string;
}

export interface CheckedFile extends IncomingFile {
  mime: UploadMimeType;
  extension: string;
  /** Images only. */
  size?: ImageSize;
}

/** Checks one file by its content: type, emptiness, decoded image size. Throws the error the client sees. */
export async function checkFile(file: IncomingFile, accept: readonly UploadMimeType[]): Promise<CheckedFile> {
  if (file.bytes === 0) throw badRequest(formatMessage(UploadMessage.EMPTY_FILE, { name: file.name }));
  const allowed = accept.some((m) => (documentMimeTypes as readonly string[]).includes(m))
    ? ALLOWED_UPLOAD_TYPES_TEXT
    : ALLOWED_IMAGE_TYPES_TEXT;
  const type = await detectType(file, accept, { name: file.name, mime: file.declaredMime });
  switch (type.kind) {
    case 'svg':
      throw unsupported(UploadMessage.SVG_REFUSED);
    case 'unknown':
      throw unsupported(formatMessage(UploadMessage.TYPE_NOT_RECOGNISED, { name: file.name, allowed }));
    case 'not-allowed':
      throw unsupported(formatMessage(UploadMessage.TYPE_NOT_ALLOWED, { type: type.mime, allowed }));
  }
  if (!isImageMimeType(type.mime)) return { ...file, mime: type.mime, extension: type.extension };
  let size: ImageSize;
  try {
    size = await readImageSize(file.path);
  } catch {
    throw badRequest(formatMessage(UploadMessage.IMAGE_UNREADABLE, { name: file.name }));
  }
  if (exceedsLimits(size)) {
    throw badRequest(
      formatMessage(UploadMessage.IMAGE_TOO_LARGE, {
        name: file.name,
        width: size.width,
        height: size.height,
        maxSide: UPLOAD_MAX_IMAGE_SIDE,
        maxMp: MEGAPIXELS,
      }),
    );
  }
  return { ...file, mime: type.mime, extension: type.extension, size };
}

// ---------------------------------------------------------------------------------------------------
// Storing

export interface StoreOptions {
  category?: string;
  altText?: string;
  description?: string;
  uploadedBy?: number | null;
  image?: ImageUploadOptions;
}

/** 32 hex characters: unguessable, and the only name a stored file ever has. */
function generatedStem(): string {
  return randomBytes(16).toString('hex');
}

const variantKey = (filename: string) => `thumbnails/${filename}`;
const originalKey = (filename: string) => `files/${filename}`;

/**
 * Processes (images, through the request's place in the decoding queue), writes every object, then
 * records the upload. Nothing is left behind on failure, nor when the client has gone.
 */
async function storeFile(
  ctx: UploadContext,
  file: CheckedFile,
  options: StoreOptions,
  place: ImagePlace | undefined,
): Promise<UploadedFile> {
  const stem = generatedStem();
  const written: string[] = [];
  const put = async (key: string, data: Buffer | string) => {
    ctx.signal?.throwIfAborted();
    await (typeof data === 'string' ? ctx.storage.putFile(key, data) : ctx.storage.put(key, data));
    written.push(key);
  };
  try {
    let original: {
      data: Buffer | string;
      size: number;
      extension: string;
      mime: string;
      width: number | null;
      height: number | null;
    };
    const variants: {
      label: string;
      format: VariantFormat;
      filename: string;
      width: number;
      height: number;
      size: number;
    }[] = [];
    if (isImageMimeType(file.mime) && place) {
      const mime = file.mime;
      let processed;
      try {
        processed = await place.decode(() => processImage(file.path, mime, options.image, ctx.signal), ctx.signal);
      } catch (error) {
        if (ctx.signal?.aborted) throw error;
        ctx.log.info({ err: error }, 'image processing failed');
        throw badRequest(formatMessage(UploadMessage.IMAGE_UNREADABLE, { name: file.name }));
      }
      original = { ...processed.original, size: processed.original.data.length };
      for (const v of processed.variants) {
        const filename = `${v.label}/${stem}.${v.format}`;
        await put(variantKey(filename), v.data);
        variants.push({
          label: v.label,
          format: v.format,
          filename,
          width: v.width,
          height: v.height,
          size: v.data.length,
        });
      }
    } else {
      // Documents are stored as they came, copied from the spooled file.
      original = {
        data: file.path,
        size: file.bytes,
        extension: file.extension,
        mime: file.mime,
        width: null,
        height: null,
      };
    }
    const filename = `${stem}.${original.extension}`;
    await put(originalKey(filename), original.data);
    ctx.signal?.throwIfAborted();
    const id = await insertUpload(
      ctx.db,
      {
        filename,
        original_name: file.name,
        mime_type: original.mime,
        size: original.size,
        width: original.width,
        height: original.height,
        category: options.category ?? UPLOAD_DEFAULT_CATEGORY,
        alt_text: options.altText || null,
        description: options.description || null,
        uploaded_by: options.uploadedBy ?? null,
        created_at: new Date().toISOString(),
      },
      variants,
    );
    return await getUpload(ctx, id);
  } catch (error) {
    await Promise.allSettled(written.map((key) => ctx.storage.delete(key)));
    throw error;
  }
}

/**
 * Stores several checked files; if one fails, the ones already stored are removed again. A request
 * with images takes one place in the decoding queue for all of them (503 when the queue is full).
 */
export async function storeFiles(
  ctx: UploadContext,
  files: readonly CheckedFile[],
  options: StoreOptions,
): Promise<UploadedFile[]> {
  const place = files.some((f) => isImageMimeType(f.mime)) ? ctx.imageQueue.enter() : undefined;
  const stored: UploadedFile[] = [];
  try {
    for (const file of files) stored.push(await storeFile(ctx, file, options, place));
    return stored;
  } catch (error) {
    await deleteUploads(
      ctx,
      stored.map((f) => f.id),
    ).catch((cleanupError: unknown) => ctx.log.error({ err: cleanupError }, 'upload rollback failed'));
    throw error;
  } finally {
    place?.leave();
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading

function toVariant(row: VariantRow): UploadedFile['variants'][number] {
  const slash = row.filename.indexOf('/');
  return {
    label: row.label,
    format: row.format as VariantFormat,
    width: Number(row.width),
    height: Number(row.height),
    size: Number(row.size),
    url: uploadVariantUrl(row.filename.slice(0, slash), row.filename.slice(slash + 1)),
  };
}

function toUploadedFile(row: UploadRow, variants: readonly VariantRow[]): UploadedFile {
  return {
    id: Number(row.id),
    url: uploadFileUrl(row.filename),
    filename: row.filename,
    original_name: row.original_name,
    mime_type: row.mime_type,
    size: Number(row.size),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    category: row.category,
    alt_text: row.alt_text,
    description: row.description,
    created_at: row.created_at,
    variants: variants.map(toVariant),
  };
}

async function withVariants(ctx: UploadContext, rows: readonly UploadRow[]): Promise<UploadedFile[]> {
  const variants = await variantsOf(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) =>
    toUploadedFile(
      row,
      variants.filter((v) => Number(v.upload_id) === Number(row.id)),
    ),
  );
}

export async function getUpload(ctx: UploadContext, id: number): Promise<UploadedFile> {
  const row = await findUpload(ctx.db, id);
  if (!row) throw notFound(UploadMessage.NOT_FOUND);
  const [file] = await withVariants(ctx, [row]);
  return file as UploadedFile;
}

/** The day after a YYYY-MM-DD date (an inclusive "to" date covers the whole day). */
function dayAfter(date: string): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

export async function listUploadPage(
  ctx: UploadContext,
  query: UploadListQuery,
  forced: Pick<UploadFilter, 'category' | 'mimeType'> = {},
): Promise<UploadListData> {
  const filter: UploadFilter = {
    search: query.search,
    category: forced.category ?? query.category,
    mimeType: forced.mimeType ?? query.mimeType,
    createdFrom: query.dateFrom,
    createdBefore: query.dateTo ? (query.dateTo.length > 10 ? query.dateTo : dayAfter(query.dateTo)) : undefined,
  };
  const direction = query.sortOrder ?? query.sort ?? (query.sortBy === 'created_at' ? 'desc' : 'asc');
  const { rows, total } = await listUploads(
    ctx.db,
    filter,
    { field: query.sortBy, direction },
    query.page,
    query.limit,
  );
  return {
    files: await withVariants(ctx, rows),
    total,
    page: query.page,
    pages: Math.ceil(total / query.limit),
  };
}

export async function listCategories(ctx: UploadContext): Promise<UploadCategoriesData> {
  return { categories: await countByCategory(ctx.db) };
}

export async function getStats(ctx: UploadContext): Promise<UploadStatsData> {
  const { byCategory, byMimeType } = await uploadStats(ctx.db);
  const count = (pick: (mime: string) => boolean) =>
    byMimeType.filter((r) => pick(r.mime_type)).reduce((sum, r) => sum + r.count, 0);
  return {
    total_files: byMimeType.reduce((sum, r) => sum + r.count, 0),
    total_size: byMimeType.reduce((sum, r) => sum + r.size, 0),
    images: count((m) => m.startsWith('image/')),
    documents: count((m) => !m.startsWith('image/')),
    by_category: byCategory,
    by_mime_type: byMimeType,
  };
}

// ---------------------------------------------------------------------------------------------------
// Changing and deleting

export async function updateUpload(
  ctx: UploadContext,
  id: number,
  changes: UploadUpdateRequest,
): Promise<UploadedFile> {
  if (!(await findUpload(ctx.db, id))) throw notFound(UploadMessage.NOT_FOUND);
  await updateUploads(ctx.db, [id], {
    ...(changes.alt_text !== undefined ? { alt_text: changes.alt_text || null } : {}),
    ...(changes.description !== undefined ? { description: changes.description || null } : {}),
    ...(changes.category !== undefined ? { category: changes.category } : {}),
  });
  return getUpload(ctx, id);
}

/**
 * Deletes uploads: their rows and variants, every reference to them (featured images cleared, gallery
 * rows removed, images dropped from post content and links to them unlinked), then the stored original
 * and sizes. Returns how many existed.
 */
export async function deleteUploads(ctx: UploadContext, ids: readonly number[]): Promise<number> {
  const rows = await findUploads(ctx.db, ids);
  if (rows.length === 0) return 0;
  const existing = rows.map((r) => Number(r.id));
  const variants = await variantsOf(ctx.db, existing);
  const urls = rows.flatMap((r) => {
    const url = uploadFileUrl(r.filename);
    return [url, `${ctx.publicUrl}${url}`];
  });
  const deleted = {
    ids: existing,
    stems: rows.map((r) => stemOf(r.filename)),
    withoutFiles: (text: string) => removeFileReferences(text, urls),
    now: new Date().toISOString(),
  };
  await writeTransaction(ctx.db, async (trx) => {
    for (const forget of ctx.forgetReferences) await forget(trx, deleted);
    await deleteUploadRows(trx, existing);
  });
  // After the commit: a file that cannot be removed now is unreferenced, never a broken reference.
  const keys = [...rows.map((r) => originalKey(r.filename)), ...variants.map((v) => variantKey(v.filename))];
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected') ctx.log.error({ err: result.reason }, 'stored upload could not be removed');
  }
  return rows.length;
}

export async function deleteUpload(ctx: UploadContext, id: number): Promise<void> {
  if ((await deleteUploads(ctx, [id])) === 0) throw notFound(UploadMessage.NOT_FOUND);
}
