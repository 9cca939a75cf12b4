import type { Kysely } from 'kysely';
import { insertReturningId } from '../db/insert-id';
import type { DB, MailStatus } from '../db/schema';

export interface OutboxMessage {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
}

export async function insertOutboxMessage(
  db: Kysely<DB>,
  message: OutboxMessage,
  status: MailStatus,
  now: string,
): Promise<number> {
  return insertReturningId(db, 'mail_outbox', { ...message, status, created_at: now });
}

export async function markOutboxSent(db: Kysely<DB>, id: number, now: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1), last_error: null }))
    .where('id', '=', id)
    .execute();
}

export async function markOutboxFailed(db: Kysely<DB>, id: number, error: string, retryAt: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'failed',
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 2000),
      next_attempt_at: retryAt,
    }))
    .where('id', '=', id)
    .execute();
}
