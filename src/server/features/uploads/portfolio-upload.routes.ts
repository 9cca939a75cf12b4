import multipart from '@fastify/multipart';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalMessageEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import { PORTFOLIO_GALLERY_MAX } from '../../../shared/contracts/portfolio.values';
import {
  PortfolioUploadMessage,
  galleryUploadedText,
  portfolioGalleryUploadDataSchema,
  portfolioGalleryUploadFieldsSchema,
  portfolioImageDeleteDataSchema,
  portfolioImageDeleteQuerySchema,
  portfolioImageParamsSchema,
  portfolioMainUploadDataSchema,
  portfolioMainUploadFieldsSchema,
  portfolioUploadStatsDataSchema,
} from '../../../shared/contracts/portfolio-uploads';
import { requireUser } from '../../http/auth';
import { ACCEPT_IMAGES } from './image-pipeline';
import {
  deletePortfolioImage,
  portfolioUploadStats,
  resolveProject,
  uploadGalleryImages,
  uploadMainImage,
} from './portfolio-upload.service';
import type { PortfolioUploadContext, ProjectImages } from './project-images';
import type { UploadReferenceRemovers } from './upload-usage.repository';
import { UPLOAD_RATE_LIMIT, multipartLimits, parseFields, uploadContext, withUpload } from './multipart-intake';

const tags = ['portfolio (staff)', 'uploads'];
const uploadConfig = { access: 'content' as const, rateLimit: UPLOAD_RATE_LIMIT };

/**
 * /api/portfolio/upload: the images of the admin project form. Editors and admins write; every staff
 * role may read the stats. The files are ordinary uploads (category 'portfolio', checked by content,
 * stored under generated names with their resized copies).
 */
export async function portfolioUploadRoutes(
  app: FastifyInstance,
  { projects, forgetReferences }: { projects: ProjectImages; forgetReferences: UploadReferenceRemovers },
): Promise<void> {
  // Gallery images added to a project change its row: every project list and page (the form names the project
  // in its fields, not in the address). A main image is only stored until the project form is saved. A
  // deleted image leaves every place that showed it (deleteUploads): any page. Like every staff write under
  // /api/portfolio, the redirects table is read again.
  declareWrites(app, { purges: ['projects'], changesRedirects: true });
  await app.register(multipart, { limits: multipartLimits(PORTFOLIO_GALLERY_MAX, 20_000) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest, signal?: AbortSignal): PortfolioUploadContext => ({
    ...uploadContext(app, request, forgetReferences, signal),
    projects,
  });

  r.post(
    '/main',
    {
      config: { ...uploadConfig, purges: NO_PAGES },
      schema: {
        tags,
        summary: 'Upload a project main image (field "image"; optional alt_text, description)',
        consumes: ['multipart/form-data'],
        response: { 201: optionalMessageEnvelope(portfolioMainUploadDataSchema) },
      },
    },
    async (request, reply) => {
      const data = await withUpload(
        request,
        reply,
        { fields: ['image', 'file'], maxFiles: 1, accept: ACCEPT_IMAGES },
        ({ files, fields }, signal) => {
          const extras = parseFields(portfolioMainUploadFieldsSchema, fields);
          return uploadMainImage(ctx(request, signal), files[0]!, {
            altText: extras.alt_text,
            description: extras.description,
            uploadedBy: requireUser(request).id,
          });
        },
      );
      return reply.status(201).send(okWithMessage(data, PortfolioUploadMessage.MAIN_UPLOADED));
    },
  );

  r.post(
    '/gallery',
    {
      config: uploadConfig,
      schema: {
        tags,
        summary: `Upload gallery images (field "images", at most ${PORTFOLIO_GALLERY_MAX} per project); with projectId or projectSlug they are added to that project's gallery`,
        consumes: ['multipart/form-data'],
        response: { 201: optionalMessageEnvelope(portfolioGalleryUploadDataSchema) },
      },
    },
    async (request, reply) => {
      const data = await withUpload(
        request,
        reply,
        { fields: ['images', 'images[]', 'files', 'files[]'], maxFiles: PORTFOLIO_GALLERY_MAX, accept: ACCEPT_IMAGES },
        async ({ files, fields }, signal) => {
          const extras = parseFields(portfolioGalleryUploadFieldsSchema, fields);
          const project = await resolveProject(ctx(request), extras);
          return uploadGalleryImages(ctx(request, signal), files, {
            project,
            titles: extras.titles,
            uploadedBy: requireUser(request).id,
          });
        },
      );
      return reply.status(201).send(okWithMessage(data, galleryUploadedText(data.images.length)));
    },
  );

  r.get(
    '/stats',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Portfolio image counts: uploads, main images, gallery images, full galleries',
        response: { 200: optionalMessageEnvelope(portfolioUploadStatsDataSchema) },
      },
    },
    async (request) => ok(await portfolioUploadStats(ctx(request))),
  );

  r.delete(
    '/:file',
    {
      config: { access: 'content', purges: 'all' },
      schema: {
        tags,
        summary:
          'Delete a portfolio image by upload id or file name: the file, its sizes and every reference. For an address that is not an upload, only the named project’s references',
        params: portfolioImageParamsSchema,
        querystring: portfolioImageDeleteQuerySchema,
        response: { 200: optionalMessageEnvelope(portfolioImageDeleteDataSchema) },
      },
    },
    async (request) => {
      const project = await resolveProject(ctx(request), request.query);
      const data = await deletePortfolioImage(ctx(request), request.params.file, project);
      return okWithMessage(data, PortfolioUploadMessage.IMAGE_DELETED);
    },
  );
}
