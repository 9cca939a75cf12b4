import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import {
  NEWSLETTER_EMAIL_MAX,
  NewsletterMessage,
  type NewsletterListData,
  type NewsletterListQuery,
  type NewsletterSubscribeRequest,
  type NewsletterSubscriber,
} from '../../../shared/contracts/newsletter';
import { ErrorCode } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { SPREADSHEET_CSV_OPTIONS, spreadsheetSafe } from '../../plugins/spreadsheet-safe';
import {
  countSubscribers,
  deleteSubscriber,
  findSubscriberByEmail,
  insertSubscriber,
  listAllSubscribers,
  listSubscribers,
  resubscribe,
  type SubscriberFilter,
} from './newsletter.repository';

/** What a sign-up did: 'ignored' means the honeypot was filled in and nothing was stored. */
export type SubscribeOutcome = 'created' | 'resubscribed' | 'already' | 'ignored';

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

/**
 * Signs an address up. A known address is never stored twice: an active one is left alone, one that
 * had unsubscribed is subscribed again. Bad input is refused before the honeypot is looked at, so that
 * a bot learns nothing from the answer; a filled-in honeypot then stores nothing.
 */
export async function subscribe(db: Kysely<DB>, body: NewsletterSubscribeRequest): Promise<SubscribeOutcome> {
  const email = normaliseEmail(body.email);
  if (body.website?.trim()) return 'ignored';
  let existing = await findSubscriberByEmail(db, email);
  if (!existing) {
    try {
      await insertSubscriber(db, email, new Date().toISOString());
      return 'created';
    } catch (error) {
      // Two sign-ups of one address at once: the unique index lets one in; the other finds its row.
      existing = await findSubscriberByEmail(db, email);
      if (!existing) throw error;
    }
  }
  if (existing.status === 'subscribed') return 'already';
  await resubscribe(db, Number(existing.id));
  return 'resubscribed';
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
