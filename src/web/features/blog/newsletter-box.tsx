import { Mail } from '../../components/icons';
import { useId, useState, type FormEvent } from 'react';
import type { NewsletterSubscribeRequest } from '../../../shared/contracts/newsletter';
import { isEmailAddress, NEWSLETTER_EMAIL_MAX, NewsletterMessage } from '../../../shared/contracts/newsletter.values';
import { SendStatusAlert, type SendStatus } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { Honeypot } from '../../components/honeypot';
import { isApiError, userMessage } from '../../lib/api-error';
import { post } from '../../lib/public-api';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import { sendEvent } from '../../lib/analytics-beacon';

const NEWSLETTER_FAILED = 'Failed to subscribe. Please try again.';

/** The same checks the server makes, so most mistakes are caught before sending. */
function checkEmail(value: string): string | null {
  if (!value) return NewsletterMessage.EMAIL_REQUIRED;
  if ([...value].length > NEWSLETTER_EMAIL_MAX) return NewsletterMessage.EMAIL_TOO_LONG;
  if (!isEmailAddress(value)) return NewsletterMessage.EMAIL_INVALID;
  return null;
}

/** 'Stay updated' box: subscribes the address (POST /api/newsletter/subscribe) and shows the server's answer. */
export function NewsletterBox({ anchorId, className }: { anchorId?: string; className?: string }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<SendStatus>({ kind: 'idle' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const id = useId();
  const busy = status.kind === 'busy';

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    const problem = checkEmail(email);
    setFieldError(problem);
    if (problem) {
      setStatus({ kind: 'idle' });
      return;
    }
    setStatus({ kind: 'busy' });
    const body: NewsletterSubscribeRequest = { email, website: String(data.get('website') ?? '') };
    try {
      const answer = await post<{ subscribed: true }>('/newsletter/subscribe', body);
      setStatus({ kind: 'done', message: answer.message ?? NewsletterMessage.SUBSCRIBED });
      sendEvent('newsletter_subscribed', { event_category: 'blog', event_action: 'subscribe' });
      form.reset();
    } catch (error) {
      const message = userMessage(error, { surface: 'public', fallback: NEWSLETTER_FAILED });
      if (isApiError(error) && error.errors.length > 0) {
        setFieldError(message);
        setStatus({ kind: 'idle' });
      } else {
        setStatus({ kind: 'error', message });
      }
    }
  }

  return (
    <section
      id={anchorId}
      aria-labelledby={`${id}-title`}
      className={cn(
        'relative isolate overflow-hidden rounded-3xl bg-brand-700 px-6 py-10 text-white shadow-xl shadow-brand-900/20 sm:px-10 sm:py-12',
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_100%_0%,var(--color-accent-500),transparent_55%)] opacity-40"
      />
      <div className="mx-auto max-w-2xl text-center">
        <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-white/10 ring-1 ring-white/20">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <h2 id={`${id}-title`} className="mt-4 text-2xl font-bold tracking-tight text-white sm:text-3xl">
          Stay Updated
        </h2>
        <p className="mt-3 text-base leading-7 text-brand-100">
          Get our latest articles on web development, AI and digital growth in your inbox. No spam, unsubscribe at any
          time.
        </p>
        <form noValidate onSubmit={(event) => void subscribe(event)} className="mx-auto mt-8 max-w-lg text-left">
          <Honeypot />
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-email`} className="sr-only">
                Email address
              </label>
              <input
                id={`${id}-email`}
                type="email"
                name="email"
                autoComplete="email"
                required
                maxLength={NEWSLETTER_EMAIL_MAX}
                placeholder="Enter your email"
                disabled={busy}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-error` : undefined}
                onChange={() => fieldError && setFieldError(null)}
                className="block h-12 w-full rounded-xl border-0 bg-white px-4 text-base text-slate-900 shadow-sm ring-1 ring-white/30 placeholder:text-slate-400 focus:outline-none focus-visible:ring-4 focus-visible:ring-accent-300/60 disabled:opacity-70 aria-invalid:ring-2 aria-invalid:ring-red-300"
              />
            </div>
            <button
              type="submit"
              disabled={busy || !hydrated}
              className={buttonClasses({ variant: 'light', size: 'lg', className: 'rounded-xl' })}
            >
              {busy ? 'Subscribing...' : 'Subscribe'}
            </button>
          </div>
          {fieldError && (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-100">
              {fieldError}
            </p>
          )}
          <SendStatusAlert status={status} className="mt-4" />
        </form>
      </div>
    </section>
  );
}
