import {
  contactAssigneeSchema,
  contactBulkDataSchema,
  contactDetailSchema,
  contactListDataSchema,
  type ContactAssignee,
  type ContactBulkRequest,
  type ContactDetail,
  type ContactListData,
  type ContactPriority,
  type ContactStatus,
} from '../../../shared/contracts/contacts';
import { z } from '../../../shared/zod';
import { api } from '../../lib/api-client';
import { invalidAnswer, parseAnswer } from '../../components/admin/parse-answer';
import { broadcastDataUpdate } from '../../lib/data-update';
import { contactFilterParams, contactListParams, type ContactsQuery } from './contacts-query';

/**
 * The Contacts tab's calls. Every write tells the other screens and tabs through the 'contacts'
 * data-update event. Answers are checked against the contract.
 */

/** A write: its answer's message (the catalogue's, filled in by the server), then the data-update. */
async function write(call: Promise<{ data: unknown; message?: string }>): Promise<{ data: unknown; message?: string }> {
  const body = await call;
  broadcastDataUpdate('contacts');
  return body;
}

export async function fetchContacts(query: ContactsQuery): Promise<ContactListData> {
  const body = await api.get('/contacts/admin', contactListParams(query));
  return parseAnswer(contactListDataSchema, body.data);
}

export async function fetchContact(id: number): Promise<ContactDetail> {
  const body = await api.get(`/contacts/${id}`);
  return parseAnswer(contactDetailSchema, body.data);
}

const assigneesSchema = z.union([
  z.array(contactAssigneeSchema),
  z.object({ assignees: z.array(contactAssigneeSchema) }).transform((data) => data.assignees),
]);

export async function fetchAssignees(): Promise<ContactAssignee[]> {
  const body = await api.get('/contacts/admin/assignees');
  return parseAnswer(assigneesSchema, body.data);
}

/** The CSV of every contact matching the filters, fetched with the bearer token (never put in a URL). */
export async function fetchContactsCsv(query: ContactsQuery): Promise<string> {
  const body = await api.get(
    '/contacts/admin/export',
    { ...contactFilterParams(query), format: 'csv' },
    { responseType: 'text', headers: { Accept: 'text/csv' } },
  );
  if (typeof body.data !== 'string') {
    throw invalidAnswer();
  }
  return body.data;
}

export function updateStatus(id: number, status: ContactStatus) {
  return write(api.patch(`/contacts/${id}/status`, { status }));
}

export function updatePriority(id: number, priority: ContactPriority) {
  return write(api.patch(`/contacts/${id}/priority`, { priority }));
}

export function addNote(id: number, note: string) {
  return write(api.patch(`/contacts/${id}/notes`, { note }));
}

export function assignContact(id: number, assignedTo: number | null) {
  return write(api.patch(`/contacts/admin/${id}/assign`, { assignedTo }));
}

export function setContactRead(id: number, read: boolean) {
  return write(api.patch(`/contacts/admin/${id}/${read ? 'read' : 'unread'}`));
}

export function deleteContact(id: number) {
  return write(api.delete(`/contacts/${id}`));
}

/** PATCH /contacts/admin/bulk: answers how many contacts changed. */
export async function bulkContacts(request: ContactBulkRequest): Promise<{ affected: number; message?: string }> {
  const body = await write(api.patch('/contacts/admin/bulk', request));
  return { ...parseAnswer(contactBulkDataSchema, body.data), message: body.message };
}

/** Replies to the contact by e-mail; resolves with the server's message (sent, or written to the log). */
export async function sendContactReply(id: number, message: string): Promise<string> {
  const body = await write(api.post(`/contacts/${id}/replies`, { message }));
  return body.message ?? '';
}

/** The day to follow the contact up (YYYY-MM-DD), or null to take the reminder off (ADR 0047). */
export async function setFollowUp(id: number, on: string | null): Promise<{ message?: string }> {
  return write(api.put(`/contacts/${id}/follow-up`, { on }));
}
