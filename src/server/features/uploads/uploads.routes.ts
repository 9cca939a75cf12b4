import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, optionalMessageEnvelope } from '../../../shared/contracts/common';
import {
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_SIZE,
  UploadMessage,
  imageUploadOptionsSchema,
  isValidUploadName,
  uploadBulkDeleteRequestSchema,
  uploadCategoriesDataSchema,
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
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { storableFields } from '../../plugins/text-input';
import { ACCEPT_ALL, ACCEPT_IMAGES } from './image-pipeline';
import {
  checkFile,
  deleteUpload,
  deleteUploads,
  getStats,
  getUpload,
  listCategories,
  listUploadPage,
  storeFiles,
  updateUpload,
  type CheckedFile,
  type StoreOptions,
  type UploadContext,
} from './uploads.service';

const tags = ['uploads'];
const write = { access: 'content' as const };
const read = { access: 'read' as const };
/** Uploads are heavy: a per-address cap on the calls that store files. */
export const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
const uploadConfig = { access: 'content' as const, rateLimit: UPLOAD_RATE_LIMIT };

const idParams = idParamsSchema;
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
  if (error instanceof AppError) return error;
  // busboy's own errors (malformed bodies) are the client's fault.
  if (error instanceof Error && /multipart|boundary|unexpected end|part terminated/i.test(error.message)) {
    return badRequest(UploadMessage.NOT_MULTIPART);
  }
  return error;
}

/**
 * Reads a multipart upload: every file is checked by content as it arrives (so a bad one is refused
 * before anything is stored), and the text fields are collected. Files are held in memory (at most
 * maxFiles x 10 MB) so the fields, which may come after them, apply to all.
 */
export async function readUpload(request: FastifyRequest, options: ReadOptions): Promise<ParsedUpload> {
  if (!request.isMultipart()) throw badRequest(UploadMessage.NOT_MULTIPART);
  const files: CheckedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    // One file more than allowed is read as far as its header, to say "too many" rather than fail silently.
    for await (const part of request.parts({ limits: { files: options.maxFiles + 1 }, preservePath: true })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
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
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.filename);
        throw error;
      }
      files.push(await checkFile({ data, name: part.filename, declaredMime: part.mimetype }, options.accept));
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (files.length === 0) throw badRequest(options.maxFiles > 1 ? UploadMessage.NO_FILES : UploadMessage.NO_FILE);
  return { files, fields };
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

/** What the upload services need from the app for one request. */
export function uploadContext(app: FastifyInstance, request: FastifyRequest): UploadContext {
  return { db: app.database.db, storage: app.fileStorage, publicUrl: app.config.publicUrl, log: request.log };
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
  const ctx = (request: FastifyRequest) => uploadContext(app, request);

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
      const { files, fields } = await readUpload(request, { fields: ['file'], maxFiles: 1, accept: ACCEPT_ALL });
      const [file] = await storeFiles(ctx(request), files, storeOptions(request, fields));
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
      const { files, fields } = await readUpload(request, {
        fields: ['files', 'files[]'],
        maxFiles: UPLOAD_MAX_FILES,
        accept: ACCEPT_ALL,
      });
      const stored = await storeFiles(ctx(request), files, storeOptions(request, fields));
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
      const { files, fields } = await readUpload(request, { fields: ['image'], maxFiles: 1, accept: ACCEPT_IMAGES });
      const imageFields = ['width', 'height', 'quality', 'format'];
      const pick = (keep: boolean) =>
        Object.fromEntries(Object.entries(fields).filter(([k]) => imageFields.includes(k) === keep));
      const image = parseFields(imageUploadOptionsSchema, pick(true));
      const options = { ...storeOptions(request, pick(false)), image };
      const [file] = await storeFiles(ctx(request), files, options);
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

  r.delete(
    '/bulk',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete several uploads with their sizes and references',
        body: uploadBulkDeleteRequestSchema,
        response: { 200: optionalMessageEnvelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const deleted = await deleteUploads(ctx(request), request.body);
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
        params: idParams,
        response: { 200: optionalMessageEnvelope(uploadFileDataSchema) },
      },
    },
    async (request) => ({ success: true as const, data: { file: await getUpload(ctx(request), request.params.id) } }),
  );

  r.put(
    '/:id',
    {
      config: write,
      schema: {
        tags,
        summary: "Change an upload's alt text, description or category",
        params: idParams,
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
        summary: 'Delete an upload, its sizes, and every reference to it',
        params: idParams,
        response: { 200: optionalMessageEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await deleteUpload(ctx(request), request.params.id);
      return { success: true as const, data: { id: request.params.id }, message: UploadMessage.DELETED };
    },
  );
}
