import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod';
import { companyProfileSchema } from '../../../shared/contracts/company';
import { getCompanyProfile } from './company.service';

export async function companyPublicRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/company',
    {
      config: { access: 'public' },
      schema: {
        tags: ['company'],
        summary: 'The company profile shown across the public site',
        response: { 200: z.object({ success: z.literal(true), data: companyProfileSchema }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      return { success: true as const, data: await getCompanyProfile(app.database.db) };
    },
  );
}
