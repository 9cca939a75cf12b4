/*
 * The newsletter's plain values (limits, statuses, texts) and the address check of the sign-up form: no zod,
 * so the public pages can import them without the schemas. src/shared/contracts/newsletter.ts re-exports them.
 */

/** Longest address the newsletter_subscribers.email column holds (characters). */
export const NEWSLETTER_EMAIL_MAX = 320;
export const NEWSLETTER_PAGE_SIZE = 20;
export const NEWSLETTER_MAX_PAGE_SIZE = 100;

export const subscriberStatuses = ['subscribed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** Every text the newsletter API answers with; the sign-up form shows `message` as it comes. */
export const NewsletterMessage = {
  SUBSCRIBED: 'Thanks for subscribing!',
  ALREADY_SUBSCRIBED: "You're already subscribed.",
  EMAIL_REQUIRED: 'Please enter your email address.',
  EMAIL_INVALID: 'Please enter a valid email address.',
  EMAIL_TOO_LONG: `Email must be at most ${NEWSLETTER_EMAIL_MAX} characters.`,
  SUBSCRIBER_NOT_FOUND: 'Subscriber not found',
  SUBSCRIBER_DELETED: 'Subscriber deleted',
} as const;

/**
 * The address pattern the server checks with (zod's z.email(), the same expression), so the sign-up
 * form can refuse a malformed address before sending without loading zod.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** True for an address the server accepts as well-formed (length is checked separately). */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
