import { LoaderCircle } from '../../components/icons';
import { Save, UserRound } from '../../components/admin/icons';
import { useState, type FormEvent } from 'react';
import {
  AuthMessage,
  updateProfileRequestSchema,
  userResponseDataSchema,
  type PublicUser,
} from '../../../shared/contracts/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { api, userMessage } from '../../lib/api-client';
import { fieldErrors, type FormNotice } from './form-notice';
import { SectionCard } from './section-card';

const FIELDS = ['username', 'email'] as const;
type Field = (typeof FIELDS)[number];

/** Settings › User Account: the signed-in user's username and e-mail (PUT /auth/profile). */
export function AccountSection({ user, onUserChange }: { user: PublicUser; onUserChange: (user: PublicUser) => void }) {
  const [username, setUsername] = useState(user.username);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<FormNotice | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = updateProfileRequestSchema.safeParse({ username, email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    setErrors({});
    setNotice(null);
    setBusy(true);
    try {
      const body = await api.put('/auth/profile', parsed.data);
      const result = userResponseDataSchema.safeParse(body.data);
      if (result.success) {
        onUserChange(result.data.user);
        setUsername(result.data.user.username);
        setEmail(result.data.user.email);
      }
      setNotice({ type: 'success', text: body.message || AuthMessage.PROFILE_UPDATED });
    } catch (error) {
      setNotice({
        type: 'error',
        text: userMessage(error, { surface: 'admin', fallback: 'Failed to update profile' }),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard
      id="settings-account"
      title="User Account"
      description="The name and e-mail you sign in with."
      icon={<UserRound />}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="settings-account">
        {notice && (
          <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Username"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={errors.username}
            required
          />
          <Input
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            required
          />
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {busy ? 'Saving...' : 'Save Account'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
