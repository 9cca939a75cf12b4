import { LoaderCircle, RotateCcw, Send } from '../../components/icons';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  checkContactForm,
  contactFormFields,
  ContactMessage,
  type ContactFormField,
  type ContactFormValues,
  type ContactSource,
} from '../../../shared/contracts/contacts.values';
import { QUOTE_FORM_ANCHOR } from '../../../shared/contracts/quote-links.values';
import type { ContactSubmitResponse } from '../../../shared/contracts/contacts';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { Select } from '../../components/select';
import { Textarea } from '../../components/textarea';
import { Honeypot } from '../../components/honeypot';
import { post } from '../../lib/public-api';
import { useHydrated } from '../../lib/use-hydrated';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import {
  contactFieldMax,
  contactRequestBody,
  emptyContactForm,
  firstInvalidField,
  parseDraft,
  QUOTE_BANNER_MS,
  QUOTE_DRAFT_STORAGE_KEY,
  restoreDraft,
  retryMessage,
  sendFailure,
  serializeDraft,
  type ContactFormErrors,
  type RetryReason,
} from './quote-form-state';
import { sendEvent } from '../../lib/analytics-beacon';

/** The page's answer to a form sent without JavaScript (the home route's action), shown as the form's state. */
export interface QuoteFormAnswer {
  values: ContactFormValues;
  errors: ContactFormErrors;
  /** 'rate-limited': too many requests; 'failed': the server could not store it. Null with field errors. */
  failure: 'rate-limited' | 'failed' | null;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'retry'; detail: RetryReason }
  | { kind: 'failed' };

function initialStatus(sent: boolean, answer: QuoteFormAnswer | null): Status {
  if (sent) return { kind: 'sent' };
  if (answer?.failure === 'rate-limited') return { kind: 'retry', detail: 'rate-limited' };
  if (answer?.failure === 'failed') return { kind: 'failed' };
  return { kind: 'idle' };
}

function storeDraft(values: ContactFormValues | null): void {
  try {
    const draft = values && serializeDraft(values);
    if (draft) localStorage.setItem(QUOTE_DRAFT_STORAGE_KEY, draft);
    else localStorage.removeItem(QUOTE_DRAFT_STORAGE_KEY);
  } catch {
    // Storage disabled or full: the form still works, only the draft is not kept.
  }
}

function readStoredDraft(): ContactFormValues | null {
  try {
    return parseDraft(localStorage.getItem(QUOTE_DRAFT_STORAGE_KEY));
  } catch {
    return null;
  }
}

export interface QuoteFormProps {
  /** The company's core services (the Service select's options). */
  services: readonly string[];
  /** What a link asked for (?service=, ?subject=), already checked against `services`. */
  preset: { service: string; message: string };
  /** ?quote=sent: the form was sent without JavaScript and stored. */
  sent: boolean;
  /** The page's answer to a form sent without JavaScript, or null. */
  answer: QuoteFormAnswer | null;
}

/**
 * The quote form. With JavaScript it checks the fields, sends them to
 * POST /api/contacts and keeps what was typed when the server cannot be reached (Try again sends it as
 * 'website_fallback'); the unsent form is kept in this browser while typing. Without JavaScript it is a
 * plain POST to the home page, whose action answers with the page (home.tsx).
 */
export function QuoteForm({ services, preset, sent, answer }: QuoteFormProps) {
  const hydrated = useHydrated();
  const id = useId();
  const fieldId = (field: ContactFormField) => `${id}-${field}`;
  const [values, setValues] = useState<ContactFormValues>(() => answer?.values ?? { ...emptyContactForm, ...preset });
  const [errors, setErrors] = useState<ContactFormErrors>(() => answer?.errors ?? {});
  const [status, setStatus] = useState<Status>(() => initialStatus(sent, answer));
  const [focusField, setFocusField] = useState<{ field: ContactFormField } | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const banner = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = status.kind === 'sending';

  // What was typed before this code arrived is the form's now, and its draft (so the stored one below,
  // from an earlier visit, does not replace it).
  useTypedBeforeHydration(formRef, (typed) => {
    const next = { ...values };
    for (const field of contactFormFields) if (typed[field] !== undefined) next[field] = typed[field];
    setValues(next);
    storeDraft(next);
  });

  // The unsent form from an earlier visit comes back, unless the page answers a form just sent.
  useEffect(() => {
    if (sent) {
      storeDraft(null);
      return;
    }
    if (answer) return;
    const draft = readStoredDraft();
    if (draft) setValues(restoreDraft(draft, preset, services));
    // Once, after hydration: the draft lives in this browser only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The success banner stays 5 seconds.
  useEffect(() => {
    if (status.kind !== 'sent') return;
    const timer = setTimeout(
      () => setStatus((current) => (current.kind === 'sent' ? { kind: 'idle' } : current)),
      QUOTE_BANNER_MS,
    );
    return () => clearTimeout(timer);
  }, [status]);

  // After a render that enabled the fields again, the first bad one takes the focus.
  useEffect(() => {
    if (focusField) document.getElementById(fieldId(focusField.field))?.focus();
    // fieldId depends only on the stable useId value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusField]);

  // A banner that appears after sending is brought into view (it sits above the fields). Sending disabled the
  // fields and the button, which left the focus on the page itself: it goes to the banner, so the keyboard and a
  // screen reader carry on from the answer rather than from the top of the page.
  useEffect(() => {
    if (hydrated && (status.kind === 'sent' || status.kind === 'failed' || status.kind === 'retry')) {
      banner.current?.scrollIntoView({ block: 'nearest' });
      if (document.activeElement === null || document.activeElement === document.body) {
        banner.current?.focus({ preventScroll: true });
      }
    }
    // Only when the status changes, not on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  function update(field: ContactFormField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    storeDraft(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** A field's value, its change handler and its error, the same for every control of the form. */
  function bind(field: ContactFormField) {
    return {
      value: values[field],
      onChange: (event: { target: { value: string } }) => update(field, event.target.value),
      error: errors[field],
    };
  }

  async function send(source: ContactSource) {
    const problems = checkContactForm(values, services);
    const first = firstInvalidField(problems);
    setErrors(problems);
    if (first) {
      setStatus({ kind: 'idle' });
      setFocusField({ field: first });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await post<ContactSubmitResponse['data']>(
        '/contacts',
        contactRequestBody(values, source, honeypot.current?.value ?? ''),
      );
      setValues(emptyContactForm);
      storeDraft(null);
      if (honeypot.current) honeypot.current.value = '';
      setStatus({ kind: 'sent' });
      sendEvent('quote_submitted', { event_category: 'contact', event_action: 'submit' });
    } catch (error) {
      const failure = sendFailure(error);
      if (failure.kind === 'fields') {
        setErrors(failure.errors);
        setStatus({ kind: 'idle' });
        const field = firstInvalidField(failure.errors);
        if (field) setFocusField({ field });
      } else if (failure.kind === 'retry') {
        setStatus({ kind: 'retry', detail: failure.detail });
      } else {
        setStatus({ kind: 'failed' });
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sending) void send('website');
  }

  // Without JavaScript a failed page answer offers the same form again; its next send is the fallback.
  const noScriptRetry = answer?.failure != null;

  return (
    <form
      ref={formRef}
      method="post"
      // The home route's action (an index route: React Router targets it with ?index).
      action={`/?index#${QUOTE_FORM_ANCHOR}`}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      aria-busy={sending || undefined}
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Tell us about your project
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Fields marked <span className="text-red-600">*</span> are required.
      </p>

      <div ref={banner} tabIndex={-1} className="outline-none">
        {status.kind === 'sent' && (
          <Alert tone="success" className="mt-5">
            {ContactMessage.BANNER_SENT}
          </Alert>
        )}
        {status.kind === 'failed' && (
          <Alert tone="error" className="mt-5">
            {ContactMessage.SEND_FAILED}
          </Alert>
        )}
        {status.kind === 'retry' && (
          <Alert
            tone="error"
            title={ContactMessage.SEND_FAILED}
            className="mt-5"
            action={
              hydrated && (
                <Button size="sm" variant="secondary" onClick={() => void send('website_fallback')}>
                  <RotateCcw aria-hidden="true" />
                  Try again
                </Button>
              )
            }
          >
            {retryMessage[status.detail]}
          </Alert>
        )}
      </div>

      <Honeypot inputRef={honeypot} />
      {noScriptRetry && <input type="hidden" name="source" value="website_fallback" />}

      <fieldset disabled={sending} className="mt-6 grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Your details and project</legend>
        <Input
          id={fieldId('first_name')}
          name="first_name"
          label="First Name"
          required
          autoComplete="given-name"
          maxLength={contactFieldMax.first_name}
          {...bind('first_name')}
        />
        <Input
          id={fieldId('last_name')}
          name="last_name"
          label="Last Name"
          required
          autoComplete="family-name"
          maxLength={contactFieldMax.last_name}
          {...bind('last_name')}
        />
        <Input
          id={fieldId('email')}
          name="email"
          type="email"
          label="Email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={contactFieldMax.email}
          {...bind('email')}
        />
        <Input
          id={fieldId('phone')}
          name="phone"
          type="tel"
          label={
            <>
              Phone <span className="font-normal text-slate-500">(optional)</span>
            </>
          }
          autoComplete="tel"
          maxLength={contactFieldMax.phone}
          {...bind('phone')}
        />
        <Select
          id={fieldId('service')}
          name="service"
          label="Service"
          containerClassName="sm:col-span-2"
          {...bind('service')}
        >
          <option value="">Select a service</option>
          {services.map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </Select>
        <Textarea
          id={fieldId('message')}
          name="message"
          label="Project Details"
          required
          rows={5}
          maxLength={contactFieldMax.message}
          placeholder="What would you like to build? Goals, timeline and budget help us reply with a useful quote."
          containerClassName="sm:col-span-2"
          {...bind('message')}
        />
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">We reply within 24 hours. Your details are used only to answer you.</p>
          <Button type="submit" size="lg" className="shrink-0">
            {sending ? (
              <>
                <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                Sending...
              </>
            ) : (
              <>
                <Send aria-hidden="true" />
                Send Message
              </>
            )}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
