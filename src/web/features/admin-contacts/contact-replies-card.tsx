import { LoaderCircle, Send } from '../../components/icons';
import { useState, type FormEvent } from 'react';
import { CONTACT_REPLY_MAX, ContactMessage, type ContactDetail } from '../../../shared/contracts/contacts';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Textarea } from '../../components/textarea';
import { useFormatDateTime } from '../../lib/date-time';
import { toast } from '../../lib/notifications';
import { toastFailure } from './contact-notes-card';
import { sendContactReply } from './contacts-admin-api';
import { EmailText } from '../../components/admin/email-text';

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
  const formatDateTime = useFormatDateTime();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    try {
      toast.success(await sendContactReply(contact.id, text));
      setText('');
      await onSent();
    } catch (error) {
      toastFailure(ContactMessage.REPLY_FAILED, error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Card padding="none">
      <section aria-labelledby="contact-replies" className="flex flex-col gap-4 p-5">
        <h3 id="contact-replies" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Replies ({contact.replies.length})
        </h3>
        {contact.replies.length === 0 ? (
          <p className="text-sm text-slate-500">No reply sent from here yet.</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Replies, oldest first">
            {contact.replies.map((reply) => (
              <li
                key={reply.id}
                className="rounded-lg border border-brand-100 bg-brand-50/40 px-4 py-3"
                data-reply={reply.id}
              >
                <p className="text-xs font-medium text-slate-600">{reply.subject}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{reply.body}</p>
                <p className="mt-1.5 text-xs text-slate-500">
                  {reply.author ?? 'Unknown'} ·{' '}
                  <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
        {canEdit && (
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" aria-label="Write a reply">
            <Textarea
              label="Reply by e-mail"
              name="reply"
              rows={5}
              maxLength={CONTACT_REPLY_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              hint={
                <>
                  To <EmailText email={contact.email} />, with their message quoted under yours.
                </>
              }
            />
            <div>
              <Button type="submit" size="sm" disabled={sending || text.trim() === ''}>
                {sending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                Send Reply
              </Button>
            </div>
          </form>
        )}
      </section>
    </Card>
  );
}
