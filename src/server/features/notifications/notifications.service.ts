import type { Kysely } from 'kysely';
import {
  NOTIFICATIONS_MAX,
  NotificationMessage,
  type EmailPreferences,
  type NotificationList,
  type ServerNotification,
} from '../../../shared/contracts/notifications';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { notFound } from '../../lib/errors';
import {
  countUnreadOf,
  deleteNotificationOf,
  deleteNotificationsOf,
  findEmailPreferences,
  findNotificationOf,
  listNotificationsOf,
  markAllReadOf,
  saveEmailPreferences,
  setNotificationReadAt,
} from './notifications.repository';

/* Every signed-in staff member reads and manages their own notifications and e-mail preferences only. */

type Row = Awaited<ReturnType<typeof listNotificationsOf>>[number];

function toNotification(row: Row): ServerNotification {
  return {
    id: Number(row.id),
    type: row.type,
    kind: row.kind,
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.read_at !== null,
    timestamp: row.created_at,
  };
}

export async function listMyNotifications(db: Kysely<DB>, userId: number): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    listNotificationsOf(db, userId, NOTIFICATIONS_MAX),
    countUnreadOf(db, userId),
  ]);
  return { notifications: rows.map(toNotification), unread };
}

export async function setMyNotificationRead(
  db: Kysely<DB>,
  userId: number,
  id: number,
  read: boolean,
): Promise<ServerNotification> {
  const readAt = read ? new Date().toISOString() : null;
  if (!(await setNotificationReadAt(db, userId, id, readAt))) throw notFound(NotificationMessage.NOT_FOUND);
  const row = await findNotificationOf(db, userId, id);
  if (!row) throw notFound(NotificationMessage.NOT_FOUND);
  return toNotification(row);
}

export async function markAllMyNotificationsRead(db: Kysely<DB>, userId: number): Promise<void> {
  await markAllReadOf(db, userId, new Date().toISOString());
}

export async function dismissMyNotification(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  if (!(await deleteNotificationOf(db, userId, id))) throw notFound(NotificationMessage.NOT_FOUND);
}

export async function clearMyNotifications(db: Kysely<DB>, userId: number): Promise<void> {
  await deleteNotificationsOf(db, userId);
}

export async function getMyEmailPreferences(db: Kysely<DB>, userId: number): Promise<EmailPreferences> {
  const row = await findEmailPreferences(db, userId);
  return {
    newContact: row ? Number(row.new_contact) === 1 : true,
    newComment: row ? Number(row.new_comment) === 1 : true,
    // Opt-in: a report nobody asked for is not sent.
    weeklyReport: row ? Number(row.weekly_report) === 1 : false,
  };
}

export async function saveMyEmailPreferences(
  db: Kysely<DB>,
  userId: number,
  preferences: EmailPreferences,
): Promise<EmailPreferences> {
  const values = {
    new_contact: preferences.newContact ? 1 : 0,
    new_comment: preferences.newComment ? 1 : 0,
    weekly_report: preferences.weeklyReport ? 1 : 0,
  };
  await writeTransaction(db, (trx) => saveEmailPreferences(trx, userId, values, new Date().toISOString()));
  return getMyEmailPreferences(db, userId);
}
