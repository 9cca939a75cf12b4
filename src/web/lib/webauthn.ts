import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { isApiError } from './api-error';

/*
 * The browser's side of passkeys (ADR 0043): @simplewebauthn/browser, loaded only when a passkey is used,
 * and what to tell the staff member when the browser or the authenticator says no.
 */

/** Whether this browser can create and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

export async function createPasskey(optionsJSON: unknown): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: optionsJSON as PublicKeyCredentialCreationOptionsJSON });
}

export async function answerWithPasskey(optionsJSON: unknown): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: optionsJSON as PublicKeyCredentialRequestOptionsJSON });
}

/** A sentence for an error of the browser or the authenticator; null for anything else (an API error). */
export function browserPasskeyMessage(error: unknown): string | null {
  if (!(error instanceof Error) || isApiError(error)) return null;
  const code = (error as Error & { code?: string }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'This device already has a passkey for your account.';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') {
    return 'Passkeys need this site to be opened at its own address over HTTPS.';
  }
  if (code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT') {
    return 'This device cannot check a fingerprint, face or PIN: use another one.';
  }
  if (error.name === 'NotAllowedError' || error.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'The passkey request was cancelled or timed out.';
  }
  if (code || error.name === 'SecurityError' || error.name === 'NotSupportedError') {
    return 'Your browser or device could not use a passkey. Please try again.';
  }
  return null;
}
