import type { Kysely } from 'kysely';
import type { SubscriberStatus } from '../../../shared/contracts/newsletter';
import { insertReturningId } from '../../db/insert-id';
import { likeContains } from '../../db/query-helpers';
import type { DB } from '../../db/schema';

export interface SubscriberFilter {
  /** Part of the address; matched case-insensitively. */
  search?: string;
  status?: SubscriberStatus;
}

const columns = ['id', 'email', 'status', 'source', 'created_at', 'unsubscribed_at'] as const;

function filtered(db: Kysely<DB>, filter: SubscriberFilter) {
  let query = db.selectFrom('newsletter_subscribers');
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where((eb) => eb(eb.fn('lower', ['email']), 'like', pattern));
  }
  if (filter.status) query = query.where('status', '=', filter.status);
  return query;
}

export async function findSubscriberByEmail(db: Kysely<DB>, email: string) {
  return db.selectFrom('newsletter_subscribers').select(columns).where('email', '=', email).executeTakeFirst();
}

export async function insertSubscriber(db: Kysely<DB>, email: string, createdAt: string): Promise<number> {
  return insertReturningId(db, 'newsletter_subscribers', { email, status: 'subscribed', created_at: createdAt });
}

export async function resubscribe(db: Kysely<DB>, id: number): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'subscribed', unsubscribed_at: null })
    .where('id', '=', id)
    .execute();
}

export async function countSubscribers(db: Kysely<DB>, filter: SubscriberFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first. */
export async function listSubscribers(db: Kysely<DB>, filter: SubscriberFilter, page: number, limit: number) {
  return filtered(db, filter)
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

/** Every subscriber matching the filter, newest first (for the export). */
export async function listAllSubscribers(db: Kysely<DB>, filter: SubscriberFilter) {
  return filtered(db, filter).select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Returns whether a row was deleted. */
export async function deleteSubscriber(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
