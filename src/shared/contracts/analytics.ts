import { z } from '../zod';

/*
 * Analytics collection (ADR 0016): what the public pages send with navigator.sendBeacon.
 * Field names are the call table's. `user_agent` and `session_id` are accepted for
 * the documented shape but never stored: the server reads the browser from the request and counts
 * visitors by a salted daily hash, so nothing in the body can identify anyone.
 */

export const ANALYTICS_URL_MAX = 500;
export const ANALYTICS_TITLE_MAX = 300;
export const ANALYTICS_REFERRER_MAX = 1000;
/** custom_data, as JSON text, at most this many characters. */
export const ANALYTICS_CUSTOM_DATA_MAX = 2000;

/** The documented events a public page sends. */
export const analyticsEventTypes = [
  'page_engagement',
  'like',
  'share',
  'comment',
  'quote_submitted',
  'certificate_verified',
  'outbound_click',
  'newsletter_subscribed',
] as const;
export type AnalyticsEventType = (typeof analyticsEventTypes)[number];

/** A page of this site: a path (with its query), never another origin (absolute addresses are made relative). */
const pagePath = z
  .string()
  .trim()
  .min(1, 'Page URL is required')
  .max(ANALYTICS_URL_MAX, `Page URL must be at most ${ANALYTICS_URL_MAX} characters`)
  .refine((value) => /^\/(?!\/)/.test(value) && !/[\s\\]/.test(value), 'Page URL must be a path on this site');

const ignoredText = z.string().max(1000).optional();

export const pageviewRequestSchema = z.object({
  page_url: pagePath,
  page_title: z.string().trim().max(ANALYTICS_TITLE_MAX).optional(),
  referrer: z
    .string()
    .trim()
    .max(ANALYTICS_REFERRER_MAX)
    .refine((value) => value === '' || /^https?:\/\/[^\s/]+/i.test(value), 'Referrer must be an http(s) address')
    .optional(),
  user_agent: ignoredText,
  session_id: z.string().max(100).optional(),
});
export type PageviewRequest = z.infer<typeof pageviewRequestSchema>;

export const analyticsEventRequestSchema = z.object({
  event_type: z.enum(analyticsEventTypes, { error: 'Event type is not one this site records' }),
  event_category: z.string().trim().max(100).optional(),
  event_action: z.string().trim().max(100).optional(),
  event_label: z.string().trim().max(300).optional(),
  event_value: z.number().finite().min(-1e9).max(1e9).optional(),
  page_url: pagePath.optional(),
  user_agent: ignoredText,
  session_id: z.string().max(100).optional(),
  custom_data: z
    .record(z.string().max(50), z.union([z.string().max(300), z.number().finite(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 20, 'Custom data may have at most 20 keys')
    .refine(
      (value) => JSON.stringify(value).length <= ANALYTICS_CUSTOM_DATA_MAX,
      `Custom data must be at most ${ANALYTICS_CUSTOM_DATA_MAX} characters as JSON`,
    )
    .optional(),
});
export type AnalyticsEventRequest = z.infer<typeof analyticsEventRequestSchema>;

/** Why a well-formed beacon was not recorded (none: it was). */
export const notRecordedReasons = ['bot', 'do_not_track', 'staff'] as const;

export const beaconAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ recorded: z.boolean(), reason: z.enum(notRecordedReasons).optional() }),
});
