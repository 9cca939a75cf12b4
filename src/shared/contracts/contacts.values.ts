/*
 * Contact requests' plain values (statuses, priorities, limits, texts) and the quote form's checks: no zod,
 * so the public landing page can import them without the schemas. src/shared/contracts/contacts.ts
 * re-exports them.
 */
import { isEmailAddress } from './newsletter.values';

/** One set of statuses everywhere: filter, selector, bulk actions, API. */
export const contactStatuses = [
  'new',
  'contacted',
  'qualified',
  'in_progress',
  'converted',
  'completed',
  'closed',
  'failed',
] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactStatusLabels: Record<ContactStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  in_progress: 'In Progress',
  converted: 'Converted',
  completed: 'Completed',
  closed: 'Closed',
  failed: 'Failed',
};

export const contactPriorities = ['low', 'medium', 'high', 'urgent'] as const;
export type ContactPriority = (typeof contactPriorities)[number];

export const contactPriorityLabels: Record<ContactPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** 'website' by default; 'website_fallback' when the visitor retried after the first attempt could not be sent. */
export const contactSources = ['website', 'website_fallback'] as const;
export type ContactSource = (typeof contactSources)[number];

/** Field limits (characters), matching the contacts columns (message: the form's own bound). */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 320;
export const CONTACT_PHONE_MAX = 50;
export const CONTACT_SERVICE_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_NOTE_MAX = 5000;
/** The longest reply staff send a lead from the Contacts tab (characters). */
export const CONTACT_REPLY_MAX = 10_000;

/** Admin list: page size 10, newest first, 50-character preview, refresh every 5 minutes. */
export const CONTACTS_PAGE_SIZE = 10;
export const CONTACTS_MAX_PAGE_SIZE = 100;
export const CONTACT_PREVIEW_LENGTH = 50;
export const CONTACTS_REFRESH_MS = 300_000;
export const CONTACTS_RECENT_DEFAULT = 5;
export const CONTACTS_RECENT_MAX = 50;
/** Most ids one bulk action takes. */
export const CONTACTS_BULK_MAX = 500;

/** The quote form's fields, in the order the form shows them. */
export const contactFormFields = ['first_name', 'last_name', 'email', 'phone', 'service', 'message'] as const;
export type ContactFormField = (typeof contactFormFields)[number];

/** Every text of the contact flow, the field errors included. */
export const ContactMessage = {
  // Public.
  RECEIVED: "Thank you for your message! We'll get back to you soon.",
  BANNER_SENT: "Message sent successfully! We'll get back to you within 24 hours.",
  SEND_FAILED: 'Failed to send message. Please try again or contact us directly.',
  SUBMIT_FAILED: 'Failed to submit contact form',
  /** Ours: the quote form when no answer came at all (network, timeout); what was typed is kept. */
  NOT_REACHED: 'We could not reach our server. Everything you typed is still here, so you can try again.',
  /** Ours: the quote form when the server answered with a failure (5xx); what was typed is kept. */
  NOT_STORED:
    'Our server could not store your message right now. Everything you typed is still here, so you can try again.',
  // Field errors: the server's and the form's.
  FIRST_NAME_REQUIRED: 'First name is required',
  LAST_NAME_REQUIRED: 'Last name is required',
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email address',
  MESSAGE_REQUIRED: 'Project details are required',
  SERVICE_INVALID: 'Please choose one of the listed services',
  FIRST_NAME_TOO_LONG: `First name must be at most ${CONTACT_NAME_MAX} characters`,
  LAST_NAME_TOO_LONG: `Last name must be at most ${CONTACT_NAME_MAX} characters`,
  EMAIL_TOO_LONG: `Email must be at most ${CONTACT_EMAIL_MAX} characters`,
  PHONE_TOO_LONG: `Phone must be at most ${CONTACT_PHONE_MAX} characters`,
  PHONE_INVALID: 'Please enter a valid phone number',
  MESSAGE_TOO_LONG: `Project details must be at most ${CONTACT_MESSAGE_MAX} characters`,
  // Admin.
  LOAD_FAILED: 'Failed to load contacts',
  LOAD_FAILED_INLINE: 'Failed to load contacts. Please try again.',
  STATUS_FAILED: 'Failed to update contact status',
  PRIORITY_FAILED: 'Failed to update contact priority',
  NOTE_FAILED: 'Failed to add note',
  DELETE_FAILED: 'Failed to delete contact',
  BULK_FAILED: 'Failed to perform bulk action',
  STATUS_UPDATED: 'Contact status updated successfully',
  PRIORITY_UPDATED: 'Contact priority updated to {priority}',
  NOTE_ADDED: 'Note added successfully',
  DELETED: 'Contact deleted successfully',
  BULK_DELETED: 'Contacts deleted successfully',
  BULK_UPDATED: 'Contacts updated successfully',
  CONFIRM_DELETE: 'Are you sure you want to delete this contact?',
  CONFIRM_BULK_DELETE: 'Are you sure you want to delete {count} contacts?',
  EMPTY: 'No contacts found',
  // Ours.
  NOT_FOUND: 'Contact not found',
  NOTE_EMPTY: 'Note cannot be empty',
  NOTE_TOO_LONG: `Note must be at most ${CONTACT_NOTE_MAX} characters`,
  REPLY_EMPTY: 'Write your reply first.',
  REPLY_TOO_LONG: `A reply must be at most ${CONTACT_REPLY_MAX} characters.`,
  REPLY_SENT: 'Reply sent to {email}',
  FOLLOW_UP_SET: 'Follow-up reminder set',
  FOLLOW_UP_CLEARED: 'Follow-up reminder removed',
  REPLY_LOGGED: 'Reply saved; no mail server is configured, so it was written to the server log instead of sent.',
  REPLY_FAILED: 'Failed to send the reply',
  UPDATED: 'Contact updated successfully',
  UPDATE_FAILED: 'Failed to update contact',
  EXPORT_FAILED: 'Failed to export contacts',
  MARKED_READ: 'Contact marked as read',
  MARKED_UNREAD: 'Contact marked as unread',
  ASSIGNED: 'Contact assigned',
  UNASSIGNED: 'Contact unassigned',
  ASSIGNEE_NOT_FOUND: 'That staff member does not exist or is disabled',
  NOTHING_TO_UPDATE: 'Nothing to update',
  BULK_STATUS_REQUIRED: 'Status is required for this operation',
  BULK_PRIORITY_REQUIRED: 'Priority is required for this operation',
  /** Set on a contact while a mail about it cannot be delivered ({reason}: the last delivery error). */
  MAIL_FAILING: 'Email notification failed: {reason}. It will be retried automatically.',
  /** Set when the staff notifications and mails of a new contact could not be recorded at all. */
  ALERT_FAILED: 'Staff were not notified of this request: {reason}',
  MAIL_GAVE_UP: 'Email notification failed after {attempts} attempts: {reason}',
} as const;

export interface ContactFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

/** Loose phone check: digits with the usual separators, 6 to 20 digits. Empty is fine (the field is optional). */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().\-/]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 20;
}

/**
 * The quote form's checks, the same the server makes (except the service list, which the form offers as a
 * select): trimmed values, field -> message for every problem, empty when the form may be sent.
 * `services` is the company's list; when given, a service outside it is refused.
 */
export function checkContactForm(
  values: ContactFormValues,
  services?: readonly string[],
): Partial<Record<ContactFormField, string>> {
  const errors: Partial<Record<ContactFormField, string>> = {};
  const length = (text: string) => [...text].length;
  const first = values.first_name.trim();
  const last = values.last_name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const service = values.service.trim();
  const message = values.message.trim();
  if (!first) errors.first_name = ContactMessage.FIRST_NAME_REQUIRED;
  else if (length(first) > CONTACT_NAME_MAX) errors.first_name = ContactMessage.FIRST_NAME_TOO_LONG;
  if (!last) errors.last_name = ContactMessage.LAST_NAME_REQUIRED;
  else if (length(last) > CONTACT_NAME_MAX) errors.last_name = ContactMessage.LAST_NAME_TOO_LONG;
  if (!email) errors.email = ContactMessage.EMAIL_REQUIRED;
  else if (length(email) > CONTACT_EMAIL_MAX) errors.email = ContactMessage.EMAIL_TOO_LONG;
  else if (!isEmailAddress(email)) errors.email = ContactMessage.EMAIL_INVALID;
  if (phone && length(phone) > CONTACT_PHONE_MAX) errors.phone = ContactMessage.PHONE_TOO_LONG;
  else if (phone && !isPhoneNumber(phone)) errors.phone = ContactMessage.PHONE_INVALID;
  if (service && length(service) > CONTACT_SERVICE_MAX) errors.service = ContactMessage.SERVICE_INVALID;
  else if (service && services && !services.includes(service)) errors.service = ContactMessage.SERVICE_INVALID;
  if (!message) errors.message = ContactMessage.MESSAGE_REQUIRED;
  else if (length(message) > CONTACT_MESSAGE_MAX) errors.message = ContactMessage.MESSAGE_TOO_LONG;
  return errors;
}

/** 'Jane Doe' from the stored names. */
export function contactName(contact: { first_name: string; last_name: string }): string {
  return `${contact.first_name} ${contact.last_name}`.trim();
}

/** The list's message preview: the first 50 characters, with an ellipsis when cut. */
export function messagePreview(message: string, length = CONTACT_PREVIEW_LENGTH): string {
  const chars = [...message.replace(/\s+/g, ' ').trim()];
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('');
}
