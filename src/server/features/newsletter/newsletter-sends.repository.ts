import { sql, type Kysely, type Selectable } from 'kysely';
import { insertReturningId } from '../../db/insert-id';
import type { DB, NewsletterSendsTable } from '../../db/schema';
import { inState } from './newsletter-states';

/* The rows of a post's send to the subscribers (ADR 0046), and what a send reads of posts and subscribers. */

export type SendRow = Selectable<NewsletterSendsTable>;

/** The post as its mail needs it (a read of the blog's table: features do not import each other). */
export async function findPostForSend(db: Kysely<DB>, postId: number) {
  return db
    .selectFrom('blog_posts')
    .select(['id', 'title', 'excerpt', 'slug', 'published'])
    .where('id', '=', postId)
    .executeTakeFirst();
}

/** Confirmed subscribers (optionally up to an id), and the highest id among them. */
export async function confirmedSubscribers(db: Kysely<DB>, maxId?: number): Promise<{ count: number; maxId: number }> {
  let query = db.selectFrom('newsletter_subscribers').where(inState('subscribed'));
  if (maxId !== undefined) query = query.where('id', '<=', maxId);
  const row = await query
    .select((eb) => [eb.fn.countAll<number | string | bigint>().as('count'), eb.fn.max('id').as('max_id')])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), maxId: Number(row.max_id ?? 0) };
}

export async function findSendOfPost(db: Kysely<DB>, postId: number): Promise<SendRow | undefined> {
  return db.selectFrom('newsletter_sends').selectAll().where('post_id', '=', postId).executeTakeFirst();
}

export async function insertSend(
  db: Kysely<DB>,
  values: Pick<SendRow, 'post_id' | 'subject' | 'text_body' | 'total' | 'max_subscriber_id' | 'created_by'> & {
    now: string;
  },
): Promise<number> {
  const { now, ...rest } = values;
  return insertReturningId(db, 'newsletter_sends', { ...rest, next_release_at: now, created_at: now });
}

/**
 * The send whose mails are released next: the oldest one not yet wholly released. Sends take turns, so
 * that together they keep to one rate.
 */
export async function nextSendToRelease(db: Kysely<DB>): Promise<SendRow | undefined> {
  return db
    .selectFrom('newsletter_sends')
    .selectAll()
    .where('status', '=', 'sending')
    .whereRef('last_subscriber_id', '<', 'max_subscriber_id')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The earliest time the next batch of any send may leave. */
export async function nextReleaseTime(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('newsletter_sends')
    .select((eb) => eb.fn.max('next_release_at').as('next'))
    .executeTakeFirst();
  return row?.next ?? null;
}

/** The next confirmed subscribers of a send, in id order. */
export async function nextRecipients(db: Kysely<DB>, send: SendRow, limit: number) {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email'])
    .where(inState('subscribed'))
    .where('id', '>', send.last_subscriber_id)
    .where('id', '<=', send.max_subscriber_id)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Records a released batch, conditionally on the send still being where it was read (so that a batch is
 * recorded once); false when another run got there first.
 */
export async function recordRelease(
  db: Kysely<DB>,
  send: SendRow,
  batch: { count: number; lastId: number; allReleased: boolean; nextReleaseAt: string },
): Promise<boolean> {
  const queued = send.queued + batch.count;
  const result = await db
    .updateTable('newsletter_sends')
    .set({
      queued,
      last_subscriber_id: batch.allReleased ? send.max_subscriber_id : batch.lastId,
      next_release_at: batch.nextReleaseAt,
      // Once all are out, the total is what was sent out (some may have left since the start).
      total: batch.allReleased ? queued : Math.max(send.total, queued),
    })
    .where('id', '=', send.id)
    .where('last_subscriber_id', '=', send.last_subscriber_id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts one mail's final outcome. */
export async function countOutcome(db: Kysely<DB>, sendId: number, outcome: 'sent' | 'failed'): Promise<void> {
  await db
    .updateTable('newsletter_sends')
    .set((eb) => (outcome === 'sent' ? { sent: eb('sent', '+', 1) } : { failed: eb('failed', '+', 1) }))
    .where('id', '=', sendId)
    .execute();
}

/** Marks the send done once every mail is released and has a final outcome. */
export async function finishIfDone(db: Kysely<DB>, sendId: number, now: string): Promise<void> {
  await db
    .updateTable('newsletter_sends')
    .set({ status: 'done', finished_at: now })
    .where('id', '=', sendId)
    .where('status', '=', 'sending')
    .whereRef('last_subscriber_id', '>=', 'max_subscriber_id')
    .where(sql<boolean>`sent + failed >= queued`)
    .execute();
}
