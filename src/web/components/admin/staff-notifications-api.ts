import {
  emailPreferencesSchema,
  notificationListSchema,
  type EmailPreferences,
  type NotificationList,
} from '../../../shared/contracts/notifications';
import { api } from '../../lib/api-client';
import { parseAnswer } from './parse-answer';

/**
 * The signed-in staff member's own notifications (the header bell) and e-mail preferences
 * (Settings › Email Preferences).
 */

export async function fetchNotifications(): Promise<NotificationList> {
  const body = await api.get('/notifications');
  return parseAnswer(notificationListSchema, body.data);
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
  const body = await api.get('/notifications/preferences');
  return parseAnswer(emailPreferencesSchema, body.data);
}

export async function saveEmailPreferences(preferences: EmailPreferences): Promise<{ message?: string }> {
  const body = await api.put('/notifications/preferences', preferences);
  return { message: body.message };
}
