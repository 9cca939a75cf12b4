import type { Kysely } from 'kysely';
import type { SubscriberStatus } from '../../../shared/contracts/newsletter';
import { insertReturningId } from '../../db/insert-id';
import { likeContains } from '../../db/query-helpers';
import type { DB } from '../../db/schema';
import { bouncedValues, inState, stateValues, subscriberState, type StateColumns } from './newsletter-states';

export interface SubscriberFilter {
  /** Part of the address; matched case-insensitively. */
  search?: string;
  status?: SubscriberStatus;
}

const columns = [
  'id',
  'email',
  'status',
  'confirmed_at',
  'bounced_at',
  'source',
  'created_at',
  'unsubscribed_at',
] as const;

interface StoredRow extends StateColumns {
  id: number;
  email: string;
  source: string;
  created_at: string;
  unsubscribed_at: string | null;
}

/** A row with its state read from the stored columns (newsletter-states.ts). */
function withState(row: StoredRow) {
  return {
    id: Number(row.id),
    email: row.email,
    status: subscriberState(row),
    source: row.source,
    created_at: row.created_at,
    unsubscribed_at: row.unsubscribed_at,
  };
}
export type SubscriberRow = ReturnType<typeof withState>;

function filtered(db: Kysely<DB>, filter: SubscriberFilter) {
  let query = db.selectFrom('newsletter_subscribers');
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where((eb) => eb(eb.fn('lower', ['email']), 'like', pattern));
  }
  if (filter.status) query = query.where(inState(filter.status));
  return query;
}

export async function findSubscriberByEmail(db: Kysely<DB>, email: string): Promise<SubscriberRow | undefined> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select(columns)
    .where('email', '=', email)
    .executeTakeFirst();
  return row && withState(row);
}

export async function findSubscriberById(db: Kysely<DB>, id: number): Promise<SubscriberRow | undefined> {
  const row = await db.selectFrom('newsletter_subscribers').select(columns).where('id', '=', id).executeTakeFirst();
  return row && withState(row);
}

/** A new sign-up, waiting for its confirmation (ADR 0046): 'subscribed' without confirmed_at. */
export async function insertSubscriber(db: Kysely<DB>, email: string, createdAt: string): Promise<number> {
  return insertReturningId(db, 'newsletter_subscribers', { email, status: 'subscribed', created_at: createdAt });
}

/**
 * Moves a subscriber from one of the `from` statuses to `to`, in one conditional UPDATE: true when this call
 * made the change (of two clicks at once, one does).
 */
export async function changeStatus(
  db: Kysely<DB>,
  id: number,
  from: readonly SubscriberStatus[],
  to: Exclude<SubscriberStatus, 'bounced'>,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set(stateValues(to, now))
    .where('id', '=', id)
    .where(inState(...from))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks every subscriber with this address bounced: it is never mailed again. */
export async function markBounced(db: Kysely<DB>, email: string, now: string): Promise<void> {
  await db
    .updateTable('newsletter_subscribers')
    .set(bouncedValues(now))
    .where('email', '=', email.toLowerCase())
    .where('bounced_at', 'is', null)
    .execute();
}

export async function countSubscribers(db: Kysely<DB>, filter: SubscriberFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first. */
export async function listSubscribers(
  db: Kysely<DB>,
  filter: SubscriberFilter,
  page: number,
  limit: number,
): Promise<SubscriberRow[]> {
  const rows = await filtered(db, filter)
    .select(columns)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows.map(withState);
}

/** Every subscriber matching the filter, newest first (for the export). */
export async function listAllSubscribers(db: Kysely<DB>, filter: SubscriberFilter): Promise<SubscriberRow[]> {
  const rows = await filtered(db, filter).select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(withState);
}

/** Returns whether a row was deleted. */
export async function deleteSubscriber(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
