import type { Kysely } from 'kysely';
import type {
  ContactBulkRequest,
  ContactPatchRequest,
  ContactPriority,
  ContactStatus,
} from '../../../shared/contracts/contacts';
import { CONTACT_NOTE_MAX, ContactMessage, contactName } from '../../../shared/contracts/contacts.values';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import {
  contactExists,
  deleteContacts,
  findActiveUser,
  findContactName,
  insertNote,
  markContactsRead,
  updateContacts,
  type ContactChanges,
} from './contacts.repository';

/* Staff changes to contacts: status, priority, notes, assignment, read state, removal and bulk actions. */

async function changeOne(db: Kysely<DB>, id: number, changes: ContactChanges): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const updated = await updateContacts(trx, [id], changes, new Date().toISOString());
    if (updated === 0) throw notFound(ContactMessage.NOT_FOUND);
  });
}

/** Sets the status; a non-blank `notes` is appended as a note in the same transaction. */
export async function setStatus(
  db: Kysely<DB>,
  id: number,
  status: ContactStatus,
  notes: string | undefined,
  authorId: number,
): Promise<void> {
  const text = notes?.trim();
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    if ((await updateContacts(trx, [id], { status }, now)) === 0) throw notFound(ContactMessage.NOT_FOUND);
    if (text) await insertNote(trx, { contact_id: id, text, author_id: authorId, created_at: now });
  });
}

export async function setPriority(db: Kysely<DB>, id: number, priority: ContactPriority): Promise<void> {
  await changeOne(db, id, { priority });
}

/** Appends a note (trimmed; blank is refused). Notes are never edited or removed. */
export async function addNote(db: Kysely<DB>, id: number, note: string, authorId: number): Promise<void> {
  const text = note.trim();
  if (!text) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.NOTE_EMPTY, [
      { field: 'note', message: ContactMessage.NOTE_EMPTY },
    ]);
  }
  if ([...text].length > CONTACT_NOTE_MAX) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.NOTE_TOO_LONG, [
      { field: 'note', message: ContactMessage.NOTE_TOO_LONG },
    ]);
  }
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    // Touches updated_at and proves the contact exists before the note refers to it.
    if ((await updateContacts(trx, [id], {}, now)) === 0) throw notFound(ContactMessage.NOT_FOUND);
    await insertNote(trx, { contact_id: id, text, author_id: authorId, created_at: now });
  });
}

async function checkAssignee(db: Kysely<DB>, assignedTo: number | null | undefined): Promise<void> {
  if (assignedTo === null || assignedTo === undefined) return;
  if (!(await findActiveUser(db, assignedTo))) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.ASSIGNEE_NOT_FOUND, [
      { field: 'assignedTo', message: ContactMessage.ASSIGNEE_NOT_FOUND },
    ]);
  }
}

export async function assignContact(db: Kysely<DB>, id: number, assignedTo: number | null): Promise<void> {
  await checkAssignee(db, assignedTo);
  await changeOne(db, id, { assigned_to: assignedTo });
}

export async function setRead(db: Kysely<DB>, id: number, read: boolean): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const found = read
      ? await markContactsRead(trx, [id], now)
      : await updateContacts(trx, [id], { read_at: null }, now);
    if (found === 0) throw notFound(ContactMessage.NOT_FOUND);
  });
}

/** PATCH /contacts/{id}: any of status, priority, assignedTo, read; nothing given is a 400. */
export async function patchContact(db: Kysely<DB>, id: number, patch: ContactPatchRequest): Promise<void> {
  const changes: ContactChanges = {};
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.priority !== undefined) changes.priority = patch.priority;
  if (patch.assignedTo !== undefined) changes.assigned_to = patch.assignedTo;
  if (Object.keys(changes).length === 0 && patch.read === undefined) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.NOTHING_TO_UPDATE);
  }
  await checkAssignee(db, patch.assignedTo);
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    if (!(await contactExists(trx, id))) throw notFound(ContactMessage.NOT_FOUND);
    if (Object.keys(changes).length > 0) await updateContacts(trx, [id], changes, now);
    if (patch.read === true) await markContactsRead(trx, [id], now);
    if (patch.read === false) await updateContacts(trx, [id], { read_at: null }, now);
  });
}

/** "First Last", for the recent activity; null when there is no such contact. */
export async function contactNameOf(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await findContactName(db, id);
  return row ? contactName(row) : null;
}

export async function removeContact(db: Kysely<DB>, id: number): Promise<void> {
  const deleted = await writeTransaction(db, (trx) => deleteContacts(trx, [id]));
  if (deleted === 0) throw notFound(ContactMessage.NOT_FOUND);
}

/** A bulk action over the given ids (missing ones skipped); answers how many contacts it touched. */
export async function bulkAction(db: Kysely<DB>, request: ContactBulkRequest): Promise<number> {
  const { operation, contactIds } = request;
  const fieldError = (field: string, message: string) =>
    new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
  if (operation === 'status' && !request.status) throw fieldError('status', ContactMessage.BULK_STATUS_REQUIRED);
  if (operation === 'priority' && !request.priority) {
    throw fieldError('priority', ContactMessage.BULK_PRIORITY_REQUIRED);
  }
  return writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    switch (operation) {
      case 'delete':
        return deleteContacts(trx, contactIds);
      case 'status':
        return updateContacts(trx, contactIds, { status: request.status }, now);
      case 'priority':
        return updateContacts(trx, contactIds, { priority: request.priority }, now);
      case 'read':
        return markContactsRead(trx, contactIds, now);
      case 'unread':
        return updateContacts(trx, contactIds, { read_at: null }, now);
    }
  });
}
