import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  NewsletterListData,
  NewsletterListQuery,
  NewsletterSubscribeRequest,
  NewsletterSubscriber,
} from '../../../shared/contracts/newsletter';
import { NEWSLETTER_EMAIL_MAX, NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { ErrorCode } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { SPREADSHEET_CSV_OPTIONS, spreadsheetSafe } from '../../lib/spreadsheet-safe';
import { hashedSubject, normaliseMailAddress, takeMailAllowance, type MailLimit } from '../../jobs/mail-limits';
import type { Mailer } from '../../jobs/mailer';
import { createLinkSigner, linkUrl, type LinkSigner } from './newsletter-links';
import { confirmationMail } from './newsletter-mails';
import {
  changeStatus,
  countSubscribers,
  deleteSubscriber,
  findSubscriberByEmail,
  insertSubscriber,
  listAllSubscribers,
  listSubscribers,
  type SubscriberFilter,
} from './newsletter.repository';

/**
 * What a sign-up did: 'created' a new pending address, 'pending' an address waiting for its confirmation
 * again (an unsubscribed, pending or bounced one), 'already' a confirmed one; 'ignored' means the honeypot
 * was filled in and nothing was stored.
 */
export type SubscribeOutcome = 'created' | 'pending' | 'already' | 'ignored';

/** Confirmation mails to one address: a form cannot be used to flood somebody's inbox. */
export const CONFIRMATIONS_PER_ADDRESS: MailLimit = { scope: 'newsletter-confirm', limit: 3, windowMs: 24 * 3600_000 };

export interface NewsletterContext {
  db: Kysely<DB>;
  mailer: Mailer;
  links: LinkSigner;
  publicUrl: string;
}

/** The context of the newsletter's services, from the app (its links signed with the site's secret). */
export function newsletterContext(app: FastifyInstance): () => NewsletterContext {
  // The auth plugin already refuses to start without it.
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('JWT secret missing: the newsletter links are signed with it');
  const links = createLinkSigner(secret);
  return () => ({ db: app.database.db, mailer: app.mailer, links, publicUrl: app.config.publicUrl });
}

const emailSchema = z.email();

function emailError(message: string): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'email', message }]);
}

/** The address as stored: trimmed and lowercased, or a 400 naming the `email` field. */
export function normaliseEmail(raw: string | undefined): string {
  const email = (raw ?? '').replaceAll('\u0000', '').trim().toLowerCase();
  if (!email) throw emailError(NewsletterMessage.EMAIL_REQUIRED);
  if ([...email].length > NEWSLETTER_EMAIL_MAX) throw emailError(NewsletterMessage.EMAIL_TOO_LONG);
  if (!emailSchema.safeParse(email).success) throw emailError(NewsletterMessage.EMAIL_INVALID);
  return email;
}

/** The company's name for the mails and pages, or a neutral stand-in before it is set up. */
export async function companyName(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('company_profile').select('name').orderBy('id').limit(1).executeTakeFirst();
  return row?.name || 'Our company';
}

async function mailConfirmation(ctx: NewsletterContext, subscriber: { id: number; email: string }): Promise<void> {
  const subject = hashedSubject(normaliseMailAddress(subscriber.email));
  if (!(await takeMailAllowance(ctx.db, CONFIRMATIONS_PER_ADDRESS, subject))) return;
  const url = linkUrl(ctx.publicUrl, 'confirm', ctx.links.token('confirm', subscriber));
  await ctx.mailer.enqueue(ctx.db, confirmationMail(subscriber.email, await companyName(ctx.db), url));
}

/**
 * Signs an address up (double opt-in, ADR 0046). A known address is never stored twice. A new one, or
 * one that had unsubscribed, waits as 'pending' and is sent a confirmation link; a pending one is sent
 * it again (at most CONFIRMATIONS_PER_ADDRESS a day); a confirmed one is left alone; a bounced one is
 * answered as a pending one but is mailed nothing. Bad input is refused before the honeypot is looked
 * at, so that a bot learns nothing from the answer; a filled-in honeypot then stores nothing.
 */
export async function subscribe(ctx: NewsletterContext, body: NewsletterSubscribeRequest): Promise<SubscribeOutcome> {
  const email = normaliseEmail(body.email);
  if (body.website?.trim()) return 'ignored';
  const { db } = ctx;
  let existing = await findSubscriberByEmail(db, email);
  if (!existing) {
    try {
      const id = await insertSubscriber(db, email, new Date().toISOString());
      await mailConfirmation(ctx, { id, email });
      return 'created';
    } catch (error) {
      // Two sign-ups of one address at once: the unique index lets one in, which mails the link; the
      // other finds its row.
      existing = await findSubscriberByEmail(db, email);
      if (!existing) throw error;
      if (existing.status === 'pending') return 'pending';
    }
  }
  const id = Number(existing.id);
  if (existing.status === 'subscribed') return 'already';
  if (existing.status === 'bounced') return 'pending';
  if (existing.status === 'unsubscribed') {
    await changeStatus(db, id, ['unsubscribed'], 'pending', new Date().toISOString());
  }
  await mailConfirmation(ctx, { id, email });
  return 'pending';
}

function toSubscriber(row: Awaited<ReturnType<typeof listSubscribers>>[number]): NewsletterSubscriber {
  return {
    id: Number(row.id),
    email: row.email,
    status: row.status,
    source: row.source,
    created_at: row.created_at,
    unsubscribed_at: row.unsubscribed_at,
  };
}

function filterOf(query: Pick<NewsletterListQuery, 'search' | 'status'>): SubscriberFilter {
  return { search: query.search, status: query.status === 'all' ? undefined : query.status };
}

export async function listSubscribersPage(db: Kysely<DB>, query: NewsletterListQuery): Promise<NewsletterListData> {
  const filter = filterOf(query);
  const [total, rows] = await Promise.all([
    countSubscribers(db, filter),
    listSubscribers(db, filter, query.page, query.limit),
  ]);
  return {
    subscribers: rows.map(toSubscriber),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/**
 * The subscribers matching the list filters as CSV (RFC 4180, header row, CRLF), for the staff export. An
 * address is typed by a visitor: every cell is made spreadsheet-safe like the contacts export's.
 */
export async function exportSubscribersCsv(
  db: Kysely<DB>,
  query: Pick<NewsletterListQuery, 'search' | 'status'>,
): Promise<string> {
  const rows = await listAllSubscribers(db, filterOf(query));
  return stringify(
    rows.map((row) => {
      const subscriber = toSubscriber(row);
      return [
        subscriber.email,
        subscriber.status,
        subscriber.source,
        subscriber.created_at,
        subscriber.unsubscribed_at ?? '',
      ].map(spreadsheetSafe);
    }),
    {
      header: true,
      columns: ['email', 'status', 'source', 'subscribed_at', 'unsubscribed_at'],
      ...SPREADSHEET_CSV_OPTIONS,
    },
  );
}

export async function removeSubscriber(db: Kysely<DB>, id: number): Promise<void> {
  if (!(await deleteSubscriber(db, id))) throw notFound(NewsletterMessage.SUBSCRIBER_NOT_FOUND);
}
