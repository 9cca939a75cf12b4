import {
  emailPreferencesSchema,
  notificationListSchema,
  type EmailPreferences,
  type NotificationList,
} from '../../../shared/contracts/notifications';
import type { z } from '../../../shared/zod';
import { api, ApiError, ClientErrorCode, ClientMessage } from '../../lib/api-client';

/**
 * The signed-in staff member's own notifications (the header bell) and e-mail preferences
 * (Settings › Email Preferences). Reads skip the client's cache: the bell must show what is new.
 */

function parse<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ApiError({
      message: ClientMessage.INVALID_RESPONSE,
      status: 200,
      code: ClientErrorCode.INVALID_RESPONSE,
    });
  }
  return result.data;
}

const fresh = { cache: false } as const;

export async function fetchNotifications(): Promise<NotificationList> {
  const body = await api.get('/notifications', undefined, fresh);
  return parse(notificationListSchema, body.data);
}

export async function setNotificationRead(id: number, read: boolean): Promise<void> {
  await api.patch(`/notifications/${id}/${read ? 'read' : 'unread'}`);
}

export async function markAllNotificationsRead(): Promise<void> {
  await api.patch('/notifications/read-all');
}

export async function dismissNotification(id: number): Promise<void> {
  await api.delete(`/notifications/${id}`);
}

export async function clearNotifications(): Promise<void> {
  await api.delete('/notifications');
}

export async function fetchEmailPreferences(): Promise<EmailPreferences> {
  const body = await api.get('/notifications/preferences', undefined, fresh);
  return parse(emailPreferencesSchema, body.data);
}

export async function saveEmailPreferences(preferences: EmailPreferences): Promise<{ message?: string }> {
  const body = await api.put('/notifications/preferences', preferences);
  return { message: body.message };
}
