import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, okWithMessage } from '../../../shared/contracts/common';
import { contactFollowUpDataSchema, contactFollowUpRequestSchema } from '../../../shared/contracts/contacts';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import { activity } from '../../http/activity-log';
import { remindDueFollowUps, setFollowUp } from './contact-follow-ups';
import { contactNameOf } from './contact-changes';

/** How often the reminder job looks for follow-ups that have come due. */
const REMINDER_EVERY_MS = 10 * 60_000;

/**
 * PUT /api/contacts/{id}/follow-up (editors and admins) and the job that reminds staff of the follow-ups
 * due (contact-follow-ups.ts, ADR 0047).
 */
export async function contactFollowUpRoutes(app: FastifyInstance): Promise<void> {
  // Leads: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const db = () => app.database.db;

  app.scheduler.add({
    name: 'follow-up-reminders',
    everyMs: REMINDER_EVERY_MS,
    run: async (now) => {
      const reminded = await remindDueFollowUps(db(), app.staffAlerts, now, app.config.siteTimeZone);
      if (reminded > 0) app.log.info({ reminded }, 'follow-up reminders sent');
    },
  });

  app.withTypeProvider<ZodTypeProvider>().put(
    '/:id/follow-up',
    {
      config: {
        access: 'content',
        activity: activity<unknown, { id: number }, { on: string | null }>({
          type: 'contact',
          action: (request) => (request.body.on ? 'Set follow-up for contact' : 'Removed follow-up of contact'),
          itemBefore: (request) => contactNameOf(db(), request.params.id),
        }),
      },
      schema: {
        tags: ['contacts'],
        summary: 'Set the day to follow a contact up (staff are reminded that day), or null to remove it',
        params: idParamsSchema,
        body: contactFollowUpRequestSchema,
        response: { 200: messageEnvelope(contactFollowUpDataSchema) },
      },
    },
    async (request) => {
      const on = await setFollowUp(db(), request.params.id, request.body.on);
      return okWithMessage({ follow_up_on: on }, on ? ContactMessage.FOLLOW_UP_SET : ContactMessage.FOLLOW_UP_CLEARED);
    },
  );
}
