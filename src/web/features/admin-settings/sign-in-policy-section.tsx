import { useEffect, useState } from 'react';
import { listUsersResponseDataSchema, type PublicUser } from '../../../shared/contracts/auth';
import { signInPolicySchema, TwoFactorMessage } from '../../../shared/contracts/two-factor';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { ConfirmDialog } from '../../components/dialog';
import { LockKeyhole } from '../../components/admin/icons';
import { Select } from '../../components/select';
import { api, userMessage } from '../../lib/api-client';
import type { FormNotice } from './form-notice';
import { SectionCard } from './section-card';

const message = (error: unknown, fallback: string) => userMessage(error, { surface: 'admin', fallback });

/**
 * Settings › Sign-in security, for admins (ADR 0042): whether admins and editors must use a second factor,
 * and, when a staff member's phone or computer is lost, the reset of their second factor or the removal of
 * their passkeys (ADR 0043).
 */
export function SignInPolicySection() {
  const [required, setRequired] = useState<boolean | null>(null);
  const [users, setUsers] = useState<PublicUser[]>([]);
  const [resetId, setResetId] = useState('');
  const [confirming, setConfirming] = useState<'two-factor' | 'passkeys' | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  useEffect(() => {
    void (async () => {
      try {
        const [policy, list] = await Promise.all([
          api.get('/auth/two-factor/policy'),
          api.get('/auth/users', { limit: 100 }),
        ]);
        setRequired(signInPolicySchema.parse(policy.data).requireTwoFactor);
        setUsers(listUsersResponseDataSchema.parse(list.data).users);
      } catch (error) {
        setNotice({ type: 'error', text: message(error, 'Could not load the sign-in settings.') });
      }
    })();
  }, []);

  async function savePolicy(next: boolean) {
    const before = required;
    setRequired(next);
    setBusy(true);
    setNotice(null);
    try {
      const body = await api.put('/auth/two-factor/policy', { requireTwoFactor: next });
      setRequired(signInPolicySchema.parse(body.data).requireTwoFactor);
      setNotice({ type: 'success', text: TwoFactorMessage.POLICY_SAVED });
    } catch (error) {
      setRequired(before);
      setNotice({ type: 'error', text: message(error, 'Could not save the sign-in policy.') });
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    const what = confirming;
    setBusy(true);
    try {
      const name = users.find((user) => String(user.id) === resetId)?.username ?? 'The user';
      if (what === 'passkeys') {
        const body = await api.delete(`/auth/users/${resetId}/passkeys`);
        const removed = (body.data as { removed?: number } | null)?.removed ?? 0;
        setNotice({
          type: 'success',
          text:
            removed === 0
              ? `${name} had no passkeys.`
              : `${removed === 1 ? 'One passkey' : `${removed} passkeys`} of ${name} no longer sign${removed === 1 ? 's' : ''} in.`,
        });
      } else {
        await api.delete(`/auth/users/${resetId}/two-factor`);
        setNotice({
          type: 'success',
          text: `${name} now signs in with the password alone, and can set up an authenticator again.`,
        });
      }
      setResetId('');
    } catch (error) {
      const fallback =
        what === 'passkeys' ? 'Could not remove the passkeys.' : 'Could not reset two-factor authentication.';
      setNotice({ type: 'error', text: message(error, fallback) });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  const chosen = users.find((user) => String(user.id) === resetId);
  return (
    <SectionCard
      id="settings-sign-in"
      title="Sign-in security"
      description="Second factors and passkeys for the whole team."
      icon={<LockKeyhole />}
    >
      <div className="flex flex-col gap-5">
        {notice && (
          <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {required !== null && (
          <CheckboxField
            label="Require two-factor authentication for admins and editors"
            hint="At their next sign-in, those without an authenticator are asked to set one up before they get in. A passkey sign-in counts. Viewers are not asked."
            name="requireTwoFactor"
            checked={required}
            disabled={busy}
            onChange={(checked) => void savePolicy(checked)}
          />
        )}
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="A staff member lost their phone or computer"
            name="resetUser"
            value={resetId}
            onChange={(event) => setResetId(event.target.value)}
            containerClassName="min-w-60 flex-1"
          >
            <option value="">Choose who lost it</option>
            {users.map((user) => (
              <option key={user.id} value={String(user.id)}>
                {user.username} ({user.email})
              </option>
            ))}
          </Select>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!resetId || busy} onClick={() => setConfirming('two-factor')}>
              Reset two-factor
            </Button>
            <Button variant="secondary" disabled={!resetId || busy} onClick={() => setConfirming('passkeys')}>
              Remove passkeys
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'passkeys' ? 'Remove all passkeys?' : 'Reset two-factor authentication?'}
        confirmLabel={confirming === 'passkeys' ? 'Remove passkeys' : 'Reset'}
        danger
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void reset()}
      >
        {confirming === 'passkeys'
          ? `The passkeys of ${chosen?.username ?? 'this user'} stop signing in. They sign in with the password, and can add new passkeys.`
          : `${chosen?.username ?? 'They'} loses their authenticator and recovery codes, and signs in with the password alone until they set up a new one (or are asked to, when it is required).`}
      </ConfirmDialog>
    </SectionCard>
  );
}
