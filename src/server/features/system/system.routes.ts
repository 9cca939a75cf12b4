import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageEnvelope, successEnvelope } from '../../../shared/contracts/common';
import { SITE_PASS_TTL_SECONDS, SystemMessage } from '../../../shared/contracts/system-settings.values';
import {
  systemSettingsAnswerSchema,
  systemSettingsSchema,
  systemStatusSchema,
} from '../../../shared/contracts/system-settings';
import { z } from '../../../shared/zod';
import { requireUser } from '../../plugins/auth';

const tags = ['system'];

/**
 * /api/system (issue 14, ADR 0019): System Configuration for admins, whether maintenance is on for every
 * staff member, and the site pass that lets staff browse the public pages during maintenance.
 */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  r.get(
    '/settings',
    {
      config: { access: 'settings' },
      schema: {
        tags,
        summary: 'Maintenance mode, debug mode and the cache switch',
        response: { 200: systemSettingsAnswerSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { success: true as const, data: await app.systemSettings.refresh() };
    },
  );

  r.put(
    '/settings',
    {
      config: { access: 'settings', activity: { type: 'settings', action: 'Updated system settings' } },
      schema: {
        tags,
        summary: 'Change the system settings; they take effect at once on every instance (within seconds)',
        body: systemSettingsSchema,
        response: { 200: messageEnvelope(systemSettingsSchema) },
      },
    },
    async (request) => {
      const saved = await app.systemSettings.save(request.body, requireUser(request).id);
      return { success: true as const, data: saved, message: SystemMessage.SAVED };
    },
  );

  r.get(
    '/status',
    {
      config: { access: 'read' },
      schema: { tags, summary: 'Whether visitors see the maintenance page', response: { 200: systemStatusSchema } },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { success: true as const, data: { maintenanceMode: app.systemSettings.current().maintenanceMode } };
    },
  );

  r.post(
    '/site-pass',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Sets the HttpOnly cookie that lets this staff member browse the public pages during maintenance',
        response: { 200: successEnvelope(z.object({ expiresIn: z.number().int() })) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.sitePass.issue(reply, user, request.sessionId ?? '');
      reply.headers(noStore);
      return { success: true as const, data: { expiresIn: SITE_PASS_TTL_SECONDS } };
    },
  );

  r.delete(
    '/site-pass',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Removes the site pass cookie (signing out)',
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (_request, reply) => {
      app.sitePass.clear(reply);
      return { success: true as const, data: null };
    },
  );
}
