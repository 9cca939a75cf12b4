import type { Insertable, Kysely, Transaction } from 'kysely';
import { insertReturningId } from '../../db/insert-id';
import type { DB, WebauthnCredentialsTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- credentials

export async function listCredentials(db: Db, userId: number) {
  return db
    .selectFrom('webauthn_credentials')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The passkey of this credential id. Compared again here exactly: MySQL's default collation ignores case,
 * and base64url ids differ by case.
 */
export async function findCredential(db: Db, credentialId: string) {
  const rows = await db
    .selectFrom('webauthn_credentials')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .execute();
  return rows.find((row) => row.credential_id === credentialId);
}

export async function insertCredential(
  db: Kysely<DB>,
  credential: Omit<Insertable<WebauthnCredentialsTable>, 'id' | 'last_used_at'>,
): Promise<number> {
  return insertReturningId(db, 'webauthn_credentials', { ...credential, last_used_at: null });
}

/** Records a use: the new signature counter and the time. */
export async function markCredentialUsed(db: Db, id: number, counter: number, now: string): Promise<void> {
  await db.updateTable('webauthn_credentials').set({ counter, last_used_at: now }).where('id', '=', id).execute();
}

/** Renames a passkey of the user (none of another user's). */
export async function renameCredential(db: Db, userId: number, id: number, name: string): Promise<void> {
  await db
    .updateTable('webauthn_credentials')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes a passkey of the user; false when the user has no passkey of that id. */
export async function deleteCredential(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('webauthn_credentials')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Takes every passkey of the user away, with their open registrations; answers how many passkeys went. */
export async function deleteUserCredentials(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('webauthn_credentials').where('user_id', '=', userId).executeTakeFirst();
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------- challenges

export async function insertWebauthnChallenge(
  db: Db,
  challenge: {
    challenge_hash: string;
    user_id: number | null;
    purpose: string;
    expires_at: string;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('webauthn_challenges')
    .values({ ...challenge, used_at: null })
    .execute();
}

/**
 * Uses up an open challenge of this hash and purpose (and of this user, for a registration) with one
 * conditional UPDATE: of two requests with the same challenge, one wins. False when there is none.
 */
export async function consumeWebauthnChallenge(
  db: Db,
  challengeHash: string,
  purpose: 'register' | 'authenticate',
  userId: number | null,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webauthn_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', challengeHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Challenges that ended before `before`: used or not, they can never be answered. */
export async function pruneWebauthnChallenges(db: Db, before: string): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', before).execute();
}
