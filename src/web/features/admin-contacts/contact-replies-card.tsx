import { Send } from '../../components/icons';
import type { ContactDetail } from '../../../shared/contracts/contacts';
import { CONTACT_REPLY_MAX, ContactMessage } from '../../../shared/contracts/contacts.values';
import { EmailText } from '../../components/admin/email-text';
import { ContactLogCard, LogEntryByline } from './contact-log-card';
import { sendContactReply } from './contacts-admin-api';

/**
 * The replies sent to the lead by e-mail, oldest first, and for staff who may change contacts a box to
 * write one: it goes from the site's address with the lead's message quoted under it, and a new contact
 * becomes Contacted.
 */
export function RepliesCard({
  contact,
  canEdit,
  onSent,
}: {
  contact: ContactDetail;
  canEdit: boolean;
  onSent: () => Promise<void>;
}) {
  return (
    <ContactLogCard
      id="contact-replies"
      title="Replies"
      count={contact.replies.length}
      empty="No reply sent from here yet."
      listLabel="Replies, oldest first"
      composer={
        canEdit
          ? {
              formLabel: 'Write a reply',
              label: 'Reply by e-mail',
              name: 'reply',
              rows: 5,
              maxLength: CONTACT_REPLY_MAX,
              hint: (
                <>
                  To <EmailText email={contact.email} />, with their message quoted under yours.
                </>
              ),
              icon: <Send aria-hidden="true" />,
              submitLabel: 'Send Reply',
              send: (text) => sendContactReply(contact.id, text),
              failed: ContactMessage.REPLY_FAILED,
              onSent,
            }
          : null
      }
    >
      {contact.replies.map((reply) => (
        <li
          key={reply.id}
          className="rounded-lg border border-brand-100 bg-brand-50/40 px-4 py-3"
          data-reply={reply.id}
        >
          <p className="text-xs font-medium text-slate-600">{reply.subject}</p>
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{reply.body}</p>
          <LogEntryByline author={reply.author} at={reply.created_at} />
        </li>
      ))}
    </ContactLogCard>
  );
}
