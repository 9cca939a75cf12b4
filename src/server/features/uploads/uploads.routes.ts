import multipart from '@fastify/multipart';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, optionalMessageEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import {
  imageUploadOptionsSchema,
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
} from '../../../shared/contracts/uploads';
import { UPLOAD_MAX_FILES, UploadMessage } from '../../../shared/contracts/uploads.values';
import { formatMessage, plural } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { requireUser } from '../../http/auth';
import { notFound } from '../../lib/errors';
import { ACCEPT_ALL, ACCEPT_IMAGES } from './image-pipeline';
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
import type { UploadReferenceRemovers, UploadReferenceSources } from './upload-usage.repository';
import {
  getStats,
  getUpload,
  listCategories,
  listUploadPage,
  storeFiles,
  updateUpload,
  type StoreOptions,
} from './uploads.service';
import { multipartLimits, parseFields, UPLOAD_RATE_LIMIT, uploadContext, withUpload } from './multipart-intake';

const tags = ['uploads'];
const write = { access: 'content' as const };
const read = { access: 'read' as const };

/** A staff read (viewers too): its summary, its answer (optional-message envelope), its params or query. */
function staffRead<D extends z.ZodType, E extends { params?: z.ZodType; querystring?: z.ZodType }>(
  summary: string,
  data: D,
  input: E = {} as E,
) {
  return { config: read, schema: { tags, summary, ...input, response: { 200: optionalMessageEnvelope(data) } } };
}
const uploadConfig = { access: 'content' as const, rateLimit: UPLOAD_RATE_LIMIT };

/** An upload (editors and admins, the upload limit): multipart in, 201 with what was stored. */
function upload<D extends z.ZodType>(summary: string, data: D) {
  const schema = { tags, summary, consumes: ['multipart/form-data'], response: { 201: optionalMessageEnvelope(data) } };
  return { config: uploadConfig, schema };
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
export async function uploadRoutes(
  app: FastifyInstance,
  { references, forgetReferences }: { references: UploadReferenceSources; forgetReferences: UploadReferenceRemovers },
): Promise<void> {
  // The media library: a page shows an image through the post or project that uses it.
  declareWrites(app, { purges: NO_PAGES });
  // A file deleted while in use takes its references out of posts, projects, team members and content
  // (deleteUploads): any page may have shown it.
  const REMOVES_REFERENCES = 'all' as const;
  await app.register(multipart, { limits: multipartLimits(UPLOAD_MAX_FILES, 10_000) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest, signal?: AbortSignal) => ({
    ...uploadContext(app, request, forgetReferences, signal),
    references,
  });
  const jobContext = () => ({
    references,
    forgetReferences,
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
    upload('Upload one file (field "file"): an image (JPEG, PNG, GIF, WebP) or a PDF', uploadFileDataSchema),
    async (request, reply) => {
      const [file] = await withUpload(
        request,
        reply,
        { fields: ['file'], maxFiles: 1, accept: ACCEPT_ALL },
        ({ files, fields }, signal) => storeFiles(ctx(request, signal), files, storeOptions(request, fields)),
      );
      return reply.status(201).send(okWithMessage({ file: file! }, UploadMessage.UPLOADED));
    },
  );

  r.post(
    '/multiple',
    upload(`Upload up to ${UPLOAD_MAX_FILES} files (field "files")`, uploadFilesDataSchema),
    async (request, reply) => {
      const stored = await withUpload(
        request,
        reply,
        { fields: ['files', 'files[]'], maxFiles: UPLOAD_MAX_FILES, accept: ACCEPT_ALL },
        ({ files, fields }, signal) => storeFiles(ctx(request, signal), files, storeOptions(request, fields)),
      );
      return reply
        .status(201)
        .send(okWithMessage({ files: stored }, formatMessage(UploadMessage.UPLOADED_MANY, { count: stored.length })));
    },
  );

  r.post(
    '/image',
    upload(
      'Upload one image (field "image"), optionally fitted inside width x height and re-encoded',
      uploadFileDataSchema,
    ),
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
      return reply.status(201).send(okWithMessage({ file: file! }, UploadMessage.UPLOADED));
    },
  );

  r.get(
    '/',
    staffRead('Uploaded files, filtered, sorted and paged', uploadListDataSchema, {
      querystring: uploadListQuerySchema,
    }),
    async (request) => ok(await listUploadPage(ctx(request), request.query)),
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
      return ok(data);
    },
  );

  r.get(
    '/meta/categories',
    staffRead('Upload categories with their file counts', uploadCategoriesDataSchema),
    async (request) => ok(await listCategories(ctx(request))),
  );

  r.get('/meta/stats', staffRead('Upload counts and sizes', uploadStatsDataSchema), async (request) =>
    ok(await getStats(ctx(request))),
  );

  r.get(
    '/category/:category',
    staffRead('Uploads of one category', uploadListDataSchema, {
      params: z.object({ category: uploadCategorySchema }),
      querystring: uploadListQuerySchema,
    }),
    async (request) => ok(await listUploadPage(ctx(request), request.query, { category: request.params.category })),
  );

  const mimePart = z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9.+-]{0,49}$/, 'is not a media type');

  r.get(
    '/mime/:mime',
    staffRead('Uploads of one media type (image%2Fpng) or family (image)', uploadListDataSchema, {
      params: z.object({
        mime: z
          .string()
          .trim()
          .toLowerCase()
          .regex(/^[a-z0-9][a-z0-9.+-]{0,49}(?:\/[a-z0-9][a-z0-9.+-]{0,49})?$/, 'is not a media type'),
      }),
      querystring: uploadListQuerySchema,
    }),
    async (request) => ok(await listUploadPage(ctx(request), request.query, { mimeType: request.params.mime })),
  );

  r.get(
    '/mime/:type/:subtype',
    staffRead('Uploads of one media type (image/png)', uploadListDataSchema, {
      params: z.object({ type: mimePart, subtype: mimePart }),
      querystring: uploadListQuerySchema,
    }),
    async (request) =>
      ok(
        await listUploadPage(ctx(request), request.query, {
          mimeType: `${request.params.type}/${request.params.subtype}`,
        }),
      ),
  );

  r.get(
    '/meta/unused',
    staffRead('Uploads nothing refers to (no post, project, content or setting), oldest first', uploadListDataSchema, {
      querystring: uploadUnusedQuerySchema,
    }),
    async (request) => ok(await listUnused(ctx(request), request.query)),
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
      return okWithMessage(
        { deleted },
        formatMessage(UploadMessage.SWEPT, { count: deleted, files: plural(deleted, 'file', 'files') }),
      );
    },
  );

  r.delete(
    '/bulk',
    {
      config: { ...write, purges: REMOVES_REFERENCES },
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
      return okWithMessage(
        { deleted },
        deleted ? formatMessage(UploadMessage.DELETED_MANY, { count: deleted }) : UploadMessage.NOTHING_DELETED,
      );
    },
  );

  r.get('/:id', staffRead('One upload', uploadFileDataSchema, { params: idParamsSchema }), async (request) =>
    ok({ file: await getUpload(ctx(request), request.params.id) }),
  );

  r.get(
    '/:id/usage',
    staffRead('Where an upload is used: posts, projects, landing-page content, settings', uploadUsageDataSchema, {
      params: idParamsSchema,
    }),
    async (request) => ok({ usages: await uploadUsages(ctx(request), request.params.id) }),
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
    async (request) =>
      okWithMessage({ file: await updateUpload(ctx(request), request.params.id, request.body) }, UploadMessage.UPDATED),
  );

  r.delete(
    '/:id',
    {
      config: { ...write, purges: REMOVES_REFERENCES },
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
      return okWithMessage({ id: request.params.id }, UploadMessage.DELETED);
    },
  );
}
