import type { Kysely, Transaction } from 'kysely';
import { ACTIVITY_KEPT, ACTIVITY_SIGNED_IN, type ActivityItem } from '../../../shared/contracts/analytics-dashboard';
import type { DB } from '../../db/schema';

/*
 * The recent-activity list of the Overview tab: staff actions and visitors' contact requests and comments,
 * the ACTIVITY_KEPT newest only.
 */

/** The column sizes of activity_log (initial migration). */
const TYPE_MAX = 40;
const ACTION_MAX = 200;
const ITEM_MAX = 300;

/** At most `max` characters (code points, as the databases count them: a surrogate pair is never split). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max - 1).join('') + '…';
}

export interface ActivityEntry {
  type: string;
  action: string;
  item: string | null;
  /** The staff member who did it; null for a visitor. */
  userId: number | null;
  now?: Date;
}

/** Stores one activity (pruneActivity keeps the table to the newest ACTIVITY_KEPT). */
export async function insertActivity(db: Kysely<DB> | Transaction<DB>, entry: ActivityEntry): Promise<void> {
  const item = entry.item?.trim();
  await db
    .insertInto('activity_log')
    .values({
      type: cut(entry.type, TYPE_MAX),
      action: cut(entry.action, ACTION_MAX),
      item: item ? cut(item, ITEM_MAX) : null,
      user_id: entry.userId,
      created_at: (entry.now ?? new Date()).toISOString(),
    })
    .execute();
}

/**
 * Drops the activities beyond the ACTIVITY_KEPT newest. The cut is found first and then deleted by id range:
 * MySQL refuses a DELETE whose subquery reads the same table, and LIMIT in IN. Run outside any caller's
 * transaction: concurrent writers then never wait on each other's deletes.
 */
export async function pruneActivity(db: Kysely<DB>): Promise<void> {
  const oldestDropped = await db
    .selectFrom('activity_log')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(ACTIVITY_KEPT)
    .executeTakeFirst();
  if (oldestDropped) await db.deleteFrom('activity_log').where('id', '<=', oldestDropped.id).execute();
}

/** The newest activities first (ids grow with time), with the username of the staff member who did each. */
/**
 * The newest activities. `oneSignInPerUser` (the Overview) keeps only each user's latest sign-in: staff
 * sign in every day, and a list of ten would otherwise be mostly "Signed in". The table keeps the
 * ACTIVITY_KEPT newest only, so the whole of it is read and thinned here.
 */
export async function listActivity(
  db: Kysely<DB>,
  limit: number,
  options: { oneSignInPerUser?: boolean } = {},
): Promise<ActivityItem[]> {
  const rows = await db
    .selectFrom('activity_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.type', 'a.action', 'a.item', 'a.user_id', 'a.created_at', 'u.username'])
    .orderBy('a.id', 'desc')
    .limit(options.oneSignInPerUser ? Math.max(limit, ACTIVITY_KEPT) : limit)
    .execute();
  const signedIn = new Set<string>();
  const shown = rows.filter((row) => {
    if (!options.oneSignInPerUser || row.action !== ACTIVITY_SIGNED_IN) return true;
    const who = String(row.user_id ?? row.item);
    if (signedIn.has(who)) return false;
    signedIn.add(who);
    return true;
  });
  return shown.slice(0, limit).map((row) => ({
    id: Number(row.id),
    type: row.type,
    action: row.action,
    item: row.item,
    user: row.username ?? null,
    time: row.created_at,
  }));
}
