import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { createStaffAlerts } from '../features/notifications/staff-alerts';

/*
 * What features tell staff about: a new contact request, a new blog comment. Features call app.staffAlerts
 * inside the transaction that stores the item, so the item, the staff notifications and the queued mails
 * are stored together or not at all; the mail outbox worker sends the mails afterwards.
 */

export interface NewContactAlert {
  contactId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  /** false: do not send the visitor a confirmation (e.g. too many requests from that address today). */
  confirmVisitor: boolean;
}

export interface NewCommentAlert {
  commentId: number;
  postId: number;
  postTitle: string;
  /** The public path segment of the post (its slug). */
  postSlug: string;
  name: string;
  message: string;
}

export interface StaffAlerts {
  /** Notifications for staff, staff mails (per preference), the visitor's confirmation mail, an activity. */
  newContact(trx: Transaction<DB>, alert: NewContactAlert): Promise<void>;
  /** Notifications for staff, staff mails (per preference), an activity. */
  newComment(trx: Transaction<DB>, alert: NewCommentAlert): Promise<void>;
  /** Call after the transaction committed: wakes the mail worker so the queued mails go out now. */
  flush(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffAlerts: StaffAlerts;
  }
}

/**
 * app.staffAlerts: the notifications feature's implementation, sending through app.mailer (ADR 0013) and
 * recording the visitor's contact request or comment in the recent activity (app.activity).
 */
export const staffAlertsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'staffAlerts',
      createStaffAlerts({ mailer: app.mailer, activity: app.activity, publicUrl: app.config.publicUrl }),
    );
  },
  { name: 'staff-alerts', dependencies: ['mailer', 'activity-log'] },
);
