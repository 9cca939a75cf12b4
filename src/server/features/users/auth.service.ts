import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AuthMessage, type LoginResponseData, type PublicUser } from '../../../shared/contracts/auth';
import type { LoginAnswerData } from '../../../shared/contracts/two-factor';
import { ErrorCode, ErrorMessage, formatMessage } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import type { AccessTokens, CurrentUser } from '../../http/auth';
import { AppError } from '../../lib/errors';
import { RESET_MAILS_PER_ACCOUNT, takeMailAllowance } from '../../jobs/mail-limits';
import type { Mailer } from '../../jobs/mailer';
import { emailVerificationMail, passwordResetMail } from './auth.mail';
import {
  addLoginFailure,
  claimSession,
  clearLoginAttempts,
  findLoginAttempts,
  findSessionByTokenHash,
  findUserToken,
  insertSession,
  insertUserToken,
  invalidateUserTokens,
  lockLoginKey,
  revokeFamily,
  revokeUserSessions,
  setSessionReplacedBy,
  useUserToken,
} from './auth.repository';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import { hashPassword, verifyPassword } from './password';
import { toPublicUser } from './public-user';
import { issueChallenge, secondStepOf } from './two-factor.service';
import {
  emailTaken,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  updateUser,
  usernameTaken,
} from './users.repository';

export interface AuthContext {
  db: Kysely<DB>;
  accessTokens: AccessTokens;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const VERIFY_TOKEN_TTL_MS = 48 * 60 * 60_000;

export interface LockPolicy {
  /** Failures before the key locks. */
  maxFailures: number;
  /** A count whose last failure is older than this starts again. */
  windowMs: number;
  /** The first lock; each further failure doubles it, up to maxLockMs. */
  firstLockMs: number;
  maxLockMs: number;
}

/** An account: a few tries, then a short lock that grows (someone is guessing this password). */
export const ACCOUNT_LOCK: LockPolicy = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
};

/**
 * A client address: many people can share one (an office or a mobile network behind NAT), so the limit
 * is far higher and separate from the accounts', as in Ghost's brute-force protection: 100 failures
 * within the hour lock the address for an hour. It stops one address trying many accounts.
 */
export const ADDRESS_LOCK: LockPolicy = {
  maxFailures: 100,
  windowMs: 60 * 60_000,
  firstLockMs: 60 * 60_000,
  maxLockMs: 60 * 60_000,
};

const invalidCredentials = () => new AppError(401, ErrorCode.INVALID_CREDENTIALS, AuthMessage.INVALID_CREDENTIALS);
const sessionExpired = () => new AppError(401, ErrorCode.UNAUTHENTICATED, AuthMessage.SESSION_EXPIRED);

// Verifying against this when the account does not exist costs the same argon2 time as a real check.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
  return dummyHash;
}

export const accountKey = (id: number) => `account:${id}`;
const unknownAccountKey = (identifier: string) => `account:${identifier.toLowerCase()}`.slice(0, 200);
const ipKey = (ip: string) => `ip:${ip}`;

function lockDuration(policy: LockPolicy, failures: number): number {
  return Math.min(policy.firstLockMs * 2 ** (failures - policy.maxFailures), policy.maxLockMs);
}

export type Lock = [key: string, policy: LockPolicy];

/** The lockout of a client address (ADR 0006). */
export const addressLock = (ip: string): Lock => [ipKey(ip), ADDRESS_LOCK];

/** The lockouts of a sign-in of an account from an address (ADR 0006). */
export function signInLocks(userId: number, ip: string): Lock[] {
  return [[accountKey(userId), ACCOUNT_LOCK], addressLock(ip)];
}

export async function refuseIfLocked(db: Kysely<DB>, locks: Lock[], now = Date.now()): Promise<void> {
  const rows = await findLoginAttempts(
    db,
    locks.map(([key]) => key),
  );
  const until = Math.max(0, ...rows.map((r) => (r.locked_until ? Date.parse(r.locked_until) : 0)));
  if (until > now) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new AppError(
      429,
      ErrorCode.RATE_LIMITED,
      formatMessage(AuthMessage.TOO_MANY_ATTEMPTS, { seconds }),
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
}

export async function recordFailure(db: Kysely<DB>, keys: Lock[]): Promise<void> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  for (const [key, policy] of keys) {
    const staleBefore = new Date(now - policy.windowMs).toISOString();
    const failures = await addLoginFailure(db, key, nowIso, staleBefore);
    if (failures >= policy.maxFailures) {
      await lockLoginKey(db, key, new Date(now + lockDuration(policy, failures)).toISOString());
    }
  }
}

async function openSession(
  ctx: AuthContext,
  user: CurrentUser,
  client: ClientInfo,
  familyId: string = randomUUID(),
): Promise<{ refreshToken: string; id: number; familyId: string }> {
  const refreshToken = newOpaqueToken();
  const now = Date.now();
  const id = await insertSession(ctx.db, {
    user_id: user.id,
    family_id: familyId,
    token_hash: hashOpaqueToken(refreshToken),
    expires_at: new Date(now + REFRESH_TOKEN_TTL_MS).toISOString(),
    created_at: new Date(now).toISOString(),
    user_agent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip.slice(0, 64),
  });
  return { refreshToken, id, familyId };
}

/**
 * Signs in with a password. A user with an authenticator (or whom the sign-in policy requires to set one
 * up) gets a challenge for the second step instead of a session (ADR 0042); the account's failure count is
 * then kept until that step succeeds, so that a known password does not reset the count of wrong codes.
 */
export async function login(
  ctx: AuthContext,
  input: { identifier: string; password: string },
  client: ClientInfo,
): Promise<LoginAnswerData> {
  const user = await findUserByLogin(ctx.db, input.identifier);
  const keys: Lock[] = user
    ? signInLocks(user.id, client.ip)
    : [[unknownAccountKey(input.identifier), ACCOUNT_LOCK], addressLock(client.ip)];
  await refuseIfLocked(ctx.db, keys);

  const passwordOk = user
    ? await verifyPassword(user.password_hash, input.password)
    : (await verifyPassword(await getDummyHash(), input.password)) && false;
  if (!user || !passwordOk) {
    await recordFailure(ctx.db, keys);
    throw invalidCredentials();
  }
  if (user.status !== 'active') {
    await clearLoginAttempts(ctx.db, [accountKey(user.id)]);
    throw new AppError(403, ErrorCode.ACCOUNT_DISABLED, AuthMessage.ACCOUNT_DISABLED);
  }
  const secondStep = await secondStepOf(ctx.db, user);
  if (secondStep) return { secondStep, challengeToken: await issueChallenge(ctx.db, user.id, secondStep) };
  return finishLogin(ctx, user, client);
}

/**
 * Opens the session of a user who proved who they are (the account's failure count starts again): the token
 * pair and the user.
 */
export async function finishLogin(ctx: AuthContext, user: CurrentUser, client: ClientInfo): Promise<LoginResponseData> {
  await clearLoginAttempts(ctx.db, [accountKey(user.id)]);
  const now = new Date().toISOString();
  await updateUser(ctx.db, user.id, { last_login_at: now });
  const session = await openSession(ctx, user, client);
  const token = await ctx.accessTokens.sign({ userId: user.id, role: user.role, sessionId: session.familyId });
  return { token, refreshToken: session.refreshToken, user: toPublicUser({ ...user, last_login_at: now }) };
}

/** Single use: the presented token is replaced by a new one of the same family. A replayed one ends the family. */
export async function refresh(
  ctx: AuthContext,
  refreshToken: string,
  client: ClientInfo,
): Promise<{ token: string; refreshToken: string }> {
  const session = await findSessionByTokenHash(ctx.db, hashOpaqueToken(refreshToken));
  if (!session) throw sessionExpired();
  const now = new Date().toISOString();
  if (session.revoked_at) {
    if (session.replaced_by_id !== null) {
      ctx.log.warn({ userId: session.user_id, family: session.family_id }, 'refresh token reused: session revoked');
    }
    await revokeFamily(ctx.db, session.family_id, now);
    throw sessionExpired();
  }
  if (session.expires_at <= now) {
    await revokeFamily(ctx.db, session.family_id, now);
    throw sessionExpired();
  }
  const user = await findUserById(ctx.db, session.user_id);
  if (!user || user.status !== 'active') {
    await revokeFamily(ctx.db, session.family_id, now);
    throw sessionExpired();
  }

  const rotated = await writeTransaction(ctx.db, async (trx) => {
    if (!(await claimSession(trx, session.id, now))) return null;
    const next = await openSession({ ...ctx, db: trx }, user, client, session.family_id);
    await setSessionReplacedBy(trx, session.id, next.id);
    return next;
  });
  if (!rotated) {
    // Another request used this token first: a replay.
    await revokeFamily(ctx.db, session.family_id, now);
    throw sessionExpired();
  }
  const token = await ctx.accessTokens.sign({ userId: user.id, role: user.role, sessionId: session.family_id });
  return { token, refreshToken: rotated.refreshToken };
}

/** Ends the session of the refresh token, or of the (possibly expired) access token. Never fails. */
export async function logout(ctx: AuthContext, refreshToken: string | undefined, accessToken: string | undefined) {
  const now = new Date().toISOString();
  if (refreshToken) {
    const session = await findSessionByTokenHash(ctx.db, hashOpaqueToken(refreshToken));
    if (session) await revokeFamily(ctx.db, session.family_id, now);
  }
  if (accessToken) {
    const claims = await ctx.accessTokens.verify(accessToken, { allowExpired: true });
    if (claims) await revokeFamily(ctx.db, claims.sessionId, now);
  }
}

async function issueUserToken(
  ctx: AuthContext,
  table: 'password_reset_tokens' | 'email_verification_tokens',
  userId: number,
  ttlMs: number,
): Promise<string> {
  const token = newOpaqueToken();
  const now = Date.now();
  await invalidateUserTokens(ctx.db, table, userId, new Date(now).toISOString());
  await insertUserToken(ctx.db, table, {
    user_id: userId,
    token_hash: hashOpaqueToken(token),
    expires_at: new Date(now + ttlMs).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  return token;
}

/** Issues a verification link for the user's current address and mails it. */
export async function sendEmailVerification(ctx: AuthContext, user: { id: number; username: string; email: string }) {
  const token = await issueUserToken(ctx, 'email_verification_tokens', user.id, VERIFY_TOKEN_TTL_MS);
  const link = `${ctx.publicUrl}/admin/verify-email?token=${encodeURIComponent(token)}`;
  ctx.mailer.sendInBackground(emailVerificationMail(user.email, user.username, link));
}

/**
 * Same answer whether or not the address has an account (ADR 0006), and whether or not the account's
 * reset mails for the hour are spent (RESET_MAILS_PER_ACCOUNT, ADR 0033): past it no new link is issued,
 * and the last one mailed stays valid.
 */
export async function forgotPassword(ctx: AuthContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  if (!(await takeMailAllowance(ctx.db, RESET_MAILS_PER_ACCOUNT, String(user.id)))) {
    ctx.log.warn({ userId: user.id }, 'password reset mail not sent: the account had its reset mails for the hour');
    return;
  }
  const token = await issueUserToken(ctx, 'password_reset_tokens', user.id, RESET_TOKEN_TTL_MS);
  const link = `${ctx.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
  ctx.mailer.sendInBackground(passwordResetMail(user.email, user.username, link));
}

async function consumeUserToken(
  ctx: AuthContext,
  table: 'password_reset_tokens' | 'email_verification_tokens',
  token: string,
  invalidMessage: string,
): Promise<CurrentUser> {
  const invalid = () => new AppError(400, ErrorCode.INVALID_TOKEN, invalidMessage);
  const row = await findUserToken(ctx.db, table, hashOpaqueToken(token));
  const now = new Date().toISOString();
  if (!row || row.used_at !== null || row.expires_at <= now) throw invalid();
  if (!(await useUserToken(ctx.db, table, row.id, now))) throw invalid();
  const user = await findUserById(ctx.db, row.user_id);
  if (!user) throw invalid();
  return user;
}

export async function resetPassword(ctx: AuthContext, token: string, newPassword: string): Promise<void> {
  const user = await consumeUserToken(ctx, 'password_reset_tokens', token, AuthMessage.RESET_TOKEN_INVALID);
  const now = new Date().toISOString();
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(newPassword), updated_at: now });
  await invalidateUserTokens(ctx.db, 'password_reset_tokens', user.id, now);
  await revokeUserSessions(ctx.db, user.id, now);
  await clearLoginAttempts(ctx.db, [accountKey(user.id)]);
}

export async function verifyEmail(ctx: AuthContext, token: string): Promise<void> {
  const user = await consumeUserToken(ctx, 'email_verification_tokens', token, AuthMessage.VERIFY_TOKEN_INVALID);
  await updateUser(ctx.db, user.id, { email_verified: 1, updated_at: new Date().toISOString() });
}

export async function changePassword(
  ctx: AuthContext,
  user: CurrentUser,
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError(400, ErrorCode.WRONG_PASSWORD, AuthMessage.CURRENT_PASSWORD_WRONG, [
      { field: 'currentPassword', message: AuthMessage.CURRENT_PASSWORD_WRONG },
    ]);
  }
  const now = new Date().toISOString();
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(input.newPassword), updated_at: now });
  // Every other signed-in device must sign in again with the new password; this one stays.
  await revokeUserSessions(ctx.db, user.id, now, currentSessionId);
  await invalidateUserTokens(ctx.db, 'password_reset_tokens', user.id, now);
}

export async function updateProfile(
  ctx: AuthContext,
  user: CurrentUser,
  input: { username?: string; email?: string },
): Promise<PublicUser> {
  const username = input.username;
  const email = input.email?.toLowerCase();
  const emailChanged = email !== undefined && email !== user.email;
  const now = new Date().toISOString();
  // Check and write in one retried transaction: a concurrent change to the same name then gets the 409.
  await writeTransaction(ctx.db, async (trx) => {
    const errors = [];
    if (username !== undefined && (await usernameTaken(trx, username, user.id))) {
      errors.push({ field: 'username', message: AuthMessage.USERNAME_TAKEN });
    }
    if (email !== undefined && (await emailTaken(trx, email, user.id))) {
      errors.push({ field: 'email', message: AuthMessage.EMAIL_TAKEN });
    }
    if (errors[0]) throw new AppError(409, ErrorCode.CONFLICT, errors[0].message, errors);
    await updateUser(trx, user.id, {
      ...(username !== undefined ? { username } : {}),
      ...(emailChanged ? { email, email_verified: 0 } : {}),
      updated_at: now,
    });
  });
  const updated = await findUserById(ctx.db, user.id);
  if (!updated) throw new AppError(404, ErrorCode.NOT_FOUND, ErrorMessage.NOT_FOUND);
  if (emailChanged) await sendEmailVerification(ctx, updated);
  return toPublicUser(updated);
}
