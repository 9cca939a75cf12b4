import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, okWithMessage } from '../../../shared/contracts/common';
import { contactReplyRequestSchema } from '../../../shared/contracts/contacts';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import { formatMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import { sendReply } from './contact-replies';
import { contactNameOf } from './contact-changes';

/** POST /api/contacts/{id}/replies (editors and admins): a reply to the lead by e-mail (contact-replies.ts). */
export async function contactReplyRoutes(app: FastifyInstance): Promise<void> {
  // Leads: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const db = () => app.database.db;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:id/replies',
    {
      config: {
        access: 'content',
        // A person writes these: a handful a minute is plenty, and bounds what one account can mail.
        rateLimit: { max: 20, timeWindow: 60_000 },
        activity: activity<unknown, { id: number }>({
          type: 'contact',
          action: 'Replied to contact',
          itemBefore: (request) => contactNameOf(db(), request.params.id),
        }),
      },
      schema: {
        tags: ['contacts'],
        summary: "Reply to a contact by e-mail: kept in its responses, a new contact becomes 'contacted'",
        params: idParamsSchema,
        body: contactReplyRequestSchema,
        response: { 201: messageEnvelope(z.object({ to: z.string() })) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const sent = await sendReply(db(), app.mailer, request.params.id, request.body.message, {
        id: Number(user.id),
        username: user.username,
      });
      const message = app.config.smtpUrl
        ? formatMessage(ContactMessage.REPLY_SENT, { email: sent.email })
        : ContactMessage.REPLY_LOGGED;
      return reply.status(201).send(okWithMessage({ to: sent.email }, message));
    },
  );
}
