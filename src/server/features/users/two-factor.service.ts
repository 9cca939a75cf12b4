import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  LOGIN_CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  SIGN_IN_POLICY_KEY,
  signInPolicySchema,
  TWO_FACTOR_POLICY_ROLES,
  TwoFactorMessage,
  type SignInPolicy,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/contracts/two-factor';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError } from '../../lib/errors';
import { readSetting, writeSetting } from '../../db/settings.repository';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';
import {
  countRecoveryCodesLeft,
  deleteSecondFactors,
  findTotp,
  insertChallenge,
  putPendingTotp,
  replaceRecoveryCodes,
  spendRecoveryCode,
  useTimeStep,
} from './two-factor.repository';

/*
 * Two-factor sign-in with an authenticator app (ADR 0042): TOTP as authenticator apps compute it (SHA-1,
 * 6 digits, 30 s), a code accepted within one step either side of the server's clock and never twice (the
 * last time step used is kept), the secret encrypted at rest, recovery codes kept as hashes. The sign-in
 * flow that uses this (challenges, lockout) is in two-factor-login.ts.
 */

/** One 30-second step either side: a phone's clock a little off, or a code typed as it changed. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** Encrypts authenticator secrets with AES-256-GCM under a key derived from the site key (JWT_SECRET). */
export interface SecretBox {
  seal(secret: string): string;
  /** The secret, or null when it was sealed under another key (the site key changed) or is damaged. */
  open(sealed: string): string | null;
}

export function createSecretBox(siteKey: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', siteKey, '', 'totp-secret', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

// ---------------------------------------------------------------- policy

export async function readSignInPolicy(db: Kysely<DB>): Promise<SignInPolicy> {
  const stored = signInPolicySchema.safeParse(await readSetting(db, SIGN_IN_POLICY_KEY));
  return stored.success ? stored.data : { requireTwoFactor: false };
}

export async function saveSignInPolicy(db: Kysely<DB>, policy: SignInPolicy): Promise<SignInPolicy> {
  await writeTransaction(db, (trx) => writeSetting(trx, SIGN_IN_POLICY_KEY, policy));
  return policy;
}

/** Whether the policy requires a second factor of a staff member of this role. */
export async function secondFactorRequired(db: Kysely<DB>, role: string): Promise<boolean> {
  return TWO_FACTOR_POLICY_ROLES.includes(role) && (await readSignInPolicy(db)).requireTwoFactor;
}

/** What a password sign-in of this user needs next: a code, an enrolment the policy requires, or nothing. */
export async function secondStepOf(
  db: Kysely<DB>,
  user: { id: number; role: string },
): Promise<'totp' | 'enrol' | null> {
  const totp = await findTotp(db, user.id);
  if (totp?.confirmed_at) return 'totp';
  return (await secondFactorRequired(db, user.role)) ? 'enrol' : null;
}

// ---------------------------------------------------------------- challenges

/** A single-use token for the second step of this sign-in, valid LOGIN_CHALLENGE_TTL_MS. */
export async function issueChallenge(db: Kysely<DB>, userId: number, purpose: 'totp' | 'enrol'): Promise<string> {
  const token = newOpaqueToken();
  const now = Date.now();
  await insertChallenge(db, {
    user_id: userId,
    token_hash: hashOpaqueToken(token),
    purpose,
    expires_at: new Date(now + LOGIN_CHALLENGE_TTL_MS).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  return token;
}

// ---------------------------------------------------------------- codes

/**
 * Accepts a code of the user's authenticator once: within a step of `now`, and of a later time step than
 * any accepted before (a code seen over a shoulder or replayed is refused). `confirming` accepts a code of
 * the set-up in progress and finishes it.
 */
export async function acceptCode(
  db: Kysely<DB>,
  box: SecretBox,
  userId: number,
  code: string,
  options: { confirming?: boolean; now?: Date } = {},
): Promise<boolean> {
  const totp = await findTotp(db, userId);
  if (!totp || Boolean(totp.confirmed_at) === Boolean(options.confirming)) return false;
  const secret = box.open(totp.secret);
  if (!secret) throw new AppError(409, ErrorCode.CONFLICT, TwoFactorMessage.SECRET_UNREADABLE);
  const now = options.now ?? new Date();
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(totp.last_time_step !== null ? { afterTimeStep: Number(totp.last_time_step) } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  return useTimeStep(db, userId, result.timeStep, options.confirming ? now.toISOString() : undefined);
}

/** Codes such as "k7q2-9xmf-3hwd": 60 bits each, letters and digits that are not confused with each other. */
function newRecoveryCode(): string {
  const alphabet = '23456789abcdefghjkmnpqrstuvwxyz';
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** A recovery code as typed (any case, with or without dashes and spaces), hashed as stored. */
export const hashRecoveryCode = (code: string) => hashOpaqueToken(code.toLowerCase().replace(/[\s-]/g, ''));

/** New recovery codes for the user (the old ones stop working); the codes are shown once. */
export async function issueRecoveryCodes(db: Kysely<DB>, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await writeTransaction(db, (trx) =>
    replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), new Date().toISOString()),
  );
  return codes;
}

/** New recovery codes for a user whose authenticator is on (the old codes stop working). */
export async function regenerateRecoveryCodes(db: Kysely<DB>, userId: number): Promise<string[]> {
  if (!(await findTotp(db, userId))?.confirmed_at) {
    throw new AppError(409, ErrorCode.CONFLICT, TwoFactorMessage.NOT_ENABLED);
  }
  return issueRecoveryCodes(db, userId);
}

export async function useRecoveryCode(db: Kysely<DB>, userId: number, code: string): Promise<boolean> {
  return spendRecoveryCode(db, userId, hashRecoveryCode(code), new Date().toISOString());
}

// ---------------------------------------------------------------- set-up and state

/** Starts a set-up: a new secret (replacing one in progress), its otpauth:// address and QR code. */
export async function startSetup(
  db: Kysely<DB>,
  box: SecretBox,
  user: { id: number; username: string },
  issuer: string,
): Promise<TwoFactorSetup> {
  if ((await findTotp(db, user.id))?.confirmed_at) {
    throw new AppError(409, ErrorCode.CONFLICT, TwoFactorMessage.ALREADY_ENABLED);
  }
  const secret = generateSecret();
  await writeTransaction(db, (trx) => putPendingTotp(trx, user.id, box.seal(secret), new Date().toISOString()));
  const otpauthUrl = generateURI({ issuer, label: user.username, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Finishes a set-up with a code from the new authenticator; answers the recovery codes, shown once. */
export async function confirmSetup(db: Kysely<DB>, box: SecretBox, userId: number, code: string): Promise<string[]> {
  const pending = await findTotp(db, userId);
  if (!pending) throw new AppError(409, ErrorCode.CONFLICT, TwoFactorMessage.NOT_SET_UP);
  if (pending.confirmed_at) throw new AppError(409, ErrorCode.CONFLICT, TwoFactorMessage.ALREADY_ENABLED);
  if (!(await acceptCode(db, box, userId, code, { confirming: true }))) throw wrongCode();
  return issueRecoveryCodes(db, userId);
}

export const wrongCode = () =>
  new AppError(400, ErrorCode.VALIDATION_ERROR, TwoFactorMessage.CODE_WRONG, [
    { field: 'code', message: TwoFactorMessage.CODE_WRONG },
  ]);

export async function twoFactorStatus(db: Kysely<DB>, user: { id: number; role: string }): Promise<TwoFactorStatus> {
  const totp = await findTotp(db, user.id);
  const enabled = Boolean(totp?.confirmed_at);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await countRecoveryCodesLeft(db, user.id) : 0,
    required: await secondFactorRequired(db, user.role),
  };
}

/** Turns the user's second factor off (their own choice, unless the policy requires it of their role). */
export async function disableTwoFactor(db: Kysely<DB>, user: { id: number; role: string }): Promise<void> {
  if (!(await findTotp(db, user.id))?.confirmed_at) {
    throw new AppError(409, ErrorCode.CONFLICT, TwoFactorMessage.NOT_ENABLED);
  }
  if (await secondFactorRequired(db, user.role)) {
    throw new AppError(409, ErrorCode.CONFLICT, TwoFactorMessage.REQUIRED_FOR_ROLE);
  }
  await writeTransaction(db, (trx) => deleteSecondFactors(trx, user.id));
}

/** An admin's reset, or `create-admin`'s: the user signs in with the password alone (or enrols again). */
export async function resetSecondFactors(db: Kysely<DB>, userId: number): Promise<void> {
  await writeTransaction(db, (trx) => deleteSecondFactors(trx, userId));
}
