import type { Insertable, Kysely } from 'kysely';
import { NOTIFICATIONS_MAX } from '../../../shared/contracts/notifications';
import type { DB } from '../../db/schema';

const columns = ['id', 'type', 'kind', 'title', 'message', 'link', 'read_at', 'created_at'] as const;

/** A staff member's own notifications, newest first (ids grow with time). */
export async function listNotificationsOf(db: Kysely<DB>, userId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countUnreadOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findNotificationOf(db: Kysely<DB>, userId: number, id: number) {
  return db
    .selectFrom('notifications')
    .select(columns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Read (a time) or unread (null); false when the user has no such notification. */
export async function setNotificationReadAt(db: Kysely<DB>, userId: number, id: number, readAt: string | null) {
  const found = await findNotificationOf(db, userId, id);
  if (!found) return false;
  await db
    .updateTable('notifications')
    .set({ read_at: readAt })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return true;
}

export async function markAllReadOf(db: Kysely<DB>, userId: number, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function deleteNotificationOf(db: Kysely<DB>, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteNotificationsOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
}

export async function insertNotifications(db: Kysely<DB>, rows: Insertable<DB['notifications']>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
}

/**
 * Keeps the NOTIFICATIONS_MAX newest of a user's notifications. The cut is found first and then deleted
 * by id range: MySQL allows no LIMIT in a subquery of IN.
 */
export async function pruneNotificationsOf(db: Kysely<DB>, userId: number): Promise<void> {
  const cut = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(NOTIFICATIONS_MAX)
    .executeTakeFirst();
  if (!cut) return;
  await db.deleteFrom('notifications').where('user_id', '=', userId).where('id', '<=', cut.id).execute();
}

export async function findEmailPreferences(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('user_email_preferences')
    .select(['new_contact', 'new_comment', 'weekly_report'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Insert or update the user's one row; the unique user_id makes a concurrent first save rerun (writeTransaction). */
export async function saveEmailPreferences(
  db: Kysely<DB>,
  userId: number,
  values: { new_contact: number; new_comment: number; weekly_report: number },
  now: string,
): Promise<void> {
  const updated = await db
    .updateTable('user_email_preferences')
    .set({ ...values, updated_at: now })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  const exists = await findEmailPreferences(db, userId);
  if (exists) return; // MySQL counts only changed rows: the same values were saved again
  await db
    .insertInto('user_email_preferences')
    .values({ user_id: userId, ...values, updated_at: now })
    .execute();
}

/** Every active staff member, with their e-mail preferences (no row: both on). */
export async function listActiveStaff(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_email_preferences as p', 'p.user_id', 'users.id')
    .select(['users.id', 'users.email', 'p.new_contact', 'p.new_comment'])
    .where('users.status', '=', 'active')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    newContact: r.new_contact === null || Number(r.new_contact) === 1,
    newComment: r.new_comment === null || Number(r.new_comment) === 1,
  }));
}

/** The company's name and contact details for the visitor's confirmation mail. */
export async function findCompanyContact(db: Kysely<DB>) {
  return db.selectFrom('company_profile').select(['name', 'email', 'phone']).orderBy('id').limit(1).executeTakeFirst();
}

/** A contact whose staff mail waits for the next digest (ADR 0033). */
export async function insertDigestItem(db: Kysely<DB>, contactId: number, now: string): Promise<void> {
  await db.insertInto('staff_digest_items').values({ contact_id: contactId, created_at: now }).execute();
}

/** The oldest waiting contacts (at most `limit`), with what the digest shows of each. */
export async function listDigestItems(db: Kysely<DB>, limit: number) {
  const rows = await db
    .selectFrom('staff_digest_items as d')
    .innerJoin('contacts as c', 'c.id', 'd.contact_id')
    .select(['d.id', 'd.contact_id', 'c.first_name', 'c.last_name', 'c.service', 'c.created_at'])
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), contact_id: Number(r.contact_id) }));
}

/** Removes the waiting items a digest just covered (by id: one inserted meanwhile stays for the next). */
export async function deleteDigestItems(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('staff_digest_items').where('id', 'in', ids).execute();
}
