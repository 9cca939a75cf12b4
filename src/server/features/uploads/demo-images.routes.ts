import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope, ok } from '../../../shared/contracts/common';
import { demoImagesDataSchema } from '../../../shared/contracts/uploads';
import { demoImageUsages, type UploadReferenceSources } from './upload-usage.repository';

/**
 * GET /api/uploads/demo-images (staff): the demo content's pictures in the media library. They are site
 * files, not uploads (nothing to delete); the library lists the ones still shown, and where, so that
 * staff can replace them with their own.
 */
export async function demoImageRoutes(
  app: FastifyInstance,
  { references }: { references: UploadReferenceSources },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/demo-images',
    {
      config: { access: 'read' },
      schema: {
        tags: ['uploads'],
        summary: 'The demo pictures some post, project, landing item or setting still shows, and where',
        response: { 200: successEnvelope(demoImagesDataSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const usages = await demoImageUsages(app.database.db, references);
      const images = [...usages.entries()]
        .map(([url, places]) => ({ url, name: url.slice('/demo/'.length), usages: places }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
      return ok({ images });
    },
  );
}
