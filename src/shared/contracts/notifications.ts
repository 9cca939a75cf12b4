import { z } from '../zod';

/*
 * Staff notifications kept on the server (the header bell) and each staff member's e-mail preferences.
 * Every signed-in staff member (any role) reads and manages their own.
 */

/** Most notifications kept per staff member; older ones are dropped. */
export const NOTIFICATIONS_MAX = 50;

export const notificationTypes = ['success', 'error', 'warning', 'info'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** What a notification is about, so the bell can link to it. */
export const notificationKinds = ['contact', 'comment', 'system'] as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  kind: z.enum(notificationKinds),
  title: z.string(),
  message: z.string(),
  /** Admin path to open (e.g. /admin/contacts?contact=12), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  /** ISO time it was created. */
  timestamp: z.string(),
});
export type ServerNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest first, at most NOTIFICATIONS_MAX, and the unread count. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/**
 * PUT /api/notifications/preferences body and GET answer: which notifications are also e-mailed to me, and
 * whether I get the weekly analytics report. Until first saved: both notifications on, the report off.
 */
export const emailPreferencesSchema = z.object({
  newContact: z.boolean(),
  newComment: z.boolean(),
  weeklyReport: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const NotificationMessage = {
  NOT_FOUND: 'Notification not found',
  MARKED_READ: 'Notification marked as read',
  MARKED_UNREAD: 'Notification marked as unread',
  ALL_READ: 'All notifications marked as read',
  DISMISSED: 'Notification dismissed',
  CLEARED: 'Notifications cleared',
  PREFERENCES_SAVED: 'Email preferences saved',
  PREFERENCES_FAILED: 'Failed to save email preferences',
  LOAD_FAILED: 'Failed to load notifications',
  UPDATE_FAILED: 'Failed to update notifications',
  PREFERENCES_LOAD_FAILED: 'Failed to load email preferences',
} as const;
