import { useState, type FormEvent } from 'react';
import { AuthMessage } from '../../../shared/contracts/auth';
import {
  TwoFactorMessage,
  twoFactorSetupSchema,
  type SecondStep,
  type TwoFactorSetup,
} from '../../../shared/contracts/two-factor';
import { AuthenticatorSetup, CodeInput, RecoveryCodesList } from '../../components/admin/authenticator-setup';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ArrowLeft, LoaderCircle, ShieldCheck } from '../../components/icons';
import { Input } from '../../components/input';
import { api, userMessage } from '../../lib/api-client';
import { toast } from '../../lib/notifications';
import { adoptLogin } from './auth-store';

const failed = (error: unknown) =>
  userMessage(error, { surface: 'admin', fallback: 'Sign-in failed. Please try again.' });

/**
 * The second step of a sign-in (ADR 0042): the code of the authenticator (or a recovery code), or the
 * set-up the sign-in policy requires before the first session.
 */
export function SecondStepPanel({
  step,
  onSignedIn,
  onBack,
}: {
  step: SecondStep;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {step.secondStep === 'totp' ? (
        <CodeStep challengeToken={step.challengeToken} onSignedIn={onSignedIn} />
      ) : (
        <EnrolStep challengeToken={step.challengeToken} onSignedIn={onSignedIn} />
      )}
      <Button variant="ghost" size="sm" onClick={onBack} className="self-center">
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>
    </div>
  );
}

function CodeStep({ challengeToken, onSignedIn }: { challengeToken: string; onSignedIn: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!recovery && !/^\d{6}$/.test(value)) return setError(TwoFactorMessage.CODE_REQUIRED);
    if (recovery && !value.trim()) return setError(TwoFactorMessage.RECOVERY_CODE_WRONG);
    setBusy(true);
    setError(undefined);
    try {
      const body = await api.post(
        '/auth/login/two-factor',
        recovery ? { challengeToken, recoveryCode: value.trim() } : { challengeToken, code: value },
        { handleUnauthorized: false },
      );
      if (!adoptLogin(body.data)) throw new Error('Sign-in failed. Please try again.');
      toast.success(AuthMessage.LOGIN_SUCCESS);
      onSignedIn();
    } catch (failure) {
      setError(failed(failure));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Two-factor authentication">
      <p className="text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.'
          : 'Open your authenticator app and enter the code it shows for this site.'}
      </p>
      {recovery ? (
        <Input
          label="Recovery code"
          name="recoveryCode"
          autoComplete="off"
          spellCheck={false}
          placeholder="xxxx-xxxx-xxxx"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          required
          autoFocus
        />
      ) : (
        <CodeInput value={value} onChange={setValue} error={error} />
      )}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        variant="link"
        className="self-center"
        onClick={() => {
          setRecovery((current) => !current);
          setValue('');
          setError(undefined);
        }}
      >
        {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}

function EnrolStep({ challengeToken, onSignedIn }: { challengeToken: string; onSignedIn: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  /** The session and its recovery codes: the codes are shown before the session starts (and the admin opens). */
  const [done, setDone] = useState<{ login: unknown; codes: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    setError(null);
    try {
      const body = await api.post('/auth/login/two-factor/setup', { challengeToken }, { handleUnauthorized: false });
      setSetup(twoFactorSetupSchema.parse(body.data));
    } catch (failure) {
      setError(failed(failure));
    } finally {
      setStarting(false);
    }
  }

  async function confirm(code: string) {
    try {
      const body = await api.post(
        '/auth/login/two-factor/enable',
        { challengeToken, code },
        { handleUnauthorized: false },
      );
      setDone({ login: body.data, codes: (body.data as { recoveryCodes?: string[] }).recoveryCodes ?? [] });
    } catch (failure) {
      throw new Error(failed(failure));
    }
  }

  if (done) {
    return (
      <RecoveryCodesList
        codes={done.codes}
        doneLabel="Continue to the admin"
        onDone={() => {
          if (!adoptLogin(done.login)) return setError('Sign-in failed. Please try again.');
          toast.success(AuthMessage.LOGIN_SUCCESS);
          onSignedIn();
        }}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4" aria-label="Set up two-factor authentication">
      <Alert tone="info" title="Two-factor authentication is required">
        An administrator requires a second step at sign-in for your role. Add this site to an authenticator app on your
        phone to continue.
      </Alert>
      {error && <Alert tone="error">{error}</Alert>}
      {setup ? (
        <AuthenticatorSetup setup={setup} onConfirm={confirm} />
      ) : (
        <Button onClick={() => void start()} disabled={starting} className="w-full">
          {starting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
          Set up two-factor authentication
        </Button>
      )}
    </div>
  );
}
