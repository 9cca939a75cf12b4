import { MysqlAdapter, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- authenticator

export async function findTotp(db: Db, userId: number) {
  return db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Starts (or starts again) a set-up: the new secret replaces an unconfirmed one. */
export async function putPendingTotp(db: Transaction<DB>, userId: number, secret: string, now: string) {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
  const values = { user_id: userId, secret, confirmed_at: null, last_time_step: null, created_at: now };
  const insert = db.insertInto('user_totp').values(values);
  // A confirmed authenticator is never replaced here: the unique user_id makes the insert do nothing.
  if (db.getExecutor().adapter instanceof MysqlAdapter) await insert.ignore().execute();
  else await insert.onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

/**
 * Records that the code of `timeStep` was used, only when no code of that step or a later one was (one
 * conditional UPDATE: of two requests with the same code, one wins). `confirm` marks a set-up finished.
 */
export async function useTimeStep(db: Db, userId: number, timeStep: number, confirmAt?: string): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_time_step: timeStep, ...(confirmAt ? { confirmed_at: confirmAt } : {}) })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
    .$if(confirmAt !== undefined, (qb) => qb.where('confirmed_at', 'is', null))
    .$if(confirmAt === undefined, (qb) => qb.where('confirmed_at', 'is not', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes every second factor of the user away: authenticator, recovery codes and open challenges. */
export async function deleteSecondFactors(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

// ---------------------------------------------------------------- recovery codes

export async function replaceRecoveryCodes(db: Transaction<DB>, userId: number, hashes: string[], now: string) {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

/** Spends one recovery code of the user; false when it is not theirs or was spent already. */
export async function spendRecoveryCode(db: Db, userId: number, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------- sign-in challenges

export async function insertChallenge(
  db: Db,
  challenge: { user_id: number; token_hash: string; purpose: string; expires_at: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({ ...challenge, used_at: null })
    .execute();
}

/** An open challenge of that token (unused and unexpired), or undefined. */
export async function findOpenChallenge(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('login_challenges')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses a challenge up; false when another request did first. */
export async function useChallenge(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Challenges that ended an hour ago or more (the lockout counts failures, not challenges). */
export async function pruneChallenges(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<', before).execute();
}
