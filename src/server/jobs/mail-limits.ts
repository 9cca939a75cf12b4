import { createHash } from 'node:crypto';
import { MysqlAdapter, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/*
 * Counters that keep the site's mail from being used as a relay (ADR 0033). Each limited thing (a scope and
 * a subject within it) has one mail_limits row: a fixed window and how many mails it allowed in it. Taking
 * an allowance is one conditional UPDATE (or the INSERT that creates the row), so two instances or two
 * requests racing for the last allowance cannot both get it. Subjects that are addresses are stored as
 * hashes only.
 */

export interface MailLimit {
  scope: string;
  limit: number;
  windowMs: number;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Confirmations to one normalised recipient address. */
export const CONFIRMATIONS_PER_RECIPIENT: MailLimit = { scope: 'confirm-recipient', limit: 3, windowMs: DAY_MS };
/** Confirmations asked for by one client address (the submitting IP). */
export const CONFIRMATIONS_PER_SENDER: MailLimit = { scope: 'confirm-sender', limit: 3, windowMs: DAY_MS };
/** Confirmations of the whole site: bounds what many addresses together can make it send. */
export const CONFIRMATIONS_PER_SITE: MailLimit = { scope: 'confirm-site', limit: 60, windowMs: HOUR_MS };
/** Password-reset mails to one account, whoever asks. */
export const RESET_MAILS_PER_ACCOUNT: MailLimit = { scope: 'password-reset', limit: 3, windowMs: HOUR_MS };
/** Contacts mailed to staff one by one; past this, they wait for the next digest. */
export const SINGLE_STAFF_CONTACT_MAILS: MailLimit = { scope: 'staff-contact', limit: 3, windowMs: 10 * 60_000 };

/** Counters older than the longest window are of no further use. */
const PRUNE_AFTER_MS = 2 * DAY_MS;

/** Providers that ignore dots in the local part, and the domain they are the same mailbox under. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address reaches, for counting: lower-case, a `+tag` sub-address dropped, and for Gmail
 * (and googlemail.com, the same mailboxes) the dots of the local part dropped.
 */
export function normaliseMailAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = Object.hasOwn(DOTLESS_DOMAINS, domain) ? DOTLESS_DOMAINS[domain] : undefined;
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** How a subject is stored: a SHA-256 hex digest (64 characters), so no address is kept in the counters. */
export function hashedSubject(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Takes one mail of `limit` for `subject`: true when it is within the limit (and counts it), false when
 * the window's mails are spent. `db` may be the caller's transaction: the counter then counts only if the
 * transaction commits.
 */
export async function takeMailAllowance(
  db: Kysely<DB>,
  limit: MailLimit,
  subject: string,
  now = new Date(),
): Promise<boolean> {
  const nowIso = now.toISOString();
  const windowEnded = new Date(now.getTime() - limit.windowMs).toISOString();
  const row = () => db.updateTable('mail_limits').where('scope', '=', limit.scope).where('subject', '=', subject);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const restarted = await row()
      .set({ window_start: nowIso, count: 1 })
      .where('window_start', '<=', windowEnded)
      .executeTakeFirst();
    if (Number(restarted.numUpdatedRows) === 1) return limit.limit > 0;
    const counted = await row()
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('window_start', '>', windowEnded)
      .where('count', '<', limit.limit)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 1) return true;
    const exists = await db
      .selectFrom('mail_limits')
      .select('count')
      .where('scope', '=', limit.scope)
      .where('subject', '=', subject)
      .executeTakeFirst();
    if (exists) return false;
    const insert = db.insertInto('mail_limits').values({ scope: limit.scope, subject, window_start: nowIso, count: 1 });
    const isMysql = db.getExecutor().adapter instanceof MysqlAdapter;
    const inserted = await (
      isMysql ? insert.ignore() : insert.onConflict((oc) => oc.columns(['scope', 'subject']).doNothing())
    ).executeTakeFirst();
    // Another request created the row first: count against it.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return limit.limit > 0;
  }
  return false;
}

/** Removes counters whose window ended long ago. */
export async function pruneMailLimits(db: Kysely<DB>, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - PRUNE_AFTER_MS).toISOString();
  await db.deleteFrom('mail_limits').where('window_start', '<', before).execute();
}
