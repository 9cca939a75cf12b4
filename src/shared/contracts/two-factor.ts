import { z } from '../zod';
import { loginResponseDataSchema } from './auth';

/*
 * Two-factor sign-in with an authenticator app (TOTP, ADR 0042): enrolment from the staff member's own
 * settings, a second step after the password, single-use recovery codes, and an admin's policy that
 * requires a second factor of admins and editors.
 */

export const TwoFactorMessage = {
  CODE_REQUIRED: 'Enter the 6-digit code from your authenticator app',
  CODE_FORMAT: 'The code is the 6 digits your authenticator app shows',
  CODE_WRONG: 'That code is not right, or it was already used. Enter the current code from your app.',
  RECOVERY_CODE_WRONG: 'That recovery code is not right, or it was already used.',
  CHALLENGE_EXPIRED: 'This sign-in took too long. Please sign in again.',
  ALREADY_ENABLED: 'Two-factor authentication is already on. Turn it off first to set it up again.',
  NOT_SET_UP: 'Start the set-up again: no authenticator was being set up.',
  NOT_ENABLED: 'Two-factor authentication is not on for this account.',
  REQUIRED_FOR_ROLE: 'An administrator requires two-factor authentication for your role: it cannot be turned off.',
  ENABLED: 'Two-factor authentication is on.',
  DISABLED: 'Two-factor authentication is off.',
  CODES_REGENERATED: 'New recovery codes made: the old ones no longer work.',
  RESET_BY_ADMIN: "The user's two-factor authentication was reset.",
  POLICY_SAVED: 'Sign-in policy saved.',
  SECRET_UNREADABLE:
    'Two-factor authentication cannot be checked: the site key changed since it was set up. Use a recovery code, or ask an administrator to reset it.',
} as const;

/** How many recovery codes a set-up or a regeneration gives. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may take. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60_000;

const code = z
  .string({ error: TwoFactorMessage.CODE_REQUIRED })
  .trim()
  .min(1, TwoFactorMessage.CODE_REQUIRED)
  .regex(/^\d{6}$/, TwoFactorMessage.CODE_FORMAT);
const recoveryCode = z.string().trim().min(1, TwoFactorMessage.RECOVERY_CODE_WRONG).max(64);
const challengeToken = z.string().min(1, TwoFactorMessage.CHALLENGE_EXPIRED).max(512);
const password = z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256);

/** The answer of a password sign-in that needs a second step: no tokens yet. */
export const secondStepSchema = z.object({
  /** 'totp': enter a code (or a recovery code); 'enrol': the policy requires setting up an authenticator first. */
  secondStep: z.enum(['totp', 'enrol']),
  challengeToken: z.string(),
});
export type SecondStep = z.infer<typeof secondStepSchema>;

/** POST /auth/login answers either the signed-in session or the second step it needs. */
export const loginAnswerDataSchema = z.union([loginResponseDataSchema, secondStepSchema]);
export type LoginAnswerData = z.infer<typeof loginAnswerDataSchema>;

/** POST /auth/login/two-factor: the challenge with a code, or with a recovery code. */
export const twoFactorLoginRequestSchema = z.union([
  z.object({ challengeToken, code }).strict(),
  z.object({ challengeToken, recoveryCode }).strict(),
]);

/** POST /auth/login/two-factor/setup: the enrolment a required policy asks for during sign-in. */
export const challengeRequestSchema = z.object({ challengeToken });
/** POST /auth/login/two-factor/enable. */
export const challengeEnableRequestSchema = z.object({ challengeToken, code });

/** The authenticator to add: a QR code (an SVG data URL) and the same secret as text for typing. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Shown once: the codes are stored hashed. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const enableRequestSchema = z.object({ code });
export const passwordConfirmSchema = z.object({ password });

/** GET /auth/two-factor: the signed-in staff member's own state. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The policy requires a second factor of this staff member's role. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The settings row of the sign-in policy. */
export const SIGN_IN_POLICY_KEY = 'sign-in-policy';

/** GET/PUT /auth/two-factor/policy (admins). */
export const signInPolicySchema = z
  .object({ requireTwoFactor: z.boolean({ error: 'Require two-factor must be true or false' }) })
  .strict();
export type SignInPolicy = z.infer<typeof signInPolicySchema>;

/** The roles a required second factor applies to. */
export const TWO_FACTOR_POLICY_ROLES: readonly string[] = ['admin', 'editor'];

/** The login answer after the second step (tokens) with the codes of an enrolment made during sign-in. */
export const enrolLoginAnswerSchema = loginResponseDataSchema.extend({ recoveryCodes: z.array(z.string()) });
