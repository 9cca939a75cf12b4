import { useEffect, useState } from 'react';
import { AuthMessage } from '../../../shared/contracts/auth';
import { webauthnOptionsSchema } from '../../../shared/contracts/passkeys';
import { KeyRound } from '../../components/admin/icons';
import { Button } from '../../components/button';
import { LoaderCircle } from '../../components/icons';
import { api, userMessage } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import { answerWithPasskey, browserPasskeyMessage, passkeysSupported } from '../../lib/webauthn';
import { adoptLogin } from './auth-store';

export interface PasskeySignInProps {
  onSignedIn: () => void;
  /** A sentence for the login screen's alert when the passkey did not sign in. */
  onError: (message: string) => void;
  /** Called as a passkey sign-in starts (the screen clears its alert). */
  onStart: () => void;
}

/**
 * "Sign in with a passkey" (ADR 0043): the browser offers the passkeys it has for this site and the one
 * chosen signs in alone, no username, password or code. Shown only where the browser has WebAuthn.
 */
export function PasskeySignIn({ onSignedIn, onError, onStart }: PasskeySignInProps) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;

  async function signIn() {
    if (busy) return;
    onStart();
    setBusy(true);
    try {
      const options = await api.post('/auth/passkeys/authentication-options', undefined, {
        handleUnauthorized: false,
      });
      const response = await answerWithPasskey(webauthnOptionsSchema.parse(options.data));
      const body = await api.post('/auth/passkeys/authenticate', { response }, { handleUnauthorized: false });
      if (!adoptLogin(body.data)) throw new Error('Login failed. Please try again.');
      toast.success(AuthMessage.LOGIN_SUCCESS);
      onSignedIn();
    } catch (error) {
      onError(
        browserPasskeyMessage(error) ??
          userMessage(error, { surface: 'admin', fallback: 'Could not sign in with a passkey. Please try again.' }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        or
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </div>
      <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void signIn()}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
        {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
