import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod';
import {
  companyProfileSchema,
  companyWriteSchema,
  seoSettingsSchema,
  seoWriteSchema,
  type CompanyProfile,
  type SeoSettings,
} from '../../../shared/contracts/company';
import { activity } from '../../plugins/activity-log';
import { getCompanyProfile, getSeoSettings, updateCompanyProfile, updateSeoSettings } from './company.service';

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/company',
    {
      config: {
        access: 'content',
        activity: activity<CompanyProfile, unknown>({
          type: 'content',
          action: 'Updated company information',
          item: (_request, data) => data.name,
        }),
      },
      schema: {
        tags: ['company'],
        summary: 'Replace the company profile, its core services and social links (issue 12)',
        body: companyWriteSchema,
        response: { 200: z.object({ success: z.literal(true), data: companyProfileSchema, message: z.string() }) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCompanyProfile(app.database.db, request.body),
      message: 'Company information saved',
    }),
  );

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

  app.withTypeProvider<ZodTypeProvider>().get(
    '/company/seo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['company'],
        summary: "The pages' SEO settings: the home title, the default description and the keywords",
        response: { 200: z.object({ success: z.literal(true), data: seoSettingsSchema }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      return { success: true as const, data: await getSeoSettings(app.database.db) };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().put(
    '/company/seo',
    {
      config: {
        access: 'content',
        activity: activity<SeoSettings, unknown>({
          type: 'content',
          action: 'Updated SEO settings',
          item: (_request, data) => data.siteTitle,
        }),
      },
      schema: {
        tags: ['company'],
        summary: 'Change the SEO settings (issue 12)',
        body: seoWriteSchema,
        response: { 200: z.object({ success: z.literal(true), data: seoSettingsSchema, message: z.string() }) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateSeoSettings(app.database.db, request.body),
      message: 'SEO settings saved',
    }),
  );
}
