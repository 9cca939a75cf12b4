import { ArrowLeft, LoaderCircle, Mail } from '../../components/icons';
import { LogIn } from '../../components/admin/icons';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AuthMessage, forgotPasswordRequestSchema, loginRequestSchema } from '../../../shared/contracts/auth';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { api, isApiError, userMessage } from '../../lib/api-client';
import { dismissToast, toast } from '../../lib/notifications';
import { AuthCard } from './auth-card';
import type { SecondStep } from '../../../shared/contracts/two-factor';
import { clearNotice, login, useAuth, type AuthNotice } from './auth-store';
import { PasskeySignIn } from './passkey-sign-in';
import { SecondStepPanel } from './second-step';

export interface LoginScreenProps {
  /** Called after a successful sign-in (the route navigates on). */
  onSignedIn: () => void;
}

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/** Spec 02 section 2 "Login screen": username and password, plus the forgot-password panel. */
export function LoginScreen({ onSignedIn }: LoginScreenProps) {
  const auth = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<AuthNotice | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  /** This screen's "Invalid credentials." toasts: errors stay until closed, so a sign-in closes them. */
  const failureToasts = useRef<string[]>([]);
  const shown = message ?? auth.notice;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setMessage(null);
    clearNotice();
    setSubmitting(true);
    const result = await login(username.trim(), password);
    setSubmitting(false);
    if (result.ok === 'second-step') {
      for (const id of failureToasts.current) dismissToast(id);
      failureToasts.current = [];
      setPassword('');
      setSecondStep(result.step);
      return;
    }
    if (result.ok) {
      for (const id of failureToasts.current) dismissToast(id);
      failureToasts.current = [];
      toast.success(AuthMessage.LOGIN_SUCCESS);
      onSignedIn();
      return;
    }
    setMessage({ type: 'error', text: result.message });
    if (result.invalidCredentials) failureToasts.current.push(toast.error('Invalid credentials.'));
  }

  return (
    <AuthCard title="Admin sign in" subtitle="Sign in to manage the website.">
      {shown && (
        <Alert tone={shown.type} className="mb-5" onDismiss={() => (message ? setMessage(null) : clearNotice())}>
          {shown.text}
        </Alert>
      )}
      {secondStep ? (
        <SecondStepPanel step={secondStep} onSignedIn={onSignedIn} onBack={() => setSecondStep(null)} />
      ) : forgotOpen ? (
        <ForgotPassword onBack={() => setForgotOpen(false)} />
      ) : (
        <div className="flex flex-col gap-4">
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
            <Input
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              hint="Your username or e-mail address"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              error={fieldErrors.username}
              required
              autoFocus
            />
            <Input
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldErrors.password}
              required
            />
            <div className="flex justify-end">
              <Button variant="link" onClick={() => setForgotOpen(true)}>
                Forgot password?
              </Button>
            </div>
            <Button type="submit" disabled={submitting} className="w-full">
              {submitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
              {submitting ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
          <PasskeySignIn
            onSignedIn={onSignedIn}
            onStart={() => {
              setMessage(null);
              clearNotice();
            }}
            onError={(text) => setMessage({ type: 'error', text })}
          />
        </div>
      )}
    </AuthCard>
  );
}

function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<AuthNotice | null>(null);

  async function send() {
    if (sending) return;
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setMessage({ type: 'warning', text: parsed.error.issues[0]?.message ?? AuthMessage.EMAIL_REQUIRED });
      return;
    }
    setMessage(null);
    setSending(true);
    try {
      const body = await api.post('/auth/forgot-password', parsed.data, { handleUnauthorized: false });
      setMessage({ type: 'success', text: body.message || AuthMessage.RESET_LINK_SENT });
    } catch (error) {
      const notFound = isApiError(error) && error.status === 404;
      setMessage({
        type: 'error',
        text: notFound
          ? 'No account found for this email.'
          : userMessage(error, { surface: 'admin', fallback: 'Failed to send reset email.' }),
      });
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void send();
    }
  }

  return (
    <section aria-labelledby="forgot-title" className="flex flex-col gap-4">
      <div>
        <h2 id="forgot-title" className="text-base font-semibold">
          Reset your password
        </h2>
        <p className="mt-1 text-sm text-slate-600">We will e-mail you a link to choose a new password.</p>
      </div>
      {message && (
        <Alert tone={message.type} onDismiss={() => setMessage(null)}>
          {message.text}
        </Alert>
      )}
      <Input
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onKeyDown={onKeyDown}
        autoFocus
      />
      <Button onClick={() => void send()} disabled={sending} className="w-full">
        {sending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Mail aria-hidden="true" />}
        {sending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button variant="ghost" size="sm" onClick={onBack} className="self-center">
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>
    </section>
  );
}
