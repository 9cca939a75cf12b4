import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  companyAdminSchema,
  companyProfileSchema,
  companySaveSchema,
  companyWriteSchema,
  seoAdminSchema,
  seoSaveSchema,
  seoSettingsSchema,
  seoWriteSchema,
  SEO_SETTINGS_KEY,
  type CompanyAdmin,
  type SeoAdmin,
} from '../../../shared/contracts/company';
import { ErrorMessage } from '../../../shared/errors';
import { activity } from '../../http/activity-log';
import { settingRowId } from '../../db/settings.repository';
import { registerRevisionRoutes, restorable, saveOptionsOf } from '../../revisions/revision-routes';
import { findProfile } from './company.repository';
import {
  companyRevisionFields,
  getCompanyAdmin,
  getCompanyProfile,
  getSeoAdmin,
  getSeoSettings,
  seoRevisionFields,
  updateCompanyProfile,
  updateSeoSettings,
} from './company.service';
import { messageEnvelope, ok, okWithMessage, successEnvelope } from '../../../shared/contracts/common';

const staffRead = { access: 'read' } as const;

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  r.put(
    '/company',
    {
      config: {
        access: 'content',
        // The company profile is on every page (its name, contacts, footer) and in the RSS feed.
        purges: ['company'],
        activity: activity<CompanyAdmin, unknown>({
          type: 'content',
          action: 'Updated company information',
          item: (_request, data) => data.name,
        }),
      },
      schema: {
        tags: ['company'],
        summary:
          'Replace the company profile, its core services and social links; {version} refuses a stale copy (409)',
        body: companySaveSchema,
        response: { 200: messageEnvelope(companyAdminSchema) },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return okWithMessage(
        await updateCompanyProfile(db(), input, saveOptionsOf(request, version)),
        'Company information saved',
      );
    },
  );

  r.get(
    '/company',
    {
      config: { access: 'public' },
      schema: {
        tags: ['company'],
        summary: 'The company profile shown across the public site',
        response: { 200: successEnvelope(companyProfileSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      return ok(await getCompanyProfile(db()));
    },
  );

  r.get(
    '/company/admin',
    {
      config: staffRead,
      schema: {
        tags: ['company'],
        summary: 'The company profile as staff edit it, with its version (0: never saved)',
        response: { 200: successEnvelope(companyAdminSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await getCompanyAdmin(db()));
    },
  );

  r.get(
    '/company/seo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['company'],
        summary: "The pages' SEO settings: the home title, the default description and the keywords",
        response: { 200: successEnvelope(seoSettingsSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=600');
      return ok(await getSeoSettings(db()));
    },
  );

  r.get(
    '/company/seo/admin',
    {
      config: staffRead,
      schema: {
        tags: ['company'],
        summary: 'The SEO settings as staff edit them, with their version (0: never saved)',
        response: { 200: successEnvelope(seoAdminSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await getSeoAdmin(db()));
    },
  );

  r.put(
    '/company/seo',
    {
      config: {
        access: 'content',
        purges: ['seo'],
        activity: activity<SeoAdmin, unknown>({
          type: 'content',
          action: 'Updated SEO settings',
          item: (_request, data) => data.siteTitle,
        }),
      },
      schema: {
        tags: ['company'],
        summary: 'Change the SEO settings; {version} refuses a stale copy (409)',
        body: seoSaveSchema,
        response: { 200: messageEnvelope(seoAdminSchema) },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return okWithMessage(await updateSeoSettings(db(), input, saveOptionsOf(request, version)), 'SEO settings saved');
    },
  );

  // /api/company/revisions… and /api/company/seo/revisions… (ADR 0041).
  await registerRevisionRoutes(app, {
    path: '/company',
    table: 'company_profile',
    singleId: async (database) => {
      const row = await findProfile(database);
      return row ? Number(row.id) : undefined;
    },
    noun: 'company information',
    activityType: 'content',
    tags: ['company'],
    notFoundMessage: ErrorMessage.COMPANY_NOT_CONFIGURED,
    purges: ['company'],
    fields: (database) => companyRevisionFields(database),
    name: async (database) => (await findProfile(database))?.name ?? null,
    restore: (database, _id, fields, save) =>
      updateCompanyProfile(database, restorable(companyWriteSchema, fields), save),
  });
  await registerRevisionRoutes(app, {
    path: '/company/seo',
    table: 'settings',
    singleId: (database) => settingRowId(database, SEO_SETTINGS_KEY),
    noun: 'SEO settings',
    activityType: 'content',
    tags: ['company'],
    notFoundMessage: 'SEO settings not found',
    purges: ['seo'],
    fields: (database) => seoRevisionFields(database),
    name: async (database) => (await getSeoSettings(database)).siteTitle,
    restore: (database, _id, fields, save) => updateSeoSettings(database, restorable(seoWriteSchema, fields), save),
  });
}
