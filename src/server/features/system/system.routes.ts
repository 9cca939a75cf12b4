import type { FastifyInstance } from 'fastify';
import { NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageEnvelope, successEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import { SITE_PASS_TTL_SECONDS, SystemMessage } from '../../../shared/contracts/system-settings.values';
import {
  systemSettingsAnswerSchema,
  systemSettingsSchema,
  systemStatusSchema,
} from '../../../shared/contracts/system-settings';
import { setupCheckSchema, SetupMessage, testEmailResultSchema } from '../../../shared/contracts/setup-check';
import { formatMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { requireUser } from '../../http/auth';
import { shortReason } from '../../jobs/mailer';

const tags = ['system'];

/**
 * /api/system (ADR 0019): System Configuration for admins, whether maintenance is on for every
 * staff member, the site pass that lets staff browse the public pages during maintenance, and the setup
 * check with its test e-mail.
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
      return ok(await app.systemSettings.refresh());
    },
  );

  r.put(
    '/settings',
    {
      // The cache switch, maintenance: nothing kept from before may come back.
      config: {
        access: 'settings',
        purges: 'all',
        activity: { type: 'settings', action: 'Updated system settings' },
      },
      schema: {
        tags,
        summary: 'Change the system settings; they take effect at once on every instance (within seconds)',
        body: systemSettingsSchema,
        response: { 200: messageEnvelope(systemSettingsSchema) },
      },
    },
    async (request) => {
      const saved = await app.systemSettings.save(request.body, requireUser(request).id);
      return okWithMessage(saved, SystemMessage.SAVED);
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
      return ok({ maintenanceMode: app.systemSettings.current().maintenanceMode });
    },
  );

  r.get(
    '/setup',
    {
      config: { access: 'settings' },
      schema: {
        tags,
        summary: 'What the site still lacks to serve a company in production, each with what to do',
        response: { 200: successEnvelope(setupCheckSchema) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return ok(await app.setupCheck());
    },
  );

  r.post(
    '/test-email',
    {
      // A handful a minute: enough to try a changed mail server, too few to mail anybody much.
      config: { access: 'settings', rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Sends a test e-mail to the signed-in admin's address and says how its first attempt went",
        response: { 200: messageEnvelope(testEmailResultSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      const result = await app.mailer.send({
        to: user.email,
        subject: 'Test e-mail from your website',
        text: `This is a test e-mail sent from the admin of ${app.config.publicUrl} by ${user.username}.\n\nIf you can read it, e-mail from the website reaches you: new-lead alerts, visitor confirmations and password e-mails will arrive too.`,
        kind: 'test',
      });
      const failure =
        result.status === 'failed'
          ? await app.database.db
              .selectFrom('mail_outbox')
              .select('last_error')
              .where('id', '=', result.id)
              .executeTakeFirst()
          : undefined;
      const message =
        result.status === 'sent'
          ? formatMessage(SetupMessage.TEST_SENT, { to: user.email })
          : result.status === 'logged'
            ? SetupMessage.TEST_LOGGED
            : result.status === 'failed'
              ? formatMessage(SetupMessage.TEST_FAILED, { reason: shortReason(failure?.last_error ?? 'unknown error') })
              : formatMessage(SetupMessage.TEST_QUEUED, { to: user.email });
      return okWithMessage({ to: user.email, status: result.status }, message);
    },
  );

  r.post(
    '/site-pass',
    {
      // The staff pass is a cookie: a request that carries it never gets or fills the cache.
      config: { access: 'read', purges: NO_PAGES },
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
      return ok({ expiresIn: SITE_PASS_TTL_SECONDS });
    },
  );

  r.delete(
    '/site-pass',
    {
      config: { access: 'public', purges: NO_PAGES },
      schema: {
        tags,
        summary: 'Removes the site pass cookie (signing out)',
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (_request, reply) => {
      app.sitePass.clear(reply);
      return ok(null);
    },
  );
}
