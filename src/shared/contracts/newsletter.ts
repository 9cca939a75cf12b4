import { z } from '../zod';
import { optionalText, pageQueryFields, paginationSchema } from './common';
import {
  NEWSLETTER_EMAIL_MAX,
  NEWSLETTER_MAX_PAGE_SIZE,
  NEWSLETTER_PAGE_SIZE,
  subscriberStatuses,
} from './newsletter.values';

export type { SubscriberStatus } from './newsletter.values';

/**
 * POST /api/newsletter/subscribe body. Only the types are checked here; the server trims, lowercases
 * and checks the address so that a blank or malformed one answers 400 naming the `email` field.
 * `website` is a honeypot that people never fill in (leave it out or send '').
 */
export const newsletterSubscribeRequestSchema = z.object({
  email: z.string().max(10_000).optional(),
  website: z.string().max(10_000).optional(),
});
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;

/**
 * POST /api/newsletter/subscribe answer, `message` being the text to show: 201 'Thanks for subscribing!'
 * for a new address; 200 'Thanks for subscribing!' when an address that had unsubscribed is subscribed
 * again; 200 "You're already subscribed." when it is subscribed already.
 */
export const newsletterSubscribeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ subscribed: z.literal(true) }),
  message: z.string(),
});
export type NewsletterSubscribeResponse = z.infer<typeof newsletterSubscribeResponseSchema>;

/** A subscriber as staff see it. */
export const newsletterSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  source: z.string(),
  created_at: z.string(),
  unsubscribed_at: z.string().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

/** GET /api/newsletter/subscribers query. */
export const newsletterListQuerySchema = z.object({
  ...pageQueryFields(NEWSLETTER_PAGE_SIZE, NEWSLETTER_MAX_PAGE_SIZE),
  /** Part of the address, case-insensitive. */
  search: optionalText(NEWSLETTER_EMAIL_MAX),
  /** 'all' (or nothing) means both. */
  status: z.enum([...subscriberStatuses, 'all']).optional(),
});
export type NewsletterListQuery = z.infer<typeof newsletterListQuerySchema>;

export const newsletterListDataSchema = z.object({
  subscribers: z.array(newsletterSubscriberSchema),
  pagination: paginationSchema,
});
export type NewsletterListData = z.infer<typeof newsletterListDataSchema>;

/** The state of a post's send to the subscribers (ADR 0046). */
export const newsletterSendSchema = z.object({
  id: z.number().int(),
  status: z.enum(['sending', 'done']),
  subject: z.string(),
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type NewsletterSend = z.infer<typeof newsletterSendSchema>;

/**
 * GET /api/newsletter/posts/{id}/send: the mail as subscribers would get it (its unsubscribe line shows a
 * stand-in address), how many confirmed subscribers it would go to, and the send once there is one.
 */
export const newsletterSendStateSchema = z.object({
  preview: z.object({ subject: z.string(), text: z.string() }),
  recipients: z.number().int(),
  published: z.boolean(),
  /** False without SMTP_URL: the mails are written to the server log instead of being sent. */
  mail_configured: z.boolean(),
  send: newsletterSendSchema.nullable(),
});
export type NewsletterSendState = z.infer<typeof newsletterSendStateSchema>;
