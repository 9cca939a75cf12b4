import { z } from '../zod';

/*
 * Passkeys (WebAuthn, ADR 0043): a staff member registers passkeys from their own settings and signs in
 * with one instead of a username and password (usernameless: the passkey names the account). The browser's
 * answers travel as the JSON of @simplewebauthn/browser: binary fields as base64url text.
 */

export const PasskeyMessage = {
  NAME_REQUIRED: 'Give the passkey a name, e.g. "MacBook Touch ID"',
  NAME_TOO_LONG: 'The name can be at most 60 characters',
  RESPONSE_INVALID: 'The passkey answer could not be read. Please try again.',
  CHALLENGE_EXPIRED: 'This passkey request took too long or was already used. Please try again.',
  REGISTRATION_FAILED: 'The passkey could not be verified. Please try again.',
  ALREADY_REGISTERED: 'This passkey is already registered.',
  UNKNOWN_PASSKEY: 'This passkey is not registered on this site. Sign in with your password, or use another passkey.',
  SIGN_IN_FAILED: 'That passkey could not sign you in. Please try again.',
  NOT_FOUND: 'Passkey not found.',
  ADDED: 'Passkey added.',
  RENAMED: 'Passkey renamed.',
  DELETED: 'Passkey deleted.',
  REMOVED_BY_ADMIN: "The user's passkeys were removed.",
} as const;

/** How long a registration or a passkey sign-in may take between its options and its answer. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

const base64url = (max: number) =>
  z
    .string({ error: PasskeyMessage.RESPONSE_INVALID })
    .min(1, PasskeyMessage.RESPONSE_INVALID)
    .max(max, PasskeyMessage.RESPONSE_INVALID)
    .regex(/^[A-Za-z0-9_-]+$/, PasskeyMessage.RESPONSE_INVALID);

/** A credential id as base64url text (authenticators use 16 to 64 bytes; at most 510 are accepted). */
export const passkeyCredentialIdSchema = base64url(680);

/** The transports the browser reported for a passkey ("internal", "hybrid", "usb", ...). */
export const passkeyTransportsSchema = z
  .array(
    z
      .string()
      .max(32)
      .regex(/^[a-z-]+$/),
  )
  .max(8);

export const passkeyNameSchema = z
  .string({ error: PasskeyMessage.NAME_REQUIRED })
  .trim()
  .min(1, PasskeyMessage.NAME_REQUIRED)
  .max(60, PasskeyMessage.NAME_TOO_LONG);

/** Extension results are not used: whatever the browser sends is dropped. */
const clientExtensionResults = z.object({}).optional().default({});

/** What navigator.credentials.create() answered, as @simplewebauthn/browser's startRegistration() gives it. */
export const registrationResponseSchema = z.object({
  id: passkeyCredentialIdSchema,
  rawId: passkeyCredentialIdSchema,
  type: z.literal('public-key', { error: PasskeyMessage.RESPONSE_INVALID }),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    transports: passkeyTransportsSchema.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** What navigator.credentials.get() answered, as startAuthentication() gives it. */
export const authenticationResponseSchema = z.object({
  id: passkeyCredentialIdSchema,
  rawId: passkeyCredentialIdSchema,
  type: z.literal('public-key', { error: PasskeyMessage.RESPONSE_INVALID }),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** POST /auth/passkeys: the registration answer and the name the staff member gives the passkey. */
export const passkeyRegisterRequestSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
/** PATCH /auth/passkeys/:id. */
export const passkeyRenameRequestSchema = z.object({ name: passkeyNameSchema }).strict();
/** POST /auth/passkeys/authenticate. */
export const passkeyAuthenticateRequestSchema = z.object({ response: authenticationResponseSchema });

/**
 * The options for navigator.credentials.create() or .get() (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON), passed to the browser as they are.
 */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
