import { createHmac, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { AuthMessage, type LoginResponseData } from '../../../shared/contracts/auth';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PasskeyMessage,
  passkeyTransportsSchema,
  type Passkey,
} from '../../../shared/contracts/passkeys';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { isUniqueViolation, writeTransaction } from '../../db/write-conflicts';
import type { CurrentUser } from '../../http/auth';
import { AppError } from '../../lib/errors';
import {
  addressLock,
  finishLogin,
  recordFailure,
  refuseIfLocked,
  signInLocks,
  type AuthContext,
  type ClientInfo,
} from './auth.service';
import { hashOpaqueToken } from './opaque-token';
import {
  consumeWebauthnChallenge,
  deleteUserCredentials,
  findCredential,
  insertCredential,
  insertWebauthnChallenge,
  listCredentials,
  markCredentialUsed,
  pruneWebauthnChallenges,
} from './passkeys.repository';
import { findUserById } from './users.repository';

/*
 * Passkeys (ADR 0043) with @simplewebauthn/server: registration from the staff member's own settings and a
 * usernameless sign-in that stands in for the password and the second factor (user verification is
 * required: the authenticator checked a fingerprint, a face or a PIN). Each challenge is stored hashed in
 * the database, answered once and within PASSKEY_CHALLENGE_TTL_MS, so any instance can check it.
 */

/** The most passkeys one staff member may register. */
export const PASSKEY_LIMIT = 20;

/** The site as WebAuthn sees it: its host name (the RP ID) and origin, from PUBLIC_URL. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
  /** Derives the opaque user handle the authenticator stores with a passkey. */
  userHandleKey: string;
}

export function relyingPartyOf(publicUrl: string, siteKey: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: url.host, origin: url.origin, userHandleKey: siteKey };
}

/** The user handle: opaque (no id or address in it), the same for each of the user's passkeys. */
function userHandleOf(rp: RelyingParty, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', rp.userHandleKey).update(`passkey-user:${userId}`).digest());
}

const invalidResponse = () => new AppError(400, ErrorCode.VALIDATION_ERROR, PasskeyMessage.RESPONSE_INVALID);
const challengeExpired = () => new AppError(401, ErrorCode.UNAUTHENTICATED, PasskeyMessage.CHALLENGE_EXPIRED);
const signInFailed = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, PasskeyMessage.SIGN_IN_FAILED);
const unknownPasskey = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, PasskeyMessage.UNKNOWN_PASSKEY);

/** The challenge the browser signed, read from its client data; refused when that cannot be read. */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 512) {
      return data.challenge;
    }
  } catch {
    // Not JSON: refused below.
  }
  throw invalidResponse();
}

async function storeChallenge(db: Kysely<DB>, challenge: string, purpose: string, userId: number | null) {
  const now = Date.now();
  await pruneWebauthnChallenges(db, new Date(now - 60 * 60_000).toISOString());
  await insertWebauthnChallenge(db, {
    challenge_hash: hashOpaqueToken(challenge),
    user_id: userId,
    purpose,
    expires_at: new Date(now + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    created_at: new Date(now).toISOString(),
  });
}

const newChallenge = () => randomBytes(32).toString('base64url');

const toPasskey = (row: { id: number; name: string; created_at: string; last_used_at: string | null }): Passkey => ({
  id: Number(row.id),
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

function transportsOf(text: string): string[] {
  try {
    const parsed = passkeyTransportsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------- the staff member's own passkeys

export async function listPasskeys(db: Kysely<DB>, userId: number): Promise<Passkey[]> {
  return (await listCredentials(db, userId)).map(toPasskey);
}

/** The options for navigator.credentials.create(): a discoverable passkey that verifies the user. */
export async function registrationOptions(
  db: Kysely<DB>,
  rp: RelyingParty,
  user: Pick<CurrentUser, 'id' | 'username' | 'email'>,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listCredentials(db, user.id);
  if (existing.length >= PASSKEY_LIMIT) {
    throw new AppError(409, ErrorCode.CONFLICT, `You have ${PASSKEY_LIMIT} passkeys: delete one to add another.`);
  }
  const challenge = newChallenge();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.email,
    userID: userHandleOf(rp, user.id),
    challenge,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', user.id);
  return options;
}

/** Verifies the browser's registration answer against an open challenge of this user and keeps the passkey. */
export async function registerPasskey(
  db: Kysely<DB>,
  rp: RelyingParty,
  userId: number,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<Passkey> {
  const challenge = challengeOf(input.response.response.clientDataJSON);
  const now = new Date().toISOString();
  if (!(await consumeWebauthnChallenge(db, hashOpaqueToken(challenge), 'register', userId, now))) {
    throw challengeExpired();
  }
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, PasskeyMessage.REGISTRATION_FAILED);
  }
  const { credential } = verification.registrationInfo;
  const alreadyRegistered = () => new AppError(409, ErrorCode.CONFLICT, PasskeyMessage.ALREADY_REGISTERED);
  if (credential.id.length > 680 || (await findCredential(db, credential.id))) throw alreadyRegistered();
  const row = {
    user_id: userId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(passkeyTransportsSchema.catch([]).parse(credential.transports ?? [])),
    name: input.name,
    created_at: now,
  };
  try {
    const id = await insertCredential(db, row);
    return toPasskey({ id, name: row.name, created_at: now, last_used_at: null });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}

/** An admin's removal, or `create-admin`'s: the account's passkeys no longer sign anybody in. */
export async function removePasskeys(db: Kysely<DB>, userId: number): Promise<number> {
  return writeTransaction(db, (trx) => deleteUserCredentials(trx, userId));
}

// ---------------------------------------------------------------- sign-in

/** The options for navigator.credentials.get(): any passkey of this site (the passkey names the account). */
export async function authenticationOptions(
  db: Kysely<DB>,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: newChallenge(),
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: [],
    userVerification: 'required',
  });
  await storeChallenge(db, options.challenge, 'authenticate', null);
  return options;
}

/**
 * Signs in with a passkey: the challenge is used up first (answered once, by one request), then the
 * passkey's account is checked (active, not locked) and the signature verified. A wrong signature of a
 * known passkey counts as a failed sign-in of its account and the address; an unknown passkey counts
 * against the address only.
 */
export async function signInWithPasskey(
  ctx: AuthContext,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  client: ClientInfo,
): Promise<LoginResponseData> {
  const challenge = challengeOf(response.response.clientDataJSON);
  // The account is not known yet: the address's lock first.
  const address = addressLock(client.ip);
  await refuseIfLocked(ctx.db, [address]);
  const now = new Date().toISOString();
  if (!(await consumeWebauthnChallenge(ctx.db, hashOpaqueToken(challenge), 'authenticate', null, now))) {
    throw challengeExpired();
  }
  const credential = await findCredential(ctx.db, response.id);
  const user = credential ? await findUserById(ctx.db, credential.user_id) : undefined;
  if (!credential || !user) {
    await recordFailure(ctx.db, [address]);
    throw unknownPasskey();
  }
  if (user.status !== 'active') throw new AppError(403, ErrorCode.ACCOUNT_DISABLED, AuthMessage.ACCOUNT_DISABLED);
  const keys = signInLocks(user.id, client.ip);
  await refuseIfLocked(ctx.db, keys);

  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: credential.credential_id,
      publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
      counter: Number(credential.counter),
      transports: transportsOf(credential.transports),
    },
  }).catch(() => null);
  if (!verification?.verified) {
    await recordFailure(ctx.db, keys);
    throw signInFailed();
  }
  await markCredentialUsed(ctx.db, credential.id, verification.authenticationInfo.newCounter, now);
  return finishLogin(ctx, user, client);
}
