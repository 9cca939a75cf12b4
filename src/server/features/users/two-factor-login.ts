import type { LoginResponseData } from '../../../shared/contracts/auth';
import { TwoFactorMessage, type TwoFactorSetup } from '../../../shared/contracts/two-factor';
import { ErrorCode } from '../../../shared/errors';
import type { CurrentUser } from '../../http/auth';
import { AppError } from '../../lib/errors';
import {
  finishLogin,
  recordFailure,
  refuseIfLocked,
  signInLocks,
  type AuthContext,
  type ClientInfo,
  type Lock,
} from './auth.service';
import { hashOpaqueToken } from './opaque-token';
import { findOpenChallenge, useChallenge } from './two-factor.repository';
import { acceptCode, confirmSetup, startSetup, useRecoveryCode, wrongCode, type SecretBox } from './two-factor.service';
import { findUserById } from './users.repository';

/*
 * The second step of a password sign-in (ADR 0042): a code or a recovery code for an account with an
 * authenticator, or the set-up a required policy asks for. Each attempt is checked against the sign-in
 * lockout of the account and the client address first, and a wrong code counts as a failed sign-in.
 */

const expired = () => new AppError(401, ErrorCode.UNAUTHENTICATED, TwoFactorMessage.CHALLENGE_EXPIRED);
const wrongRecoveryCode = () =>
  new AppError(400, ErrorCode.VALIDATION_ERROR, TwoFactorMessage.RECOVERY_CODE_WRONG, [
    { field: 'recoveryCode', message: TwoFactorMessage.RECOVERY_CODE_WRONG },
  ]);

interface OpenChallenge {
  id: number;
  user: CurrentUser;
  keys: Lock[];
}

/** The challenge of the token, open and of `purpose`, with its active user and lockout keys; checks the lock. */
async function openChallenge(
  ctx: AuthContext,
  token: string,
  purpose: 'totp' | 'enrol',
  client: ClientInfo,
): Promise<OpenChallenge> {
  const challenge = await findOpenChallenge(ctx.db, hashOpaqueToken(token), new Date().toISOString());
  if (!challenge || challenge.purpose !== purpose) throw expired();
  const user = await findUserById(ctx.db, challenge.user_id);
  if (!user || user.status !== 'active') throw expired();
  const keys = signInLocks(user.id, client.ip);
  await refuseIfLocked(ctx.db, keys);
  return { id: challenge.id, user, keys };
}

/** Uses the challenge up and opens the session. */
async function finish(ctx: AuthContext, open: OpenChallenge, client: ClientInfo): Promise<LoginResponseData> {
  if (!(await useChallenge(ctx.db, open.id, new Date().toISOString()))) throw expired();
  return finishLogin(ctx, open.user, client);
}

export async function signInWithSecondFactor(
  ctx: AuthContext,
  box: SecretBox,
  input: { challengeToken: string; code?: string; recoveryCode?: string },
  client: ClientInfo,
): Promise<LoginResponseData> {
  const open = await openChallenge(ctx, input.challengeToken, 'totp', client);
  if (input.code !== undefined) {
    if (!(await acceptCode(ctx.db, box, open.user.id, input.code))) {
      await recordFailure(ctx.db, open.keys);
      throw wrongCode();
    }
  } else if (!(await useRecoveryCode(ctx.db, open.user.id, input.recoveryCode ?? ''))) {
    await recordFailure(ctx.db, open.keys);
    throw wrongRecoveryCode();
  }
  return finish(ctx, open, client);
}

/** The authenticator set-up of a sign-in the policy holds until one is added. */
export async function startSignInSetup(
  ctx: AuthContext,
  box: SecretBox,
  challengeToken: string,
  issuer: string,
  client: ClientInfo,
): Promise<TwoFactorSetup> {
  const open = await openChallenge(ctx, challengeToken, 'enrol', client);
  return startSetup(ctx.db, box, open.user, issuer);
}

/** Finishes that set-up with a code and signs in; the recovery codes come with the session, shown once. */
export async function finishSignInSetup(
  ctx: AuthContext,
  box: SecretBox,
  input: { challengeToken: string; code: string },
  client: ClientInfo,
): Promise<LoginResponseData & { recoveryCodes: string[] }> {
  const open = await openChallenge(ctx, input.challengeToken, 'enrol', client);
  let recoveryCodes: string[];
  try {
    recoveryCodes = await confirmSetup(ctx.db, box, open.user.id, input.code);
  } catch (error) {
    if (error instanceof AppError && error.message === TwoFactorMessage.CODE_WRONG) {
      await recordFailure(ctx.db, open.keys);
    }
    throw error;
  }
  return { ...(await finish(ctx, open, client)), recoveryCodes };
}
