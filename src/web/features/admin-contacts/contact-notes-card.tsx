import { Plus } from '../../components/admin/icons';
import type { ContactDetail } from '../../../shared/contracts/contacts';
import { CONTACT_NOTE_MAX, ContactMessage } from '../../../shared/contracts/contacts.values';
import { ContactLogCard, LogEntryByline } from './contact-log-card';
import { addNote } from './contacts-admin-api';

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
  return (
    <ContactLogCard
      id="contact-notes"
      title="Notes"
      count={contact.notes.length}
      empty="No notes yet."
      listLabel="Notes, oldest first"
      composer={
        canEdit
          ? {
              label: 'Add a note',
              name: 'note',
              rows: 3,
              maxLength: CONTACT_NOTE_MAX,
              placeholder: 'What was agreed, what happens next…',
              icon: <Plus aria-hidden="true" />,
              submitLabel: 'Add Note',
              send: async (text) => {
                await addNote(contact.id, text.trim());
                return ContactMessage.NOTE_ADDED;
              },
              failed: ContactMessage.NOTE_FAILED,
              onSent: onAdded,
            }
          : null
      }
    >
      {contact.notes.map((note) => (
        <li key={note.id} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-note={note.id}>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{note.text}</p>
          <LogEntryByline author={note.author} at={note.timestamp} />
        </li>
      ))}
    </ContactLogCard>
  );
}
