import { LoaderCircle } from '../../components/icons';
import { KeyRound } from '../../components/admin/icons';
import { useEffect, useState, type FormEvent } from 'react';
import { AuthMessage, changePasswordFormSchema } from '../../../shared/contracts/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { isApiError, api, userMessage } from '../../lib/api-client';
import { fieldErrors, type FormNotice } from './form-notice';
import { SectionCard } from './section-card';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

const PASSWORD_INPUTS: { field: Field; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { field: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** The success message clears after this long. */
export const PASSWORD_SUCCESS_CLEAR_MS = 3000;

/** Settings › Change Password (PUT /auth/change-password). */
export function ChangePasswordSection({ onChanged }: { onChanged?: (data: unknown) => void }) {
  const [form, setForm] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'idle' | 'loading' | 'success' | 'error'>('idle');
  const [notice, setNotice] = useState<FormNotice | null>(null);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => {
      setStatus('idle');
      setNotice(null);
    }, PASSWORD_SUCCESS_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status === 'loading') return;
    const parsed = changePasswordFormSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, FIELDS));
      setNotice(null);
      return;
    }
    setErrors({});
    setNotice(null);
    setStatus('loading');
    try {
      const body = await api.put('/auth/change-password', {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
      });
      onChanged?.(body.data);
      setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
      setStatus('success');
      setNotice({ type: 'success', text: AuthMessage.PASSWORD_CHANGED });
    } catch (error) {
      setStatus('error');
      setNotice({
        type: 'error',
        text: isApiError(error)
          ? userMessage(error, { surface: 'admin', fallback: 'Failed to change password' })
          : 'An error occurred while changing password',
      });
    }
  }

  const busy = status === 'loading';
  return (
    <SectionCard
      id="settings-password"
      title="Change Password"
      description="At least 8 characters."
      icon={<KeyRound />}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="settings-password">
        {notice && (
          <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-3">
          {PASSWORD_INPUTS.map(({ field, label, autoComplete }) => (
            <Input
              key={field}
              label={label}
              name={field}
              type="password"
              autoComplete={autoComplete}
              value={form[field]}
              onChange={set(field)}
              error={errors[field]}
              required
            />
          ))}
        </div>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
