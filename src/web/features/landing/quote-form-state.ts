import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_SERVICE_MAX,
  contactFormFields,
  ContactMessage,
  type ContactFormField,
  type ContactFormValues,
  type ContactSource,
} from '../../../shared/contracts/contacts.values';
import type { ContactSubmitRequest } from '../../../shared/contracts/contacts';
import { ErrorMessage } from '../../../shared/errors';
import { ClientErrorCode, isApiError } from '../../lib/api-error';

/*
 * The quote form's pure parts: the draft kept in this browser, the request body, and what a failed
 * send means for the visitor. Unit-tested in quote-form-state.test.ts.
 */

export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

/** Where the unsent form is kept while the visitor types, so that nothing typed is lost. */
export const QUOTE_DRAFT_STORAGE_KEY = 'quoteFormDraft';

/** How long the success banner stays. */
export const QUOTE_BANNER_MS = 5000;

export const emptyContactForm: ContactFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  service: '',
  message: '',
};

/** Each field's longest value, as the inputs' maxLength. */
export const contactFieldMax: Record<ContactFormField, number> = {
  first_name: CONTACT_NAME_MAX,
  last_name: CONTACT_NAME_MAX,
  email: CONTACT_EMAIL_MAX,
  phone: CONTACT_PHONE_MAX,
  service: CONTACT_SERVICE_MAX,
  message: CONTACT_MESSAGE_MAX,
};

/** The form's values, each read by `read` (from a posted form, or a change to every field). */
export function contactFormValues(read: (field: ContactFormField) => string): ContactFormValues {
  return {
    first_name: read('first_name'),
    last_name: read('last_name'),
    email: read('email'),
    phone: read('phone'),
    service: read('service'),
    message: read('message'),
  };
}

/** True when the visitor has typed anything worth keeping. */
export function hasContent(values: ContactFormValues): boolean {
  return contactFormFields.some((field) => values[field].trim() !== '');
}

/** The draft to store: null when there is nothing to keep (the stored one is then removed). */
export function serializeDraft(values: ContactFormValues): string | null {
  return hasContent(values) ? JSON.stringify(values) : null;
}

/**
 * A stored draft, or null when there is none or it cannot be read. Only the form's text fields are
 * taken, each cut to its field's limit; anything else in storage is ignored.
 */
export function parseDraft(raw: string | null | undefined): ContactFormValues | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const values = contactFormValues((field) => {
    const value = record[field];
    return typeof value === 'string' ? value.slice(0, contactFieldMax[field]) : '';
  });
  return hasContent(values) ? values : null;
}

/**
 * The draft merged with what a link asked for: the link's service wins (the visitor just chose it),
 * the link's subject only fills an empty Project Details. A service no longer offered is dropped.
 */
export function restoreDraft(
  draft: ContactFormValues,
  preset: { service: string; message: string },
  services: readonly string[],
): ContactFormValues {
  const service = preset.service || (services.includes(draft.service) ? draft.service : '');
  return { ...draft, service, message: draft.message.trim() ? draft.message : preset.message };
}

/** POST /api/contacts body: trimmed text, an empty phone or service sent as null. */
export function contactRequestBody(
  values: ContactFormValues,
  source: ContactSource,
  website: string,
): ContactSubmitRequest {
  const phone = values.phone.trim();
  const service = values.service.trim();
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: phone || null,
    service: service || null,
    message: values.message.trim(),
    source,
    website,
  };
}

/** The first field with an error, in the order the form shows them (to move the focus there). */
export function firstInvalidField(errors: ContactFormErrors): ContactFormField | undefined {
  return contactFormFields.find((field) => errors[field]);
}

const isFormField = (field: string): field is ContactFormField =>
  (contactFormFields as readonly string[]).includes(field);

/**
 * What a failed send means for the visitor:
 * - fields: the server named fields (400 VALIDATION_ERROR): shown under them;
 * - retry: no answer, the server failing (5xx) or too busy (429): what was typed stays, with Try again;
 *   `detail` says which of the three it was, because the visitor is told the one that is true:
 *   only a request that got no answer "could not reach" the server;
 * - failed: anything else (the form's error banner).
 */
export type RetryReason = 'not-reached' | 'server-error' | 'rate-limited';

export type SendFailure =
  { kind: 'fields'; errors: ContactFormErrors } | { kind: 'retry'; detail: RetryReason } | { kind: 'failed' };

export function sendFailure(error: unknown): SendFailure {
  if (!isApiError(error)) return { kind: 'failed' };
  if (error.status === 429) return { kind: 'retry', detail: 'rate-limited' };
  if (error.status === 0 && error.code !== ClientErrorCode.ABORTED) return { kind: 'retry', detail: 'not-reached' };
  if (error.status >= 500) return { kind: 'retry', detail: 'server-error' };
  if (error.status === 400) {
    const errors: ContactFormErrors = {};
    for (const item of error.errors)
      if (isFormField(item.field) && !errors[item.field]) errors[item.field] = item.message;
    if (Object.keys(errors).length > 0) return { kind: 'fields', errors };
  }
  return { kind: 'failed' };
}

/** The rate-limit sentence the API sends with a 429 (shown under the banner's title). */
export const RATE_LIMITED_MESSAGE = ErrorMessage.RATE_LIMITED;

/** The line under the banner's title that says why the send can be tried again. */
export const retryMessage: Record<RetryReason, string> = {
  'not-reached': ContactMessage.NOT_REACHED,
  'server-error': ContactMessage.NOT_STORED,
  'rate-limited': RATE_LIMITED_MESSAGE,
};
