import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import type { Kysely } from 'kysely';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import type { DB, NotificationKind } from '../../db/schema';
import type { ActivityRecorder } from '../../http/activity-log';
import {
  CONFIRMATIONS_PER_RECIPIENT,
  CONFIRMATIONS_PER_SENDER,
  CONFIRMATIONS_PER_SITE,
  hashedSubject,
  normaliseMailAddress,
  SINGLE_STAFF_CONTACT_MAILS,
  takeMailAllowance,
} from '../../jobs/mail-limits';
import type { Mailer, MailMessage } from '../../jobs/mailer';
import { htmlPage, oneLine, textPage } from './mail-layout';
import type { NewCommentAlert, NewContactAlert, StaffAlerts } from '../../jobs/staff-alerts';
import {
  findCompanyContact,
  insertDigestItem,
  insertNotifications,
  listActiveStaff,
  pruneNotificationsOf,
} from './notifications.repository';

/*
 * What staff are told about a new contact request or blog comment (ADR 0013): a notification for every
 * active staff member, a mail to each whose preference is on (for contacts, past a few at once, one
 * digest instead: contact-digest.ts), and for a contact the visitor's fixed-text confirmation within its
 * limits (ADR 0033). All of it is written inside the caller's transaction (notifications and outbox rows),
 * so it is stored with the item or not at all; the outbox worker sends after flush().
 */

export const GENERAL_ENQUIRY = 'General enquiry';
export const NEW_CONTACT_TITLE = 'New contact request';
export const NEW_COMMENT_TITLE = 'New blog comment';
export const HELD_COMMENT_TITLE = 'Comment awaiting review';
export const FOLLOW_UP_TITLE = 'Follow-up due';
/** The recent activity's actions for a visitor's contact request and comment. */
export const NEW_CONTACT_ACTIVITY = 'New contact request';
export const NEW_COMMENT_ACTIVITY = 'New comment';
export const HELD_COMMENT_ACTIVITY = 'New comment awaiting review';
export const VISITOR_CONFIRMATION_SUBJECT = 'We received your message';
/** The wording of the public banner after "Message sent successfully! ": the promise the mail repeats. */
const REPLY_PROMISE = ContactMessage.BANNER_SENT.replace(/^Message sent successfully! /, '');

export const contactAdminPath = (id: number) => `/admin/contacts?contact=${id}`;
export const COMMENTS_ADMIN_PATH = '/admin/blog/comments';
export const HELD_COMMENTS_ADMIN_PATH = `${COMMENTS_ADMIN_PATH}?status=pending`;

export function staffContactMail(to: string, alert: NewContactAlert, adminUrl: string): MailMessage {
  const name = oneLine(`${alert.firstName} ${alert.lastName}`);
  const rows: Array<[string, string]> = [
    ['Name', name],
    ['Email', alert.email],
    ['Phone', alert.phone ?? '—'],
    ['Service', alert.service ?? GENERAL_ENQUIRY],
    ['Message', alert.message],
  ];
  const intro = ['A new contact request arrived through the website.'];
  return {
    to,
    kind: 'contact-staff',
    subject: `New contact request from ${name}`,
    text: textPage(intro, rows, `Open it in the admin: ${adminUrl}`),
    html: htmlPage(intro, rows, { href: adminUrl, label: 'Open the contact in the admin' }),
  };
}

/**
 * The visitor's confirmation: a fixed text, nothing in it comes from the request (not even the typed name),
 * so that the form cannot be used to send someone a message of the sender's choosing (ADR 0033).
 */
export function visitorConfirmationMail(
  to: string,
  company: { name: string; email: string; phone: string } | undefined,
): MailMessage {
  const companyName = company?.name ?? 'Our team';
  const paragraphs = [
    'Hello,',
    `Thank you for contacting ${companyName}. We received your message. ${REPLY_PROMISE}`,
    ...(company ? [`If it is urgent, write to ${company.email} or call ${company.phone}.`] : []),
    'If you did not write to us, you can ignore this e-mail.',
    `— ${companyName}`,
  ];
  return {
    to,
    kind: 'contact-visitor',
    subject: VISITOR_CONFIRMATION_SUBJECT,
    text: textPage(paragraphs, []),
    html: htmlPage(paragraphs, []),
  };
}

/**
 * Whether the visitor gets a confirmation: within the limits per normalised recipient, per client address
 * and for the whole site (ADR 0033). Checked in that order, so a refused recipient spends nothing else.
 */
async function confirmationAllowed(trx: Kysely<DB>, alert: NewContactAlert): Promise<boolean> {
  if (!(await takeMailAllowance(trx, CONFIRMATIONS_PER_RECIPIENT, hashedSubject(normaliseMailAddress(alert.email))))) {
    return false;
  }
  if (alert.sender !== null && !(await takeMailAllowance(trx, CONFIRMATIONS_PER_SENDER, hashedSubject(alert.sender)))) {
    return false;
  }
  return takeMailAllowance(trx, CONFIRMATIONS_PER_SITE, 'site');
}

export function staffCommentMail(to: string, alert: NewCommentAlert, postUrl: string, adminUrl: string): MailMessage {
  const rows: Array<[string, string]> = [
    ['Post', alert.postTitle],
    ['Name', oneLine(alert.name)],
    ['Comment', alert.message],
    ['Post address', postUrl],
  ];
  const intro = alert.awaitingReview
    ? ['A visitor commented on a blog post. The comment waits for your review before visitors see it.']
    : ['A visitor commented on a blog post.'];
  return {
    to,
    kind: 'comment-staff',
    subject: oneLine(`${alert.awaitingReview ? 'Comment awaiting review' : 'New comment'} on "${alert.postTitle}"`),
    text: textPage(intro, rows, `Moderate comments in the admin: ${adminUrl}`),
    html: htmlPage(intro, rows, { href: adminUrl, label: 'Open the comments in the admin' }),
  };
}

export function createStaffAlerts(deps: {
  mailer: Mailer;
  activity: ActivityRecorder;
  publicUrl: string;
}): StaffAlerts {
  const { mailer, activity, publicUrl } = deps;

  async function notifyStaff(
    trx: Kysely<DB>,
    staffIds: number[],
    notification: { kind: NotificationKind; title: string; message: string; link: string },
  ) {
    const created_at = new Date().toISOString();
    await insertNotifications(
      trx,
      staffIds.map((user_id) => ({ user_id, type: 'info', ...notification, created_at })),
    );
    for (const id of staffIds) await pruneNotificationsOf(trx, id);
  }

  return {
    async newContact(trx, alert) {
      const staff = await listActiveStaff(trx);
      const link = contactAdminPath(alert.contactId);
      await notifyStaff(
        trx,
        staff.map((s) => s.id),
        {
          kind: 'contact',
          title: NEW_CONTACT_TITLE,
          message: `${oneLine(`${alert.firstName} ${alert.lastName}`)} — ${alert.service ?? GENERAL_ENQUIRY}`,
          link,
        },
      );
      const options = { contactId: alert.contactId };
      const recipients = staff.filter((s) => s.newContact);
      if (recipients.length > 0) {
        if (await takeMailAllowance(trx, SINGLE_STAFF_CONTACT_MAILS, 'site')) {
          for (const member of recipients) {
            await mailer.enqueue(trx, staffContactMail(member.email, alert, `${publicUrl}${link}`), options);
          }
        } else {
          await insertDigestItem(trx, alert.contactId, new Date().toISOString());
        }
      }
      if (await confirmationAllowed(trx, alert)) {
        await mailer.enqueue(trx, visitorConfirmationMail(alert.email, await findCompanyContact(trx)), options);
      }
      await activity.record(trx, {
        type: 'contact',
        action: NEW_CONTACT_ACTIVITY,
        item: oneLine(`${alert.firstName} ${alert.lastName}`),
        userId: null,
      });
    },
    async newComment(trx, alert) {
      const staff = await listActiveStaff(trx);
      const queue = alert.awaitingReview ? HELD_COMMENTS_ADMIN_PATH : COMMENTS_ADMIN_PATH;
      await notifyStaff(
        trx,
        staff.map((s) => s.id),
        {
          kind: 'comment',
          title: alert.awaitingReview ? HELD_COMMENT_TITLE : NEW_COMMENT_TITLE,
          message: `${oneLine(alert.name)} on “${alert.postTitle}”`,
          link: queue,
        },
      );
      const postUrl = `${publicUrl}/blog/${encodeURIComponent(alert.postSlug)}`;
      for (const member of staff.filter((s) => s.newComment)) {
        await mailer.enqueue(trx, staffCommentMail(member.email, alert, postUrl, `${publicUrl}${queue}`));
      }
      await activity.record(trx, {
        type: 'comment',
        action: alert.awaitingReview ? HELD_COMMENT_ACTIVITY : NEW_COMMENT_ACTIVITY,
        item: alert.postTitle,
        userId: null,
      });
    },
    async followUpDue(trx, alert) {
      const staff = await listActiveStaff(trx);
      const assignee = staff.find((member) => member.id === alert.assignedTo);
      await notifyStaff(trx, assignee ? [assignee.id] : staff.map((s) => s.id), {
        kind: 'contact',
        title: FOLLOW_UP_TITLE,
        message: `${oneLine(alert.name)}: the follow-up planned for ${format(parseISO(alert.on), 'MMM d, yyyy')}`,
        link: contactAdminPath(alert.contactId),
      });
    },
    flush() {
      mailer.flush();
    },
  };
}
