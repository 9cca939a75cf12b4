import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';

/*
 * What features tell staff about: a new contact request, a new blog comment. Features call app.staffAlerts
 * inside the transaction that stores the item, so the item, the staff notifications and the queued mails
 * are stored together or not at all; the mail outbox worker sends the mails afterwards. The notifications
 * feature implements it (features/notifications/staff-alerts-plugin.ts decorates app.staffAlerts).
 */

export interface NewContactAlert {
  contactId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  /**
   * The client address the request came from, for the per-sender limit of confirmations (ADR 0033);
   * null when unknown (then only the per-recipient and site-wide limits apply).
   */
  sender: string | null;
}

export interface NewCommentAlert {
  commentId: number;
  postId: number;
  postTitle: string;
  /** The public path segment of the post (its slug). */
  postSlug: string;
  name: string;
  message: string;
  /** Held for review (ADR 0048): staff are told it waits, and led to the queue. */
  awaitingReview: boolean;
}

/** A lead whose follow-up day has come (ADR 0047). */
export interface FollowUpAlert {
  contactId: number;
  name: string;
  /** YYYY-MM-DD. */
  on: string;
  /** Who the lead is assigned to: told alone; null tells every staff member. */
  assignedTo: number | null;
}

export interface StaffAlerts {
  /**
   * Notifications for staff, staff mails (per preference; past a few at once the contact waits for the
   * digest), the visitor's confirmation mail within its limits, an activity (ADR 0033).
   */
  newContact(trx: Transaction<DB>, alert: NewContactAlert): Promise<void>;
  /** Notifications for staff, staff mails (per preference), an activity. */
  newComment(trx: Transaction<DB>, alert: NewCommentAlert): Promise<void>;
  /** A notification that a lead's follow-up is due, for its assignee (or every staff member). */
  followUpDue(trx: Transaction<DB>, alert: FollowUpAlert): Promise<void>;
  /** Call after the transaction committed: wakes the mail worker so the queued mails go out now. */
  flush(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffAlerts: StaffAlerts;
  }
}

/** The scheduled job that mails staff the digest of contacts not mailed one by one (ADR 0033). */
export const CONTACT_DIGEST_JOB = 'contact-digest';
/** How often the digest goes out while contacts wait for it. */
export const CONTACT_DIGEST_EVERY_MS = 5 * 60_000;
