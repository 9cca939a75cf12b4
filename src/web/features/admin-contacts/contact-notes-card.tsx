import { LoaderCircle } from '../../components/icons';
import { Plus } from '../../components/admin/icons';
import { useState, type FormEvent } from 'react';
import { CONTACT_NOTE_MAX, ContactMessage, type ContactDetail } from '../../../shared/contracts/contacts';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureNotice } from '../../components/notice';
import { Textarea } from '../../components/textarea';
import { useFormatDateTime } from '../../lib/date-time';
import { toast } from '../../lib/notifications';
import { addNote } from './contacts-admin-api';

/** A failed change: its catalogue title as a toast, with the server's reason when it says more. */
export function toastFailure(title: string, error: unknown) {
  const notice = failureNotice(title, error);
  toast.error(notice.detail ?? notice.title, notice.detail ? notice.title : undefined);
}

/** The append-only notes, oldest first, and for staff who may change contacts the "Add a note" box. */
export function NotesCard({
  contact,
  canEdit,
  onAdded,
}: {
  contact: ContactDetail;
  canEdit: boolean;
  onAdded: () => Promise<void>;
}) {
  const formatDateTime = useFormatDateTime();
  const [text, setText] = useState('');
  const [adding, setAdding] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const note = text.trim();
    // Whitespace-only notes are ignored.
    if (!note || adding) return;
    setAdding(true);
    try {
      await addNote(contact.id, note);
      toast.success(ContactMessage.NOTE_ADDED);
      setText('');
      await onAdded();
    } catch (error) {
      toastFailure(ContactMessage.NOTE_FAILED, error);
    } finally {
      setAdding(false);
    }
  }

  return (
    <Card padding="none">
      <section aria-labelledby="contact-notes" className="flex flex-col gap-4 p-5">
        <h3 id="contact-notes" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Notes ({contact.notes.length})
        </h3>
        {contact.notes.length === 0 ? (
          <p className="text-sm text-slate-500">No notes yet.</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label="Notes, oldest first">
            {contact.notes.map((note) => (
              <li
                key={note.id}
                className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
                data-note={note.id}
              >
                <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{note.text}</p>
                <p className="mt-1.5 text-xs text-slate-500">
                  {note.author ?? 'Unknown'} · <time dateTime={note.timestamp}>{formatDateTime(note.timestamp)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
        {canEdit && (
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
            <Textarea
              label="Add a note"
              name="note"
              rows={3}
              maxLength={CONTACT_NOTE_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="What was agreed, what happens next…"
            />
            <div>
              <Button type="submit" size="sm" disabled={adding || text.trim() === ''}>
                {adding ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
                Add Note
              </Button>
            </div>
          </form>
        )}
      </section>
    </Card>
  );
}
