import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  appSettingsAnswerSchema,
  appSettingsSavedSchema,
  appSettingsSchema,
} from '../../../shared/contracts/app-settings';
import { AppSettingsMessage } from '../../../shared/contracts/app-settings.values';
import { requireUser } from '../../http/auth';
import { getMyAppSettings, saveMyAppSettings } from './app-settings.service';
import { ok, okWithMessage } from '../../../shared/contracts/common';

/**
 * /api/auth/app-settings: the signed-in staff member's own App settings (theme, font size, where
 * notifications appear, time format, reduced motion). Every role reads and saves their own.
 */
export async function appSettingsRoutes(app: FastifyInstance): Promise<void> {
  // A staff member's own settings: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const db = () => app.database.db;
  r.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  r.get(
    '/app-settings',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'My App settings (the defaults until I save them)',
        response: { 200: appSettingsAnswerSchema },
      },
    },
    async (request) => ok(await getMyAppSettings(db(), requireUser(request).id)),
  );

  r.put(
    '/app-settings',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Save my App settings (the whole object)',
        body: appSettingsSchema,
        response: { 200: appSettingsSavedSchema },
      },
    },
    async (request) =>
      okWithMessage(await saveMyAppSettings(db(), requireUser(request).id, request.body), AppSettingsMessage.SAVED),
  );
}
