import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, optionalMessageEnvelope } from '../../../shared/contracts/common';
import {
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_SIZE,
  UploadMessage,
  uploadBodyLimit,
  imageUploadOptionsSchema,
  isValidUploadName,
  uploadBulkDeleteBodySchema,
  uploadCategoriesDataSchema,
  uploadDeleteQuerySchema,
  uploadSweepDataSchema,
  uploadSweepRequestSchema,
  uploadUnusedQuerySchema,
  uploadUsageDataSchema,
  uploadCategorySchema,
  uploadFieldsSchema,
  uploadFileDataSchema,
  uploadFilesDataSchema,
  uploadListDataSchema,
  uploadListQuerySchema,
  uploadSearchRequestSchema,
  uploadStatsDataSchema,
  uploadUpdateRequestSchema,
  type UploadMimeType,
} from '../../../shared/contracts/uploads';
import { ErrorCode, formatMessage, plural } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { requireUser } from '../../http/auth';
import { AppError, notFound, StorageUnavailableError } from '../../lib/errors';
import { storableFields } from '../../http/text-input';
import { discardRestOfBody, spoolPath } from '../../http/uploads';
import { storageFailure } from '../../storage';
import { ACCEPT_ALL, ACCEPT_IMAGES, TYPE_HEAD_BYTES } from './image-pipeline';
import {
  deleteUnlessUsed,
  listUnused,
  ORPHAN_SWEEP_JOB,
  sweepOrphans,
  sweepUnused,
  UNUSED_SWEEP_AFTER_DAYS,
  UNUSED_SWEEP_JOB,
  uploadUsages,
} from './upload-library.service';
import {
  checkFile,
  getStats,
  getUpload,
  listCategories,
  listUploadPage,
  storeFiles,
  updateUpload,
  type CheckedFile,
  type IncomingFile,
  type StoreOptions,
  type UploadContext,
} from './uploads.service';

const tags = ['uploads'];
const write = { access: 'content' as const };
const read = { access: 'read' as const };
/** Uploads are heavy: a per-address cap on the calls that store files. */
export const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
const uploadConfig = { access: 'content' as const, rateLimit: UPLOAD_RATE_LIMIT };

const badRequest = (message: string) => new AppError(400, ErrorCode.BAD_REQUEST, message);
const tooLarge = (names: string) =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, formatMessage(UploadMessage.TOO_LARGE, { names }));

export interface ReadOptions {
  /** Accepted file field names. */
  fields: readonly string[];
  maxFiles: number;
  accept: readonly UploadMimeType[];
}

export interface ParsedUpload {
  files: CheckedFile[];
  fields: Record<string, string>;
}

/** Errors of the multipart parser, as the client should see them. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(UploadMessage.NOT_MULTIPART);
    case 'FST_FILES_LIMIT':
      return badRequest(formatMessage(UploadMessage.TOO_MANY_FILES, { max: UPLOAD_MAX_FILES }));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest((error as Error).message);
  }
  if (error instanceof AppError || error instanceof StorageUnavailableError) return error;
  // busboy's own errors (malformed bodies) are the client's fault.
  if (error instanceof Error && /multipart|boundary|unexpected end|part terminated/i.test(error.message)) {
    return badRequest(UploadMessage.NOT_MULTIPART);
  }
  return error;
}

/** Aborts when the connection closes before the answer is sent: the client has gone. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(badRequest(UploadMessage.CANCELLED));
  });
  return controller.signal;
}

/** A promise that rejects with the signal's reason when it aborts, to race against waiting. */
function whenAborted(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  return aborted;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(TYPE_HEAD_BYTES), 0, TYPE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Writes one file part to the spool folder as it arrives; `spooled` records it for removal. */
async function spoolPart(
  part: MultipartFile,
  spoolDir: string,
  signal: AbortSignal,
  spooled: string[],
): Promise<IncomingFile> {
  const target = spoolPath(spoolDir);
  spooled.push(target);
  try {
    await mkdir(spoolDir, { recursive: true });
    const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
    await pipeline(part.file, out, { signal });
    // Cut at the limit before this reader saw the 'limit' event (the whole body had already arrived).
    if (part.file.truncated) throw tooLarge(part.filename);
    return {
      path: target,
      bytes: out.bytesWritten,
      head: await readHead(target),
      name: part.filename,
      declaredMime: part.mimetype,
    };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof AppError) throw error;
    throw storageFailure(error);
  }
}

/**
 * Reads a multipart upload: every file is written to the spool folder as it arrives and checked by
 * content once complete (so a bad one is refused before anything is stored); the text fields are
 * collected. Memory holds no file: a body is refused (413) as soon as a file passes 10 MB or the body
 * passes the request total, and reading stops when `signal` aborts (the client has gone).
 */
async function readUpload(
  request: FastifyRequest,
  options: ReadOptions,
  signal: AbortSignal,
  spooled: string[],
): Promise<ParsedUpload> {
  if (!request.isMultipart()) throw badRequest(UploadMessage.NOT_MULTIPART);
  const limit = uploadBodyLimit(options.maxFiles);
  const bodyTooLarge = new AppError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    formatMessage(UploadMessage.BODY_TOO_LARGE, { max: Math.floor(limit / (1024 * 1024)) }),
  );
  if (Number(request.headers['content-length']) > limit) throw bodyTooLarge;
  // No place for its images: said before the client sends the body.
  const queue = request.server.imageQueue;
  if (queue.full) throw queue.busyError();

  const stop = new AbortController();
  const stopping = AbortSignal.any([signal, stop.signal]);
  const stopped = whenAborted(stopping);
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) stop.abort(bodyTooLarge);
  };
  const files: CheckedFile[] = [];
  const fields: Record<string, string> = {};
  // One file more than allowed is read as far as its header, to say "too many" rather than fail silently.
  const parts = request.parts({ limits: { files: options.maxFiles + 1 }, preservePath: true })[Symbol.asyncIterator]();
  // A part asked for but never taken (the reading stopped first) must not fail unheard.
  const nextPart = () => {
    const next = parts.next();
    next.catch(() => {});
    return Promise.race([next, stopped]);
  };
  try {
    // The first next() starts the parser reading the body; counting starts with it.
    let waiting = nextPart();
    request.raw.on('data', count);
    for (let result = await waiting; !result.done; result = await waiting) {
      const part = result.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        waiting = nextPart();
        continue;
      }
      if (!options.fields.includes(part.fieldname)) {
        part.file.resume();
        throw badRequest(
          formatMessage(UploadMessage.UNEXPECTED_FIELD, { field: part.fieldname, expected: options.fields[0] ?? '' }),
        );
      }
      if (files.length >= options.maxFiles) {
        part.file.resume();
        throw badRequest(
          options.maxFiles === 1
            ? UploadMessage.ONLY_ONE
            : formatMessage(UploadMessage.TOO_MANY_FILES, { max: options.maxFiles }),
        );
      }
      if (!isValidUploadName(part.filename)) {
        part.file.resume();
        throw badRequest(formatMessage(UploadMessage.INVALID_NAME, { names: part.filename.slice(0, 300) }));
      }
      // Refused as soon as the file passes the limit, not once the client has sent all of it.
      part.file.once('limit', () => stop.abort(tooLarge(part.filename)));
      const file = await spoolPart(part, request.server.uploadSpoolDir, stopping, spooled);
      files.push(await checkFile(file, options.accept));
      waiting = nextPart();
    }
  } catch (error) {
    throw multipartError(stopping.aborted ? stopping.reason : error);
  } finally {
    request.raw.off('data', count);
  }
  if (files.length === 0) throw badRequest(options.maxFiles > 1 ? UploadMessage.NO_FILES : UploadMessage.NO_FILE);
  return { files, fields };
}

/**
 * Reads an upload and hands it to `work` with a signal that aborts when the client goes. The spooled
 * files are removed afterwards, whatever happened. A request refused before its whole body arrived is
 * answered at once, and the rest of its body is read and thrown away within bounds (discardRestOfBody).
 */
export async function withUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ReadOptions,
  work: (upload: ParsedUpload, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const signal = clientGone(reply);
  const spooled: string[] = [];
  try {
    return await work(await readUpload(request, options, signal, spooled), signal);
  } catch (error) {
    discardRestOfBody(request.raw, request.log);
    throw error;
  } finally {
    // A folder that went away takes its files with it: nothing to report then.
    await Promise.allSettled(spooled.map((file) => rm(file, { force: true })));
  }
}

export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  // Empty form fields count as not sent.
  const present = Object.fromEntries(Object.entries(storableFields(fields)).filter(([, v]) => v.trim() !== ''));
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const message = formatMessage(UploadMessage.INVALID_FIELD, { field, message: issue?.message ?? 'is invalid' });
  throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
}

/**
 * Multipart limits of an upload route group. One file more than `maxFiles` is let through so that the
 * excess is reported with a clear message instead of being cut off.
 */
export function multipartLimits(maxFiles: number, fieldSize: number) {
  return {
    fileSize: UPLOAD_MAX_FILE_SIZE,
    files: maxFiles + 1,
    fields: 20,
    fieldSize,
    fieldNameSize: 100,
    parts: 40,
    headerPairs: 100,
  };
}

/** What the upload services need from the app for one request; `signal` aborts when its client has gone. */
export function uploadContext(app: FastifyInstance, request: FastifyRequest, signal?: AbortSignal): UploadContext {
  return {
    db: app.database.db,
    storage: app.fileStorage,
    publicUrl: app.config.publicUrl,
    log: request.log,
    imageQueue: app.imageQueue,
    signal,
  };
}

function storeOptions(request: FastifyRequest, fields: Record<string, string>): StoreOptions {
  const parsed = parseFields(uploadFieldsSchema, fields);
  return {
    // Portfolio uploads name their project; they land in the portfolio category unless told otherwise.
    category: parsed.category ?? (parsed.projectSlug ? 'portfolio' : undefined),
    altText: parsed.alt_text,
    description: parsed.description,
    uploadedBy: requireUser(request).id,
  };
}

/** /api/uploads: the upload library of the admin (editors and admins write, every staff role reads). */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: multipartLimits(UPLOAD_MAX_FILES, 10_000) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest, signal?: AbortSignal) => uploadContext(app, request, signal);
  const jobContext = () => ({
    db: app.database.db,
    storage: app.fileStorage,
    publicUrl: app.config.publicUrl,
    log: app.log,
    imageQueue: app.imageQueue,
  });

  // What interrupted uploads left behind goes within the hour; unused files a month after their upload.
  app.scheduler.add({
    name: ORPHAN_SWEEP_JOB,
    everyMs: 60 * 60_000,
    run: async (now) => void (await sweepOrphans(jobContext(), app.config.uploadDir, now)),
  });
  app.scheduler.add({
    name: UNUSED_SWEEP_JOB,
    everyMs: 24 * 60 * 60_000,
    run: async (now) => void (await sweepUnused(jobContext(), UNUSED_SWEEP_AFTER_DAYS, now)),
  });

  r.post(
    '/single',
    {
      config: uploadConfig,
      schema: {
        tags,
        summary: 'Upload one file (field "file"): an image (JPEG, PNG, GIF, WebP) or a PDF',
        consumes: ['multipart/form-data'],
        response: { 201: optionalMessageEnvelope(uploadFileDataSchema) },
      },
    },
    async (request, reply) => {
      const [file] = await withUpload(
        request,
        reply,
        { fields: ['file'], maxFiles: 1, accept: ACCEPT_ALL },
        ({ files, fields }, signal) => storeFiles(ctx(request, signal), files, storeOptions(request, fields)),
      );
      return reply.status(201).send({ success: true as const, data: { file: file! }, message: UploadMessage.UPLOADED });
    },
  );

  r.post(
    '/multiple',
    {
      config: uploadConfig,
      schema: {
        tags,
        summary: `Upload up to ${UPLOAD_MAX_FILES} files (field "files")`,
        consumes: ['multipart/form-data'],
        response: { 201: optionalMessageEnvelope(uploadFilesDataSchema) },
      },
    },
    async (request, reply) => {
      const stored = await withUpload(
        request,
        reply,
        { fields: ['files', 'files[]'], maxFiles: UPLOAD_MAX_FILES, accept: ACCEPT_ALL },
        ({ files, fields }, signal) => storeFiles(ctx(request, signal), files, storeOptions(request, fields)),
      );
      return reply.status(201).send({
        success: true as const,
        data: { files: stored },
        message: formatMessage(UploadMessage.UPLOADED_MANY, { count: stored.length }),
      });
    },
  );

  r.post(
    '/image',
    {
      config: uploadConfig,
      schema: {
        tags,
        summary: 'Upload one image (field "image"), optionally fitted inside width x height and re-encoded',
        consumes: ['multipart/form-data'],
        response: { 201: optionalMessageEnvelope(uploadFileDataSchema) },
      },
    },
    async (request, reply) => {
      const [file] = await withUpload(
        request,
        reply,
        { fields: ['image'], maxFiles: 1, accept: ACCEPT_IMAGES },
        ({ files, fields }, signal) => {
          const imageFields = ['width', 'height', 'quality', 'format'];
          const pick = (keep: boolean) =>
            Object.fromEntries(Object.entries(fields).filter(([k]) => imageFields.includes(k) === keep));
          const image = parseFields(imageUploadOptionsSchema, pick(true));
          const options = { ...storeOptions(request, pick(false)), image };
          return storeFiles(ctx(request, signal), files, options);
        },
      );
      return reply.status(201).send({ success: true as const, data: { file: file! }, message: UploadMessage.UPLOADED });
    },
  );

  r.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary: 'Uploaded files, filtered, sorted and paged',
        querystring: uploadListQuerySchema,
        response: { 200: optionalMessageEnvelope(uploadListDataSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listUploadPage(ctx(request), request.query) }),
  );

  r.post(
    '/search',
    {
      config: read,
      schema: {
        tags,
        summary: 'Search uploads by name, alt text, description or category',
        body: uploadSearchRequestSchema,
        response: { 200: optionalMessageEnvelope(uploadListDataSchema) },
      },
    },
    async (request) => {
      const { query, ...rest } = request.body;
      const data = await listUploadPage(ctx(request), { ...uploadListQuerySchema.parse({}), ...rest, search: query });
      return { success: true as const, data };
    },
  );

  r.get(
    '/meta/categories',
    {
      config: read,
      schema: {
        tags,
        summary: 'Upload categories with their file counts',
        response: { 200: optionalMessageEnvelope(uploadCategoriesDataSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listCategories(ctx(request)) }),
  );

  r.get(
    '/meta/stats',
    {
      config: read,
      schema: {
        tags,
        summary: 'Upload counts and sizes',
        response: { 200: optionalMessageEnvelope(uploadStatsDataSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getStats(ctx(request)) }),
  );

  r.get(
    '/category/:category',
    {
      config: read,
      schema: {
        tags,
        summary: 'Uploads of one category',
        params: z.object({ category: uploadCategorySchema }),
        querystring: uploadListQuerySchema,
        response: { 200: optionalMessageEnvelope(uploadListDataSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listUploadPage(ctx(request), request.query, { category: request.params.category }),
    }),
  );

  const mimePart = z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9.+-]{0,49}$/, 'is not a media type');

  r.get(
    '/mime/:mime',
    {
      config: read,
      schema: {
        tags,
        summary: 'Uploads of one media type (image%2Fpng) or family (image)',
        params: z.object({
          mime: z
            .string()
            .trim()
            .toLowerCase()
            .regex(/^[a-z0-9][a-z0-9.+-]{0,49}(?:\/[a-z0-9][a-z0-9.+-]{0,49})?$/, 'is not a media type'),
        }),
        querystring: uploadListQuerySchema,
        response: { 200: optionalMessageEnvelope(uploadListDataSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listUploadPage(ctx(request), request.query, { mimeType: request.params.mime }),
    }),
  );

  r.get(
    '/mime/:type/:subtype',
    {
      config: read,
      schema: {
        tags,
        summary: 'Uploads of one media type (image/png)',
        params: z.object({ type: mimePart, subtype: mimePart }),
        querystring: uploadListQuerySchema,
        response: { 200: optionalMessageEnvelope(uploadListDataSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listUploadPage(ctx(request), request.query, {
        mimeType: `${request.params.type}/${request.params.subtype}`,
      }),
    }),
  );

  r.get(
    '/meta/unused',
    {
      config: read,
      schema: {
        tags,
        summary: 'Uploads nothing refers to (no post, project, content or setting), oldest first',
        querystring: uploadUnusedQuerySchema,
        response: { 200: optionalMessageEnvelope(uploadListDataSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await listUnused(ctx(request), request.query) }),
  );

  r.post(
    '/unused/sweep',
    {
      config: { access: 'settings' as const },
      schema: {
        tags,
        summary: 'Delete the unused uploads uploaded at least olderThanDays ago (admins)',
        body: uploadSweepRequestSchema,
        response: { 200: optionalMessageEnvelope(uploadSweepDataSchema) },
      },
    },
    async (request) => {
      const deleted = await sweepUnused(ctx(request), request.body.olderThanDays);
      return {
        success: true as const,
        data: { deleted },
        message: formatMessage(UploadMessage.SWEPT, { count: deleted, files: plural(deleted, 'file', 'files') }),
      };
    },
  );

  r.delete(
    '/bulk',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Delete several uploads with their sizes; refused (409) while one is still used, unless force is true (its references are removed)',
        body: uploadBulkDeleteBodySchema,
        response: { 200: optionalMessageEnvelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const deleted = await deleteUnlessUsed(ctx(request), request.body.ids, request.body.force);
      return {
        success: true as const,
        data: { deleted },
        message: deleted
          ? formatMessage(UploadMessage.DELETED_MANY, { count: deleted })
          : UploadMessage.NOTHING_DELETED,
      };
    },
  );

  r.get(
    '/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One upload',
        params: idParamsSchema,
        response: { 200: optionalMessageEnvelope(uploadFileDataSchema) },
      },
    },
    async (request) => ({ success: true as const, data: { file: await getUpload(ctx(request), request.params.id) } }),
  );

  r.get(
    '/:id/usage',
    {
      config: read,
      schema: {
        tags,
        summary: 'Where an upload is used: posts, projects, landing-page content, settings',
        params: idParamsSchema,
        response: { 200: optionalMessageEnvelope(uploadUsageDataSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { usages: await uploadUsages(ctx(request), request.params.id) },
    }),
  );

  r.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: "Change an upload's alt text, description or category",
        params: idParamsSchema,
        body: uploadUpdateRequestSchema,
        response: { 200: optionalMessageEnvelope(uploadFileDataSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { file: await updateUpload(ctx(request), request.params.id, request.body) },
      message: UploadMessage.UPDATED,
    }),
  );

  r.delete(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Delete an upload and its sizes; refused (409, the places listed) while it is used, unless ?force=true (every reference is removed too)',
        params: idParamsSchema,
        querystring: uploadDeleteQuerySchema,
        response: { 200: optionalMessageEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      if ((await deleteUnlessUsed(ctx(request), [request.params.id], request.query.force)) === 0) {
        throw notFound(UploadMessage.NOT_FOUND);
      }
      return { success: true as const, data: { id: request.params.id }, message: UploadMessage.DELETED };
    },
  );
}
