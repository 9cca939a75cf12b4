import { MysqlAdapter, type Insertable, type Kysely } from 'kysely';
import type { AnalyticsEventsTable, AnalyticsPageViewsTable, DB } from '../../db/schema';

const isMysql = (db: Kysely<DB>) => db.getExecutor().adapter instanceof MysqlAdapter;

export async function findSalt(db: Kysely<DB>, day: string): Promise<string | undefined> {
  const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirst();
  return row?.salt;
}

/** Stores `salt` for `day` unless another instance stored one first (the stored one wins). */
export async function insertSaltIfAbsent(db: Kysely<DB>, day: string, salt: string, now: string): Promise<void> {
  const insert = db.insertInto('analytics_salts').values({ day, salt, created_at: now });
  await (isMysql(db) ? insert.ignore() : insert.onConflict((oc) => oc.column('day').doNothing())).execute();
}

/** Forgets the salts of days before `day`: their hashes can no longer be recomputed from an address. */
export async function deleteSaltsBefore(db: Kysely<DB>, day: string): Promise<void> {
  await db.deleteFrom('analytics_salts').where('day', '<', day).execute();
}

export async function insertPageView(db: Kysely<DB>, row: Insertable<AnalyticsPageViewsTable>): Promise<void> {
  await db.insertInto('analytics_page_views').values(row).execute();
}

export async function insertEvent(db: Kysely<DB>, row: Insertable<AnalyticsEventsTable>): Promise<void> {
  await db.insertInto('analytics_events').values(row).execute();
}
