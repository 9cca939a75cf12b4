import { useCallback, useEffect, useState } from 'react';
import {
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  TwoFactorMessage,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/contracts/two-factor';
import { AuthenticatorSetup, RecoveryCodesList } from '../../components/admin/authenticator-setup';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { FormDialog } from '../../components/form-dialog';
import { ShieldCheck } from '../../components/icons';
import { Input } from '../../components/input';
import { api, userMessage } from '../../lib/api-client';
import type { FormNotice } from './form-notice';
import { SectionCard } from './section-card';

type Stage = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };
type PasswordAction = 'disable' | 'regenerate';

const message = (error: unknown, fallback: string) => userMessage(error, { surface: 'admin', fallback });

/** Settings › Two-factor authentication: the signed-in staff member's own authenticator (ADR 0042). */
export function TwoFactorSection() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [asking, setAsking] = useState<PasswordAction | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const body = await api.get('/auth/two-factor');
      setStatus(twoFactorStatusSchema.parse(body.data));
    } catch (error) {
      setNotice({ type: 'error', text: message(error, 'Could not load the two-factor settings.') });
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function start() {
    setBusy(true);
    setNotice(null);
    try {
      const body = await api.post('/auth/two-factor/setup');
      setStage({ kind: 'setup', setup: twoFactorSetupSchema.parse(body.data) });
    } catch (error) {
      setNotice({ type: 'error', text: message(error, 'Could not start the set-up.') });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(code: string) {
    try {
      const body = await api.post('/auth/two-factor/enable', { code });
      setStage({ kind: 'codes', codes: recoveryCodesSchema.parse(body.data).recoveryCodes });
    } catch (error) {
      throw new Error(message(error, TwoFactorMessage.CODE_WRONG));
    }
  }

  async function withPassword() {
    if (!asking) return;
    if (!password) return setPasswordError('Current password is required');
    setBusy(true);
    try {
      const path = asking === 'disable' ? '/auth/two-factor/disable' : '/auth/two-factor/recovery-codes';
      const body = await api.post(path, { password });
      setAsking(null);
      setPassword('');
      if (asking === 'regenerate')
        setStage({ kind: 'codes', codes: recoveryCodesSchema.parse(body.data).recoveryCodes });
      else setNotice({ type: 'success', text: TwoFactorMessage.DISABLED });
      await load();
    } catch (error) {
      setPasswordError(message(error, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const enabled = status?.enabled ?? false;
  return (
    <SectionCard
      id="settings-two-factor"
      title="Two-factor authentication"
      description="A code from an authenticator app on your phone after your password."
      icon={<ShieldCheck />}
      actions={
        status && (
          <Badge tone={enabled ? 'success' : 'neutral'} data-two-factor={enabled ? 'on' : 'off'}>
            {enabled ? 'On' : 'Off'}
          </Badge>
        )
      }
    >
      <div className="flex flex-col gap-4">
        {notice && (
          <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {stage.kind === 'setup' && (
          <AuthenticatorSetup setup={stage.setup} onConfirm={confirm} onCancel={() => setStage({ kind: 'idle' })} />
        )}
        {stage.kind === 'codes' && (
          <RecoveryCodesList
            codes={stage.codes}
            doneLabel="Done"
            onDone={() => {
              setStage({ kind: 'idle' });
              setNotice({ type: 'success', text: TwoFactorMessage.ENABLED });
              void load();
            }}
          />
        )}
        {stage.kind === 'idle' && status && (
          <>
            <p className="text-sm text-slate-600">
              {enabled
                ? `On. ${status.recoveryCodesLeft} of 10 recovery codes left.`
                : 'Off: your password alone signs you in.'}
              {status.required && ' An administrator requires it for your role.'}
            </p>
            <div className="flex flex-wrap gap-2">
              {enabled ? (
                <>
                  <Button variant="secondary" onClick={() => setAsking('regenerate')}>
                    New recovery codes
                  </Button>
                  {!status.required && (
                    <Button variant="secondary" onClick={() => setAsking('disable')}>
                      Turn off
                    </Button>
                  )}
                </>
              ) : (
                <Button onClick={() => void start()} disabled={busy}>
                  <ShieldCheck aria-hidden="true" />
                  Set up two-factor authentication
                </Button>
              )}
            </div>
          </>
        )}
      </div>
      <FormDialog
        open={asking !== null}
        title={asking === 'disable' ? 'Turn off two-factor authentication?' : 'Make new recovery codes?'}
        submitLabel={asking === 'disable' ? 'Turn off' : 'Make new codes'}
        busy={busy}
        onCancel={() => {
          setAsking(null);
          setPassword('');
          setPasswordError(undefined);
        }}
        onSubmit={() => void withPassword()}
      >
        <p className="text-sm text-slate-600">
          {asking === 'disable'
            ? 'Your password alone will sign you in. Confirm with your password.'
            : 'The codes you have now stop working. Confirm with your password.'}
        </p>
        <Input
          label="Current password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
          error={passwordError}
          required
        />
      </FormDialog>
    </SectionCard>
  );
}
