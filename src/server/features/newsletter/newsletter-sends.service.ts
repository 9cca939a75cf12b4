import type { Kysely } from 'kysely';
import type { NewsletterSend, NewsletterSendState } from '../../../shared/contracts/newsletter';
import { NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { isUniqueViolation, writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import type { MailAttemptOutcome, MailResult } from '../../jobs/mailer';
import type { OutboxRow } from '../../jobs/mail-outbox.repository';
import { linkUrl } from './newsletter-links';
import { postMail, postMailBody, sendIdOfKind, TEST_KIND, unsubscribeFooter } from './newsletter-mails';
import {
  confirmedSubscribers,
  countOutcome,
  findPostForSend,
  findSendOfPost,
  finishIfDone,
  insertSend,
  nextReleaseTime,
  nextRecipients,
  nextSendToRelease,
  recordRelease,
  type SendRow,
} from './newsletter-sends.repository';
import { markBounced } from './newsletter.repository';
import { companyName, type NewsletterContext } from './newsletter.service';

/*
 * Sending a post to the subscribers (ADR 0046). Staff start it once per post; its text is frozen in a
 * newsletter_sends row with the confirmed subscribers it is for (those up to the highest id at the start).
 * A scheduler job (once across instances) releases the mails to the outbox a batch at a time, keeping to
 * NEWSLETTER_RATE_PER_MINUTE; the outbox's outcomes are counted on the row, and a permanent refusal marks
 * the address bounced.
 */

/** How often the release job runs; each run releases at most one batch. */
export const RELEASE_EVERY_MS = 10_000;

/** A batch and the time the next may leave: about one batch per run, never more than `rate` a minute. */
export function releasePace(ratePerMinute: number): { batch: number; intervalMs: number } {
  const batch = Math.max(1, Math.ceil((ratePerMinute * RELEASE_EVERY_MS) / 60_000));
  return { batch, intervalMs: Math.ceil((batch * 60_000) / ratePerMinute) };
}

/** Where the stand-in of a subscriber's own link goes in a preview or a test mail. */
const PERSONAL_LINK = '(each subscriber gets their own unsubscribe link here)';

function toSend(row: SendRow): NewsletterSend {
  return {
    id: Number(row.id),
    status: row.status,
    subject: row.subject,
    total: Number(row.total),
    queued: Number(row.queued),
    sent: Number(row.sent),
    failed: Number(row.failed),
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

async function postOrThrow(db: Kysely<DB>, postId: number) {
  const post = await findPostForSend(db, postId);
  if (!post) throw notFound(NewsletterMessage.POST_NOT_FOUND);
  return post;
}

async function mailBody(ctx: NewsletterContext, post: { title: string; excerpt: string; slug: string }) {
  const company = await companyName(ctx.db);
  return { company, body: postMailBody(post, company, ctx.publicUrl) };
}

/** The dialog's figures: the mail as it would go, how many would get it, and the send once started. */
export async function sendState(
  ctx: NewsletterContext,
  postId: number,
  mailConfigured: boolean,
): Promise<NewsletterSendState> {
  const post = await postOrThrow(ctx.db, postId);
  const [{ company, body }, recipients, send] = await Promise.all([
    mailBody(ctx, post),
    confirmedSubscribers(ctx.db),
    findSendOfPost(ctx.db, postId),
  ]);
  return {
    preview: { subject: body.subject, text: `${body.text}\n${unsubscribeFooter(company, PERSONAL_LINK)}` },
    recipients: recipients.count,
    published: post.published === 1,
    mail_configured: mailConfigured,
    send: send ? toSend(send) : null,
  };
}

function refuseUnpublished(post: { published: number }): void {
  if (post.published !== 1) {
    throw new AppError(409, ErrorCode.CONFLICT, NewsletterMessage.POST_NOT_PUBLISHED);
  }
}

/** Mails the post to the signed-in staff member alone, marked as a test; resolves with how it left. */
export async function sendTest(
  ctx: NewsletterContext,
  postId: number,
  to: string,
  send: (message: Parameters<NewsletterContext['mailer']['send']>[0]) => Promise<MailResult>,
): Promise<MailResult> {
  const post = await postOrThrow(ctx.db, postId);
  const { company, body } = await mailBody(ctx, post);
  return send({
    to,
    kind: TEST_KIND,
    subject: `[Test] ${body.subject}`,
    text: `${body.text}\n${unsubscribeFooter(company, PERSONAL_LINK)}`,
  });
}

/** A post's send, as staff see it. */
export async function sendOfPost(ctx: NewsletterContext, postId: number): Promise<NewsletterSend> {
  const row = await findSendOfPost(ctx.db, postId);
  if (!row) throw notFound(NewsletterMessage.POST_NOT_FOUND);
  return toSend(row);
}

/** Starts the send of a published post to its confirmed subscribers: once per post (else 409). */
export async function startSend(ctx: NewsletterContext, postId: number, userId: number): Promise<void> {
  const post = await postOrThrow(ctx.db, postId);
  refuseUnpublished(post);
  if (await findSendOfPost(ctx.db, postId)) throw new AppError(409, ErrorCode.CONFLICT, NewsletterMessage.ALREADY_SENT);
  const recipients = await confirmedSubscribers(ctx.db);
  if (recipients.count === 0) throw new AppError(409, ErrorCode.CONFLICT, NewsletterMessage.NO_SUBSCRIBERS);
  const { body } = await mailBody(ctx, post);
  try {
    await insertSend(ctx.db, {
      post_id: postId,
      subject: body.subject,
      text_body: body.text,
      total: recipients.count,
      max_subscriber_id: recipients.maxId,
      created_by: userId,
      now: new Date().toISOString(),
    });
  } catch (error) {
    // Two staff members pressing Send at once: the unique post_id lets one in.
    if (isUniqueViolation(error)) throw new AppError(409, ErrorCode.CONFLICT, NewsletterMessage.ALREADY_SENT);
    throw error;
  }
}

/**
 * The release job: if the pace allows it at `now`, queues the next batch of the oldest send not wholly
 * released, each mail with its subscriber's unsubscribe link, in one transaction with the send's new
 * position. Resolves with the number of mails queued.
 */
export async function releaseDue(ctx: NewsletterContext, ratePerMinute: number, now: Date): Promise<number> {
  const next = await nextReleaseTime(ctx.db);
  if (next && Date.parse(next) > now.getTime()) return 0;
  const send = await nextSendToRelease(ctx.db);
  if (!send) return 0;
  const { batch, intervalMs } = releasePace(ratePerMinute);
  const company = await companyName(ctx.db);
  const body = { subject: send.subject, text: send.text_body };
  const queued = await writeTransaction(ctx.db, async (trx) => {
    const recipients = await nextRecipients(trx, send, batch);
    const last = recipients.at(-1);
    const allReleased = recipients.length < batch || (last !== undefined && last.id >= send.max_subscriber_id);
    const recorded = await recordRelease(trx, send, {
      count: recipients.length,
      lastId: last ? Number(last.id) : send.last_subscriber_id,
      allReleased,
      nextReleaseAt: new Date(now.getTime() + intervalMs).toISOString(),
    });
    if (!recorded) return 0;
    for (const recipient of recipients) {
      const subscriber = { id: Number(recipient.id), email: recipient.email };
      const url = linkUrl(ctx.publicUrl, 'unsubscribe', ctx.links.token('unsubscribe', subscriber));
      await ctx.mailer.enqueue(trx, postMail(recipient.email, Number(send.id), body, company, url));
    }
    if (allReleased) await finishIfDone(trx, Number(send.id), now.toISOString());
    return recipients.length;
  });
  if (queued > 0) ctx.mailer.flush();
  return queued;
}

/**
 * The outbox's word on a newsletter mail (in its transaction): a permanent refusal marks the address
 * bounced; a post mail's final outcome is counted on its send, which is done after the last.
 */
export async function recordMailOutcome(trx: Kysely<DB>, row: OutboxRow, outcome: MailAttemptOutcome): Promise<void> {
  if (outcome.rejected) await markBounced(trx, row.to_address, new Date().toISOString());
  const sendId = sendIdOfKind(row.kind);
  if (sendId === null || !outcome.final) return;
  await countOutcome(trx, sendId, outcome.status === 'failed' ? 'failed' : 'sent');
  await finishIfDone(trx, sendId, new Date().toISOString());
}
