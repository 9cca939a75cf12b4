/*
 * The newsletter's plain values (limits, statuses, texts) and the address check of the sign-up form: no zod,
 * so the public pages can import them without the schemas. src/shared/contracts/newsletter.ts re-exports them.
 */

/** Longest address the newsletter_subscribers.email column holds (characters). */
export const NEWSLETTER_EMAIL_MAX = 320;
export const NEWSLETTER_PAGE_SIZE = 20;
export const NEWSLETTER_MAX_PAGE_SIZE = 100;

/**
 * 'pending': signed up, waiting for the confirmation link to be used; 'bounced': the mail server refused the
 * address for good. Only 'subscribed' addresses are sent the newsletter (ADR 0046). The API answers these;
 * the database stores them as `storedSubscriberStatuses` with two timestamps (confirmed, bounced).
 */
export const subscriberStatuses = ['pending', 'subscribed', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/**
 * The values of the newsletter_subscribers.status column: the previous release's two, which it must keep
 * reading while instances are replaced one at a time (ADR 0046).
 */
export const storedSubscriberStatuses = ['subscribed', 'unsubscribed'] as const;

/** Every text the newsletter API answers with; the sign-up form shows `message` as it comes. */
export const NewsletterMessage = {
  SUBSCRIBED: 'Thanks for subscribing! Please check your inbox and click the link in our email to confirm.',
  ALREADY_SUBSCRIBED: "You're already subscribed.",
  EMAIL_REQUIRED: 'Please enter your email address.',
  EMAIL_INVALID: 'Please enter a valid email address.',
  EMAIL_TOO_LONG: `Email must be at most ${NEWSLETTER_EMAIL_MAX} characters.`,
  SUBSCRIBER_NOT_FOUND: 'Subscriber not found',
  SUBSCRIBER_DELETED: 'Subscriber deleted',
  POST_NOT_FOUND: 'Blog post not found',
  POST_NOT_PUBLISHED: 'Only a published post can be sent to subscribers. Publish it first.',
  ALREADY_SENT: 'This post has already been sent to subscribers. A post is sent only once.',
  NO_SUBSCRIBERS: 'There are no confirmed subscribers to send to yet.',
  SEND_STARTED: 'Sending has started. The mails go out a few at a time; progress is shown here.',
  TEST_SENT: 'Test email sent to {email}.',
  TEST_FAILED: 'The test email could not be sent: {reason}',
  TEST_LOGGED: 'No mail server is set up, so the test email was written to the server log instead of being sent.',
} as const;

/** How staff read a subscriber's status. */
export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  pending: 'Waiting for confirmation',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Address bounced',
};

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
