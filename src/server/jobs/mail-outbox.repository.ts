import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { insertReturningId } from '../db/insert-id';
import type { DB, MailOutboxTable, MailStatus } from '../db/schema';

export interface OutboxMessage {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string | null;
  contact_id: number | null;
  /** Extra headers as JSON text, or null. */
  headers?: string | null;
}

export type OutboxRow = Selectable<MailOutboxTable>;

/** A pending row, due at once. `db` may be the caller's transaction. */
export async function insertOutboxMessage(db: Kysely<DB>, message: OutboxMessage, now: string): Promise<number> {
  return insertReturningId(db, 'mail_outbox', {
    ...message,
    status: 'pending' satisfies MailStatus,
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  });
}

/**
 * Rows a worker may take now: pending or failed ones whose time has come (a failed row without a next
 * attempt was given up), and rows left 'sending' whose lease ran out (their instance died mid-send).
 */
function isDue(now: string) {
  return (eb: ExpressionBuilder<DB, 'mail_outbox'>) =>
    eb.or([
      eb.and([
        eb('status', '=', 'pending'),
        eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]),
      ]),
      eb.and([eb('status', '=', 'failed'), eb('next_attempt_at', 'is not', null), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('status', '=', 'sending'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)])]),
    ]);
}

export async function listDueIds(db: Kysely<DB>, now: string, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('mail_outbox').select('id').where(isDue(now)).orderBy('id').limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Takes the row for this instance if it is still due: one conditional UPDATE, so of two instances
 * racing for a row exactly one changes it. The attempt is counted here, so a send that crashes the
 * process still counts.
 */
export async function claimOutboxRow(
  db: Kysely<DB>,
  id: number,
  owner: string,
  now: string,
  leaseUntil: string,
): Promise<OutboxRow | undefined> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sending',
      lease_owner: owner,
      lease_until: leaseUntil,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where(isDue(now))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
}

/** Ends this instance's lease on the row with an outcome. */
export async function finishOutboxRow(
  db: Kysely<DB>,
  id: number,
  owner: string,
  outcome:
    { status: 'sent' | 'logged'; at: string } | { status: 'failed'; error: string; nextAttemptAt: string | null },
): Promise<void> {
  const values =
    outcome.status === 'failed'
      ? { status: outcome.status, last_error: outcome.error.slice(0, 2000), next_attempt_at: outcome.nextAttemptAt }
      : { status: outcome.status, sent_at: outcome.at, last_error: null, next_attempt_at: null };
  await db
    .updateTable('mail_outbox')
    .set({ ...values, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function findOutboxRow(db: Kysely<DB>, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The mails about a contact that are failing: failed ones (given up or waiting for a retry) and those
 * being retried right now (still carrying their last error). Newest first.
 */
export async function listFailingMailsOfContact(db: Kysely<DB>, contactId: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'status', 'attempts', 'last_error', 'next_attempt_at'])
    .where('contact_id', '=', contactId)
    .where((eb) =>
      eb.or([eb('status', '=', 'failed'), eb.and([eb('status', '=', 'sending'), eb('last_error', 'is not', null)])]),
    )
    .orderBy('id', 'desc')
    .execute();
}
