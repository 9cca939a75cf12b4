import type { Insertable } from 'kysely';
import { beforeAll, beforeEach, expect } from 'vitest';
import { contactListDataSchema } from '../../../shared/contracts/contacts';
import type { DialectName } from '../../db/database';
import { insertReturningId } from '../../db/insert-id';
import type { ContactsTable } from '../../db/schema';
import { bearer, createStaff, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Every staff call, with a body a writer could send. `:id` is replaced by a contact id. */
export const STAFF_READS: [Method, string, object?][] = [
  ['GET', '/api/contacts/admin'],
  ['GET', '/api/contacts/:id'],
  ['GET', '/api/contacts/admin/stats'],
  ['GET', '/api/contacts/admin/recent'],
  ['GET', '/api/contacts/admin/export'],
  ['GET', '/api/contacts/admin/analytics'],
  ['GET', '/api/contacts/admin/assignees'],
  ['POST', '/api/contacts/admin/search', {}],
];
export const STAFF_WRITES: [Method, string, object?][] = [
  ['PATCH', '/api/contacts/:id/status', { status: 'contacted' }],
  ['PATCH', '/api/contacts/:id/priority', { priority: 'high' }],
  ['PATCH', '/api/contacts/:id/notes', { note: 'A note' }],
  ['PATCH', '/api/contacts/:id', { status: 'qualified' }],
  ['PATCH', '/api/contacts/admin/bulk', { operation: 'read', contactIds: [1] }],
  ['PATCH', '/api/contacts/admin/:id/read'],
  ['PATCH', '/api/contacts/admin/:id/unread'],
  ['PATCH', '/api/contacts/admin/:id/priority', { priority: 'low' }],
  ['PATCH', '/api/contacts/admin/:id/assign', { assignedTo: null }],
  ['DELETE', '/api/contacts/:id'],
];

/**
 * The app of the staff contact tests on a fresh, unseeded database, its three staff sessions, and the calls
 * they share. Contacts and notes are emptied before each test.
 */
export function useContactAdminCalls(dialect: DialectName) {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  const staff = {} as { viewer: Session; editor: Session; admin: Session };

  beforeAll(async () => {
    Object.assign(staff, await createStaff(t.app, db()));
  });
  beforeEach(async () => {
    await db().deleteFrom('contact_notes').execute();
    await db().deleteFrom('contacts').execute();
  });

  let sequence = 0;
  /** A contact stored straight in the database, one minute after the previous one unless told. */
  async function addContact(values: Partial<Insertable<ContactsTable>> = {}): Promise<number> {
    sequence += 1;
    const created = values.created_at ?? new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString();
    return insertReturningId(db(), 'contacts', {
      first_name: `First${sequence}`,
      last_name: `Last${sequence}`,
      email: `person${sequence}@example.com`,
      phone: null,
      service: null,
      message: `Message number ${sequence}`,
      created_at: created,
      updated_at: created,
      ...values,
    });
  }
  const contactRow = (id: number) => db().selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();

  const call = (method: Method, url: string, payload?: object, session: Session | null = staff.editor) =>
    t.app.inject({ method, url, payload, headers: session ? bearer(session.token) : {} });
  const list = async (query = '', session: Session = staff.viewer) => {
    const res = await call('GET', `/api/contacts/admin${query}`, undefined, session);
    expect(res.statusCode, res.body).toBe(200);
    return contactListDataSchema.parse(res.json().data);
  };
  const listIds = async (query = '') => (await list(query)).contacts.map((c) => c.id);

  /** The number the last contact added carries in its names and message. */
  const lastSequence = () => sequence;

  return { db, staff, addContact, contactRow, call, list, listIds, lastSequence };
}
