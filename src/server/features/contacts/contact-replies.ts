import type { Kysely } from 'kysely';
import { CONTACT_REPLY_MAX, ContactMessage } from '../../../shared/contracts/contacts.values';
import type { ContactReply } from '../../../shared/contracts/contacts';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import type { Mailer } from '../../jobs/mailer';
import { findContact, updateContacts } from './contacts.repository';

/*
 * Replies to a lead from the Contacts tab: written in the contact's detail view, sent by e-mail through the
 * outbox (from MAIL_FROM, the lead's message quoted under it), kept in contact_responses with the author and
 * the time, and a new contact moved to contacted. The reply and its mail are stored in one transaction:
 * a reply is never kept without its mail, nor mailed without being kept.
 */

/** The replies sent to a contact, oldest first. */
export async function listReplies(db: Kysely<DB>, contactId: number): Promise<ContactReply[]> {
  const rows = await db
    .selectFrom('contact_responses as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .select(['r.id', 'r.subject', 'r.body', 'r.created_at', 'u.username as author'])
    .where('r.contact_id', '=', contactId)
    .orderBy('r.id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    subject: row.subject ?? '',
    body: row.body,
    author: row.author ?? null,
    created_at: row.created_at,
  }));
}

/** The lead's message under the reply, each line marked as quoted, as mail programs do. */
function quoted(message: string, sentAt: string): string {
  const day = sentAt.slice(0, 10);
  return [`On ${day} you wrote:`, ...message.split(/\r?\n/).map((line) => `> ${line}`)].join('\n');
}

export interface ReplyAuthor {
  id: number;
  username: string;
}

/** Sends `message` to the contact by e-mail and keeps it; resolves with the address and how the mail left. */
export async function sendReply(
  db: Kysely<DB>,
  mailer: Mailer,
  contactId: number,
  message: string,
  author: ReplyAuthor,
): Promise<{ email: string; outboxId: number }> {
  const text = message.trim();
  const problem = !text
    ? ContactMessage.REPLY_EMPTY
    : [...text].length > CONTACT_REPLY_MAX
      ? ContactMessage.REPLY_TOO_LONG
      : null;
  if (problem) throw new AppError(400, ErrorCode.VALIDATION_ERROR, problem, [{ field: 'message', message: problem }]);

  const result = await writeTransaction(db, async (trx) => {
    const contact = await findContact(trx, contactId);
    if (!contact) throw notFound(ContactMessage.NOT_FOUND);
    const company = await trx.selectFrom('company_profile').select('name').orderBy('id').limit(1).executeTakeFirst();
    const companyName = company?.name ?? 'us';
    const now = new Date().toISOString();
    const subject = `Re: your message to ${companyName}`;
    await trx
      .insertInto('contact_responses')
      .values({ contact_id: contactId, channel: 'email', subject, body: text, author_id: author.id, created_at: now })
      .execute();
    await updateContacts(trx, [contactId], contact.status === 'new' ? { status: 'contacted' } : {}, now);
    const outboxId = await mailer.enqueue(
      trx,
      {
        to: contact.email,
        subject,
        kind: 'contact-reply',
        text: [
          `Hello ${contact.first_name},`,
          text,
          `— ${author.username}, ${companyName}`,
          quoted(contact.message, contact.created_at),
        ].join('\n\n'),
      },
      { contactId },
    );
    return { email: contact.email, outboxId };
  });
  mailer.flush();
  return result;
}
