import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, successEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import { newsletterSendSchema, newsletterSendStateSchema } from '../../../shared/contracts/newsletter';
import { NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { formatMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import { shortReason } from '../../jobs/mailer';
import { NEWSLETTER_KIND_PREFIX } from './newsletter-mails';
import {
  recordMailOutcome,
  releaseDue,
  RELEASE_EVERY_MS,
  sendOfPost,
  sendState,
  sendTest,
  startSend,
} from './newsletter-sends.service';
import { newsletterContext } from './newsletter.service';

const tags = ['newsletter'];
const noStore = { 'cache-control': 'private, no-store' };

/**
 * /api/newsletter/posts/{id}/send (ADR 0046): the send dialog's state (staff who may read), a test mail
 * to oneself and the send itself (editors and admins). Also the release job and the outbox hook.
 */
export async function newsletterSendRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = newsletterContext(app);
  const db = () => app.database.db;

  app.scheduler.add({
    name: 'newsletter-release',
    everyMs: RELEASE_EVERY_MS,
    leaseMs: 5 * 60_000,
    run: async (now) => {
      const queued = await releaseDue(ctx(), app.config.newsletterRatePerMinute, now);
      if (queued > 0) app.log.info({ job: 'newsletter-release', queued }, 'newsletter mails released');
    },
  });
  app.mailer.onOutcome({ kindPrefix: NEWSLETTER_KIND_PREFIX, onOutcome: recordMailOutcome });

  const postTitle = async (id: number) =>
    (await db().selectFrom('blog_posts').select('title').where('id', '=', id).executeTakeFirst())?.title;

  r.get(
    '/posts/:id/send',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: "A post's newsletter: the mail's preview, the confirmed subscribers it would go to, and its send",
        params: idParamsSchema,
        response: { 200: successEnvelope(newsletterSendStateSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await sendState(ctx(), request.params.id, Boolean(app.config.smtpUrl)));
    },
  );

  r.post(
    '/posts/:id/send/test',
    {
      // A person presses it: a handful a minute, and only ever to their own address.
      config: { access: 'content', rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Mails a post's newsletter, marked as a test, to the signed-in staff member's own address",
        params: idParamsSchema,
        response: {
          200: messageEnvelope(
            z.object({ to: z.string(), status: z.enum(['pending', 'sending', 'sent', 'failed', 'logged']) }),
          ),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      const result = await sendTest(ctx(), request.params.id, user.email, (message) => app.mailer.send(message));
      let message: string = formatMessage(NewsletterMessage.TEST_SENT, { email: user.email });
      if (result.status === 'logged') message = NewsletterMessage.TEST_LOGGED;
      if (result.status === 'failed') {
        const row = await db()
          .selectFrom('mail_outbox')
          .select('last_error')
          .where('id', '=', result.id)
          .executeTakeFirst();
        message = formatMessage(NewsletterMessage.TEST_FAILED, {
          reason: shortReason(row?.last_error ?? 'unknown error'),
        });
      }
      return okWithMessage({ to: user.email, status: result.status }, message);
    },
  );

  r.post(
    '/posts/:id/send',
    {
      config: {
        access: 'content',
        rateLimit: { max: 10, timeWindow: 60_000 },
        activity: activity<unknown, { id: number }>({
          type: 'blog',
          action: 'Sent post to newsletter subscribers',
          itemBefore: (request) => postTitle(request.params.id),
        }),
      },
      schema: {
        tags,
        summary: 'Sends a published post to the confirmed subscribers, once per post (409 when sent already)',
        params: idParamsSchema,
        response: { 201: messageEnvelope(newsletterSendSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await startSend(ctx(), request.params.id, Number(user.id));
      // The first batch leaves now rather than at the job's next run (a batch is recorded once, whoever
      // releases it; should this fail, the job releases it).
      await releaseDue(ctx(), app.config.newsletterRatePerMinute, new Date()).catch((error: unknown) =>
        request.log.error({ err: error }, 'newsletter: the first batch could not be released; the job will'),
      );
      const send = await sendOfPost(ctx(), request.params.id);
      return reply.status(201).headers(noStore).send(okWithMessage(send, NewsletterMessage.SEND_STARTED));
    },
  );
}
