import type { FastifyInstance } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, ok, okWithMessage, optionalMessageEnvelope } from '../../../shared/contracts/common';
import {
  NotificationMessage,
  emailPreferencesSchema,
  notificationListSchema,
  notificationSchema,
} from '../../../shared/contracts/notifications';
import { z } from '../../../shared/zod';
import { requireUser } from '../../http/auth';
import {
  clearMyNotifications,
  dismissMyNotification,
  getMyEmailPreferences,
  listMyNotifications,
  markAllMyNotificationsRead,
  saveMyEmailPreferences,
  setMyNotificationRead,
} from './notifications.service';

const tags = ['notifications'];
/** Every signed-in staff member (viewer included) manages their own notifications. */
const config = { access: 'read' } as const;
const envelope = <T extends z.ZodType>(data: T) => optionalMessageEnvelope(data);
const messageOnly = envelope(z.null());

/** /api/notifications: the header bell's server side and each staff member's e-mail preferences. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  // Staff notifications: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  r.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  r.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'My notifications, newest first (at most 50), and how many are unread',
        response: { 200: envelope(notificationListSchema) },
      },
    },
    async (request) => ok(await listMyNotifications(db(), requireUser(request).id)),
  );

  r.patch(
    '/read-all',
    {
      config,
      schema: { tags, summary: 'Mark all my notifications as read', response: { 200: messageOnly } },
    },
    async (request) => {
      await markAllMyNotificationsRead(db(), requireUser(request).id);
      return okWithMessage(null, NotificationMessage.ALL_READ);
    },
  );

  r.patch(
    '/:id/read',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one of my notifications as read',
        params: idParamsSchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) =>
      okWithMessage(
        await setMyNotificationRead(db(), requireUser(request).id, request.params.id, true),
        NotificationMessage.MARKED_READ,
      ),
  );

  r.patch(
    '/:id/unread',
    {
      config,
      schema: {
        tags,
        summary: 'Mark one of my notifications as unread',
        params: idParamsSchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) =>
      okWithMessage(
        await setMyNotificationRead(db(), requireUser(request).id, request.params.id, false),
        NotificationMessage.MARKED_UNREAD,
      ),
  );

  r.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Dismiss (delete) one of my notifications',
        params: idParamsSchema,
        response: { 200: messageOnly },
      },
    },
    async (request) => {
      await dismissMyNotification(db(), requireUser(request).id, request.params.id);
      return okWithMessage(null, NotificationMessage.DISMISSED);
    },
  );

  r.delete(
    '/',
    {
      config,
      schema: { tags, summary: 'Delete all my notifications', response: { 200: messageOnly } },
    },
    async (request) => {
      await clearMyNotifications(db(), requireUser(request).id);
      return okWithMessage(null, NotificationMessage.CLEARED);
    },
  );

  r.get(
    '/preferences',
    {
      config,
      schema: {
        tags,
        summary: 'Which of my notifications are also e-mailed to me (both on until saved); the weekly report (off)',
        response: { 200: envelope(emailPreferencesSchema) },
      },
    },
    async (request) => ok(await getMyEmailPreferences(db(), requireUser(request).id)),
  );

  r.put(
    '/preferences',
    {
      config,
      schema: {
        tags,
        summary: 'Save which of my notifications are also e-mailed to me, and whether I get the weekly report',
        body: emailPreferencesSchema,
        response: { 200: envelope(emailPreferencesSchema) },
      },
    },
    async (request) =>
      okWithMessage(
        await saveMyEmailPreferences(db(), requireUser(request).id, request.body),
        NotificationMessage.PREFERENCES_SAVED,
      ),
  );
}
