import type { Kysely } from 'kysely';
import { ContactMessage } from '../../../shared/contracts/contacts.values';
import type { DB, NotificationKind } from '../../db/schema';
import type { ActivityRecorder } from '../../plugins/activity-log';
import { escapeHtml, type Mailer, type MailMessage } from '../../plugins/mailer';
import type { NewCommentAlert, NewContactAlert, StaffAlerts } from '../../plugins/staff-alerts';
import {
  findCompanyContact,
  insertNotifications,
  listActiveStaff,
  pruneNotificationsOf,
} from './notifications.repository';

/*
 * What staff are told about a new contact request or blog comment (ADR 0013): a notification for every
 * active staff member, a mail to each whose preference is on, and for a contact the visitor's
 * confirmation. All of it is written inside the caller's transaction (notifications and outbox rows),
 * so it is stored with the item or not at all; the outbox worker sends after flush().
 */

export const GENERAL_ENQUIRY = 'General enquiry';
export const NEW_CONTACT_TITLE = 'New contact request';
export const NEW_COMMENT_TITLE = 'New blog comment';
/** The recent activity's actions for a visitor's contact request and comment. */
export const NEW_CONTACT_ACTIVITY = 'New contact request';
export const NEW_COMMENT_ACTIVITY = 'New comment';
export const VISITOR_CONFIRMATION_SUBJECT = 'We received your message';
/** The wording of the public banner after "Message sent successfully! ": the promise the mail repeats. */
const REPLY_PROMISE = ContactMessage.BANNER_SENT.replace(/^Message sent successfully! /, '');

export const contactAdminPath = (id: number) => `/admin/contacts?contact=${id}`;
export const COMMENTS_ADMIN_PATH = '/admin/blog/comments';

/** Header text on one line: a visitor's name must not fold a subject. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function htmlPage(paragraphs: string[], rows: Array<[string, string]>, link?: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const table = rows.length
    ? `<table cellpadding="4" style="border-collapse: collapse">\n${rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space: pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join('\n')}\n</table>`
    : '';
  const anchor = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
${body}
${table}
${anchor}
</body></html>`;
}

function textPage(paragraphs: string[], rows: Array<[string, string]>, link?: string) {
  const lines = rows.map(([label, value]) => `${label}: ${value}`);
  return [...paragraphs, ...(lines.length ? [lines.join('\n')] : []), ...(link ? [link] : [])].join('\n\n') + '\n';
}

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
 * The visitor's confirmation: only their first name comes from the request, so that the form cannot be
 * used to send someone else a message of the sender's choosing.
 */
export function visitorConfirmationMail(
  alert: NewContactAlert,
  company: { name: string; email: string; phone: string } | undefined,
): MailMessage {
  const firstName = oneLine(alert.firstName);
  const companyName = company?.name ?? 'Our team';
  const paragraphs = [
    `Hello ${firstName},`,
    `Thank you for contacting ${companyName}. We received your message. ${REPLY_PROMISE}`,
    ...(company ? [`If it is urgent, write to ${company.email} or call ${company.phone}.`] : []),
    `— ${companyName}`,
  ];
  return {
    to: alert.email,
    kind: 'contact-visitor',
    subject: VISITOR_CONFIRMATION_SUBJECT,
    text: textPage(paragraphs, []),
    html: htmlPage(paragraphs, []),
  };
}

export function staffCommentMail(to: string, alert: NewCommentAlert, postUrl: string, adminUrl: string): MailMessage {
  const rows: Array<[string, string]> = [
    ['Post', alert.postTitle],
    ['Name', oneLine(alert.name)],
    ['Comment', alert.message],
    ['Post address', postUrl],
  ];
  const intro = ['A visitor commented on a blog post.'];
  return {
    to,
    kind: 'comment-staff',
    subject: oneLine(`New comment on "${alert.postTitle}"`),
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
      for (const member of staff.filter((s) => s.newContact)) {
        await mailer.enqueue(trx, staffContactMail(member.email, alert, `${publicUrl}${link}`), options);
      }
      if (alert.confirmVisitor) {
        await mailer.enqueue(trx, visitorConfirmationMail(alert, await findCompanyContact(trx)), options);
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
      await notifyStaff(
        trx,
        staff.map((s) => s.id),
        {
          kind: 'comment',
          title: NEW_COMMENT_TITLE,
          message: `${oneLine(alert.name)} on “${alert.postTitle}”`,
          link: COMMENTS_ADMIN_PATH,
        },
      );
      const postUrl = `${publicUrl}/blog/${encodeURIComponent(alert.postSlug)}`;
      for (const member of staff.filter((s) => s.newComment)) {
        await mailer.enqueue(trx, staffCommentMail(member.email, alert, postUrl, `${publicUrl}${COMMENTS_ADMIN_PATH}`));
      }
      await activity.record(trx, {
        type: 'comment',
        action: NEW_COMMENT_ACTIVITY,
        item: alert.postTitle,
        userId: null,
      });
    },
    flush() {
      mailer.flush();
    },
  };
}
