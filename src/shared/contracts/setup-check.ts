import { z } from '../zod';

/*
 * The setup check (GET /api/system/setup, admins): what a site still lacks to serve a company in
 * production, each item with what to do. /api/ready names the items not done (`setup`), without the texts.
 */

export const setupItemIds = [
  'company',
  'mail',
  'mailFrom',
  'publicUrl',
  'backupsScheduled',
  'backupsOffSite',
  'adminPassword',
  'demoContent',
] as const;
export type SetupItemId = (typeof setupItemIds)[number];

export const setupItemSchema = z.object({
  id: z.enum(setupItemIds),
  done: z.boolean(),
  /** What is true now, in a short sentence. */
  title: z.string(),
  /** What it means and what to do (or, when done, what is in place). */
  detail: z.string(),
  /** The admin screen where it is done, when it is done in the admin; null when it is the server's configuration. */
  link: z.string().nullable(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;

export const setupCheckSchema = z.object({
  /** Every item done. */
  done: z.boolean(),
  items: z.array(setupItemSchema),
});
export type SetupCheck = z.infer<typeof setupCheckSchema>;

/** POST /api/system/test-email: the mail's outcome after its first attempt. */
export const testEmailResultSchema = z.object({
  to: z.string(),
  status: z.enum(['sent', 'logged', 'failed', 'pending', 'sending']),
});

export const SetupMessage = {
  TEST_SENT: 'Test e-mail sent to {to}. Check that it arrived (and not in spam).',
  TEST_LOGGED: 'No mail server is configured (SMTP_URL): the test e-mail was written to the server log instead.',
  TEST_FAILED:
    'The test e-mail could not be sent: {reason}. It will be retried; the mail server settings may be wrong.',
  TEST_QUEUED: 'The test e-mail to {to} is queued and will be sent shortly.',
} as const;
