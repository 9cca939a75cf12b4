import type { Kysely } from 'kysely';
import { insertReturningId } from '../../db/insert-id';
import type { DB } from '../../db/schema';

// ---------------------------------------------------------------- refresh-token sessions

export interface NewSession {
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  user_agent: string | null;
  ip: string | null;
}

export async function insertSession(db: Kysely<DB>, session: NewSession): Promise<number> {
  return insertReturningId(db, 'auth_sessions', session);
}

export async function findSessionByTokenHash(db: Kysely<DB>, tokenHash: string) {
  return db.selectFrom('auth_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks one session used up; false when another request already did (the token is single use). */
export async function claimSession(db: Kysely<DB>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now, last_used_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setSessionReplacedBy(db: Kysely<DB>, id: number, replacedById: number): Promise<void> {
  await db.updateTable('auth_sessions').set({ replaced_by_id: replacedById }).where('id', '=', id).execute();
}

export async function revokeFamily(db: Kysely<DB>, familyId: string, now: string): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every open session of the user, except the family `keepFamilyId` when given. */
export async function revokeUserSessions(
  db: Kysely<DB>,
  userId: number,
  now: string,
  keepFamilyId?: string,
): Promise<void> {
  let query = db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepFamilyId !== undefined) query = query.where('family_id', '<>', keepFamilyId);
  await query.execute();
}

// ---------------------------------------------------------------- single-use tokens (reset, verification)

export type UserTokenTable = 'password_reset_tokens' | 'email_verification_tokens';

export async function insertUserToken(
  db: Kysely<DB>,
  table: UserTokenTable,
  token: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto(table).values(token).execute();
}

export async function findUserToken(db: Kysely<DB>, table: UserTokenTable, tokenHash: string) {
  return db.selectFrom(table).selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the token up; false when it was used already (by a concurrent request, say). */
export async function useUserToken(db: Kysely<DB>, table: UserTokenTable, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every unused token of the user stops working (a newer one was issued, or the password changed). */
export async function invalidateUserTokens(
  db: Kysely<DB>,
  table: UserTokenTable,
  userId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

// ---------------------------------------------------------------- failed-login throttling

export async function findLoginAttempts(db: Kysely<DB>, keys: string[]) {
  return db.selectFrom('login_attempts').selectAll().where('key', 'in', keys).execute();
}

/**
 * Counts one failure for the key and returns the new count. A count whose last failure is older than
 * `staleBefore` (and that is not locked) starts again from one.
 */
export async function addLoginFailure(db: Kysely<DB>, key: string, now: string, staleBefore: string): Promise<number> {
  await db
    .updateTable('login_attempts')
    .set({ failures: 0, locked_until: null })
    .where('key', '=', key)
    .where('last_failure_at', '<', staleBefore)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
  const updated = await db
    .updateTable('login_attempts')
    .set((eb) => ({ failures: eb('failures', '+', 1), last_failure_at: now }))
    .where('key', '=', key)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    try {
      await db.insertInto('login_attempts').values({ key, failures: 1, last_failure_at: now }).execute();
      return 1;
    } catch {
      // A concurrent failure inserted the row first: count on it.
      await db
        .updateTable('login_attempts')
        .set((eb) => ({ failures: eb('failures', '+', 1), last_failure_at: now }))
        .where('key', '=', key)
        .execute();
    }
  }
  const row = await db.selectFrom('login_attempts').select('failures').where('key', '=', key).executeTakeFirstOrThrow();
  return Number(row.failures);
}

export async function lockLoginKey(db: Kysely<DB>, key: string, until: string): Promise<void> {
  await db.updateTable('login_attempts').set({ locked_until: until }).where('key', '=', key).execute();
}

export async function clearLoginAttempts(db: Kysely<DB>, keys: string[]): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', 'in', keys).execute();
}
