import { LoaderCircle } from '../../components/icons';
import { KeyRound } from '../../components/admin/icons';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AuthMessage, resetPasswordRequestSchema } from '../../../shared/contracts/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { api, isApiError, userMessage } from '../../lib/api-client';
import { AuthCard } from './auth-card';

type Field = 'newPassword' | 'confirmPassword';

/** /admin/reset-password?token=…: the link of the reset e-mail. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : AuthMessage.RESET_TOKEN_INVALID);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !token) return;
    const parsed = resetPasswordRequestSchema.safeParse({ token, newPassword });
    const next: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      const issue = parsed.error.issues.find((item) => item.path[0] === 'newPassword');
      if (issue) next.newPassword = issue.message;
    }
    if (!next.newPassword && newPassword !== confirmPassword) next.confirmPassword = AuthMessage.PASSWORDS_DO_NOT_MATCH;
    setErrors(next);
    if (next.newPassword || next.confirmPassword || !parsed.success) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.post('/auth/reset-password', parsed.data, { handleUnauthorized: false });
      setDone(true);
    } catch (error) {
      const invalid = isApiError(error) && (error.status === 400 || error.status === 401 || error.status === 404);
      setFailure(
        invalid && !error.errors.some((item) => item.field === 'newPassword')
          ? error.message || AuthMessage.RESET_TOKEN_INVALID
          : userMessage(error, { surface: 'admin', fallback: 'Failed to reset password' }),
      );
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="Password reset">
        <Alert tone="success">{AuthMessage.PASSWORD_RESET}</Alert>
        <Button to="/admin/login" className="mt-5 w-full">
          Sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="At least 8 characters.">
      {failure && (
        <Alert tone="error" className="mb-5">
          {failure}{' '}
          <Link to="/admin/login" className="font-semibold underline underline-offset-2">
            Back to sign in
          </Link>
        </Alert>
      )}
      {token && (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset password">
          <Input
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={errors.newPassword}
            required
            autoFocus
          />
          <Input
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            error={errors.confirmPassword}
            required
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
            {busy ? 'Saving...' : 'Set New Password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
