import type { Insertable } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACTS_BULK_MAX,
  contactAnalyticsSchema,
  contactCsvColumns,
  contactDetailSchema,
  contactListDataSchema,
  ContactMessage,
  contactPriorities,
  contactStatsSchema,
  contactStatuses,
  contactSummarySchema,
} from '../../../shared/contracts/contacts';
import { ErrorCode, ErrorMessage } from '../../../shared/errors';
import { insertReturningId } from '../../db/insert-id';
import type { ContactsTable } from '../../db/schema';
import { bearer, createStaff, createUser, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { countRows, testDialects } from '../../testing/test-database';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Every staff call, with a body a writer could send. `:id` is replaced by a contact id. */
const STAFF_READS: [Method, string, object?][] = [
  ['GET', '/api/contacts/admin'],
  ['GET', '/api/contacts/:id'],
  ['GET', '/api/contacts/admin/stats'],
  ['GET', '/api/contacts/admin/recent'],
  ['GET', '/api/contacts/admin/export'],
  ['GET', '/api/contacts/admin/analytics'],
  ['GET', '/api/contacts/admin/assignees'],
  ['POST', '/api/contacts/admin/search', {}],
];
const STAFF_WRITES: [Method, string, object?][] = [
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

describe.each(testDialects)('the staff contact calls on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  let viewer: Session;
  let editor: Session;
  let admin: Session;

  beforeAll(async () => {
    ({ viewer, editor, admin } = await createStaff(t.app, db()));
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

  const call = (method: Method, url: string, payload?: object, session: Session | null = editor) =>
    t.app.inject({ method, url, payload, headers: session ? bearer(session.token) : {} });
  const list = async (query = '', session: Session = viewer) => {
    const res = await call('GET', `/api/contacts/admin${query}`, undefined, session);
    expect(res.statusCode, res.body).toBe(200);
    return contactListDataSchema.parse(res.json().data);
  };
  const listIds = async (query = '') => (await list(query)).contacts.map((c) => c.id);

  describe('GET /api/contacts/admin', () => {
    it('lists newest first, ten a page, with both page counts', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 12; i += 1) ids.push(await addContact());
      const first = await list();
      expect(first.contacts.map((c) => c.id)).toEqual(ids.slice(2).reverse());
      expect(first.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2, totalPages: 2 });
      const second = await list('?page=2');
      expect(second.contacts.map((c) => c.id)).toEqual(ids.slice(0, 2).reverse());
      expect(await listIds('?page=3')).toEqual([]);
      expect((await list('?limit=5&page=3')).pagination).toEqual({
        page: 3,
        limit: 5,
        total: 12,
        pages: 3,
        totalPages: 3,
      });
    });

    it('answers each contact as the contract describes it', async () => {
      const user = await createUser(db(), { role: 'editor' });
      const id = await addContact({
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane@example.com',
        phone: '555 0100',
        service: 'Web',
        message: 'Hello there',
        status: 'qualified',
        priority: 'urgent',
        assigned_to: user.id,
        read_at: '2026-02-01T10:00:00.000Z',
        error_message: 'Email notification failed',
      });
      await db()
        .insertInto('contact_notes')
        .values(
          [1, 2].map((n) => ({ contact_id: id, text: `n${n}`, author_id: null, created_at: new Date().toISOString() })),
        )
        .execute();
      const [contact] = (await list()).contacts;
      expect(contactSummarySchema.parse(contact)).toEqual({
        id,
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane@example.com',
        phone: '555 0100',
        service: 'Web',
        message: 'Hello there',
        source: 'website',
        status: 'qualified',
        priority: 'urgent',
        error_message: 'Email notification failed',
        assignedTo: { id: user.id, username: user.username },
        read: true,
        read_at: '2026-02-01T10:00:00.000Z',
        follow_up_on: null,
        notes_count: 2,
        created_at: contact!.created_at,
        updated_at: contact!.updated_at,
      });
    });

    it('searches names, e-mail, phone, service and message, case-insensitively, wildcards literal', async () => {
      const a = await addContact({ first_name: 'Zelda' });
      const b = await addContact({ last_name: 'Zimmermann' });
      const c = await addContact({ email: 'zz.top@example.org' });
      const d = await addContact({ phone: '+1 999 777 333' });
      const e = await addContact({ service: 'Zeppelin Repair' });
      const f = await addContact({ message: 'Budget is 100% flexible' });
      expect(await listIds('?search=zelda')).toEqual([a]);
      expect(await listIds('?search=ZIMMER')).toEqual([b]);
      expect(await listIds('?search=example.org')).toEqual([c]);
      expect(await listIds('?search=777')).toEqual([d]);
      expect(await listIds('?search=zeppelin')).toEqual([e]);
      expect(await listIds(`?search=${encodeURIComponent('100%')}`)).toEqual([f]);
      expect(await listIds(`?search=${encodeURIComponent('0%f')}`)).toEqual([]);
      expect(await listIds('?search=%20%20')).toHaveLength(6);
    });

    it('filters by status, priority, read state, assignee and date (inclusive, UTC)', async () => {
      const me = viewer.user.id;
      const other = await createUser(db(), { role: 'editor' });
      const a = await addContact({ status: 'contacted', priority: 'high', created_at: '2026-03-01T00:00:00.000Z' });
      const b = await addContact({
        status: 'contacted',
        read_at: '2026-03-03T00:00:00.000Z',
        assigned_to: me,
        created_at: '2026-03-02T23:59:59.999Z',
      });
      const c = await addContact({ priority: 'high', assigned_to: other.id, created_at: '2026-03-03T00:00:00.000Z' });
      expect(await listIds('?status=contacted')).toEqual([b, a]);
      expect(await listIds('?status=all')).toEqual([c, b, a]);
      expect(await listIds('?priority=high')).toEqual([c, a]);
      expect(await listIds('?status=contacted&priority=high')).toEqual([a]);
      expect(await listIds('?read=read')).toEqual([b]);
      expect(await listIds('?read=unread')).toEqual([c, a]);
      expect(await listIds('?assignedTo=me')).toEqual([b]);
      expect(await listIds('?assignedTo=none')).toEqual([a]);
      expect(await listIds(`?assignedTo=${other.id}`)).toEqual([c]);
      expect(await listIds('?dateFrom=2026-03-02')).toEqual([c, b]);
      expect(await listIds('?dateTo=2026-03-02')).toEqual([b, a]);
      expect(await listIds('?dateFrom=2026-03-02&dateTo=2026-03-02')).toEqual([b]);
    });

    it('sorts by the field asked, in either direction (priority by urgency)', async () => {
      const low = await addContact({ priority: 'low', last_name: 'Brown' });
      const urgent = await addContact({ priority: 'urgent', last_name: 'Adams' });
      const medium = await addContact({ priority: 'medium', last_name: 'Clark' });
      expect(await listIds('?sortBy=created_at&sortOrder=asc')).toEqual([low, urgent, medium]);
      expect(await listIds('?sortBy=last_name&sort=asc')).toEqual([urgent, low, medium]);
      expect(await listIds('?sortBy=last_name&sortOrder=desc')).toEqual([medium, low, urgent]);
      expect(await listIds('?sortBy=priority&sortOrder=desc')).toEqual([urgent, medium, low]);
      expect(await listIds('?sortBy=priority&sortOrder=asc')).toEqual([low, medium, urgent]);
    });

    it.each([
      'status=open',
      'priority=critical',
      'read=maybe',
      'assignedTo=someone',
      'assignedTo=0',
      'dateFrom=2026-13-01',
      'dateTo=yesterday',
      'sortBy=message',
      'sort=up',
      'limit=101',
      'page=0',
      'page=99999999999',
    ])('refuses ?%s with 400', async (query) => {
      const res = await call('GET', `/api/contacts/admin?${query}`, undefined, viewer);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: ErrorCode.VALIDATION_ERROR });
    });

    it('POST /api/contacts/admin/search answers what the list answers for the same query', async () => {
      await addContact({ status: 'closed', message: 'Find me please' });
      await addContact({ status: 'closed' });
      await addContact({ message: 'Find me too' });
      const res = await call(
        'POST',
        '/api/contacts/admin/search',
        { search: 'find me', status: 'closed', limit: 5 },
        viewer,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(await list('?search=find%20me&status=closed&limit=5'));
      expect(res.json().data.contacts).toHaveLength(1);
      expect((await call('POST', '/api/contacts/admin/search', { status: 'nope' }, viewer)).statusCode).toBe(400);
    });
  });

  describe('GET /api/contacts/:id', () => {
    it('answers the contact with its notes, oldest first, and does not mark it read', async () => {
      const id = await addContact({ first_name: 'Nora' });
      await call('PATCH', `/api/contacts/${id}/notes`, { note: 'First call' });
      await call('PATCH', `/api/contacts/${id}/notes`, { note: 'Second call' }, admin);
      const res = await call('GET', `/api/contacts/${id}`, undefined, viewer);
      expect(res.statusCode, res.body).toBe(200);
      const detail = contactDetailSchema.parse(res.json().data);
      expect(detail).toMatchObject({ id, first_name: 'Nora', read: false, read_at: null, notes_count: 2 });
      expect(detail.notes.map((n) => [n.text, n.author])).toEqual([
        ['First call', editor.user.username],
        ['Second call', admin.user.username],
      ]);
      expect(Date.parse(detail.notes[0]!.timestamp)).toBeLessThanOrEqual(Date.parse(detail.notes[1]!.timestamp));
      expect((await contactRow(id))!.read_at).toBeNull();
    });

    it('answers 404 with the catalogue message for an unknown id, 400 for a bad one', async () => {
      const res = await call('GET', '/api/contacts/987654', undefined, viewer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: ErrorCode.NOT_FOUND, message: ContactMessage.NOT_FOUND });
      expect((await call('GET', '/api/contacts/abc', undefined, viewer)).statusCode).toBe(400);
      expect((await call('GET', '/api/contacts/3000000000', undefined, viewer)).statusCode).toBe(400);
    });
  });

  describe('changing one contact', () => {
    it.each(contactStatuses)('PATCH /:id/status accepts %s and moves updated_at', async (status) => {
      const id = await addContact({ status: status === 'new' ? 'closed' : 'new' });
      const before = await contactRow(id);
      const res = await call('PATCH', `/api/contacts/${id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null, message: ContactMessage.STATUS_UPDATED });
      const after = await contactRow(id);
      expect(after!.status).toBe(status);
      expect(after!.updated_at > before!.updated_at).toBe(true);
      expect(await countRows(db(), 'contact_notes')).toBe(0);
    });

    it('PATCH /:id/status appends its notes (trimmed) as a note, ignoring blank ones', async () => {
      const id = await addContact();
      await call('PATCH', `/api/contacts/${id}/status`, { status: 'contacted', notes: '  Left a voicemail ' });
      await call('PATCH', `/api/contacts/${id}/status`, { status: 'qualified', notes: '   ' });
      const notes = await db().selectFrom('contact_notes').selectAll().where('contact_id', '=', id).execute();
      expect(notes.map((n) => [n.text, n.author_id])).toEqual([['Left a voicemail', editor.user.id]]);
      expect((await contactRow(id))!.status).toBe('qualified');
    });

    it.each(['open', 'NEW', '', null, 3])('PATCH /:id/status refuses %j with 400', async (status) => {
      const id = await addContact();
      const res = await call('PATCH', `/api/contacts/${id}/status`, { status });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: ErrorCode.VALIDATION_ERROR });
      expect((await contactRow(id))!.status).toBe('new');
    });

    it.each(contactPriorities)('both priority calls accept %s and say so', async (priority) => {
      for (const path of ['/api/contacts/:id/priority', '/api/contacts/admin/:id/priority']) {
        const id = await addContact({ priority: priority === 'low' ? 'high' : 'low' });
        const res = await call('PATCH', path.replace(':id', String(id)), { priority });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe(ContactMessage.PRIORITY_UPDATED.replace('{priority}', priority));
        expect((await contactRow(id))!.priority).toBe(priority);
      }
    });

    it('refuses an unknown priority with 400 on both calls', async () => {
      const id = await addContact();
      for (const path of [`/api/contacts/${id}/priority`, `/api/contacts/admin/${id}/priority`]) {
        expect((await call('PATCH', path, { priority: 'critical' })).statusCode).toBe(400);
      }
      expect((await contactRow(id))!.priority).toBe('medium');
    });

    it('PATCH /:id/notes appends notes; blank or too long ones are refused; none is ever edited or removed', async () => {
      const id = await addContact();
      const ok = await call('PATCH', `/api/contacts/${id}/notes`, { note: '  Sent the quote, with prices.  ' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ success: true, data: null, message: ContactMessage.NOTE_ADDED });
      const blank = await call('PATCH', `/api/contacts/${id}/notes`, { note: ' \n\t ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({
        success: false,
        code: ErrorCode.VALIDATION_ERROR,
        message: ContactMessage.NOTE_EMPTY,
        errors: [{ field: 'note', message: ContactMessage.NOTE_EMPTY }],
      });
      const long = await call('PATCH', `/api/contacts/${id}/notes`, { note: 'x'.repeat(5001) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(ContactMessage.NOTE_TOO_LONG);
      expect((await call('PATCH', `/api/contacts/${id}/notes`, {})).statusCode).toBe(400);
      await call('PATCH', `/api/contacts/${id}/notes`, { note: 'Second' });
      const [note] = await db().selectFrom('contact_notes').select('id').where('contact_id', '=', id).execute();
      for (const [method, url] of [
        ['PUT', `/api/contacts/${id}/notes`],
        ['DELETE', `/api/contacts/${id}/notes`],
        ['PATCH', `/api/contacts/${id}/notes/${note!.id}`],
        ['DELETE', `/api/contacts/${id}/notes/${note!.id}`],
      ] as const) {
        expect((await call(method as Method, url, { note: 'changed' }, admin)).statusCode, `${method} ${url}`).toBe(
          404,
        );
      }
      const detail = (await call('GET', `/api/contacts/${id}`, undefined, viewer)).json().data;
      expect(detail.notes.map((n: { text: string }) => n.text)).toEqual(['Sent the quote, with prices.', 'Second']);
    });

    it('PATCH /:id changes status, priority, assignee and read state; nothing given is 400', async () => {
      const id = await addContact();
      const res = await call('PATCH', `/api/contacts/${id}`, {
        status: 'in_progress',
        priority: 'urgent',
        assignedTo: admin.user.id,
        read: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null, message: ContactMessage.UPDATED });
      const row = await contactRow(id);
      expect(row).toMatchObject({ status: 'in_progress', priority: 'urgent', assigned_to: admin.user.id });
      expect(row!.read_at).not.toBeNull();
      await call('PATCH', `/api/contacts/${id}`, { read: false, assignedTo: null });
      expect(await contactRow(id)).toMatchObject({ read_at: null, assigned_to: null, status: 'in_progress' });
      const empty = await call('PATCH', `/api/contacts/${id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        code: ErrorCode.VALIDATION_ERROR,
        message: ContactMessage.NOTHING_TO_UPDATE,
      });
      expect((await call('PATCH', `/api/contacts/${id}`, { status: 'open' })).statusCode).toBe(400);
      // What the visitor wrote is not the staff's to change.
      await call('PATCH', `/api/contacts/${id}`, { message: 'Rewritten', status: 'closed' });
      expect((await contactRow(id))!.message).not.toBe('Rewritten');
    });

    it('PATCH /admin/:id/read keeps the first reading time; /unread clears it', async () => {
      const id = await addContact();
      const read = await call('PATCH', `/api/contacts/admin/${id}/read`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().message).toBe(ContactMessage.MARKED_READ);
      const first = (await contactRow(id))!.read_at;
      expect(first).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await call('PATCH', `/api/contacts/admin/${id}/read`);
      expect((await contactRow(id))!.read_at).toBe(first);
      const unread = await call('PATCH', `/api/contacts/admin/${id}/unread`);
      expect(unread.json().message).toBe(ContactMessage.MARKED_UNREAD);
      expect((await contactRow(id))!.read_at).toBeNull();
      expect((await call('PATCH', '/api/contacts/admin/987654/read')).statusCode).toBe(404);
      expect((await call('PATCH', '/api/contacts/admin/987654/unread')).statusCode).toBe(404);
    });

    it('PATCH /admin/:id/assign takes an active staff member or null, else 400 ASSIGNEE_NOT_FOUND', async () => {
      const id = await addContact();
      const disabled = await createUser(db(), { role: 'editor', status: 'disabled' });
      const res = await call('PATCH', `/api/contacts/admin/${id}/assign`, { assignedTo: viewer.user.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(ContactMessage.ASSIGNED);
      expect((await contactRow(id))!.assigned_to).toBe(viewer.user.id);
      for (const assignedTo of [disabled.id, 999_999]) {
        const refused = await call('PATCH', `/api/contacts/admin/${id}/assign`, { assignedTo });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          code: ErrorCode.VALIDATION_ERROR,
          message: ContactMessage.ASSIGNEE_NOT_FOUND,
          errors: [{ field: 'assignedTo', message: ContactMessage.ASSIGNEE_NOT_FOUND }],
        });
        expect((await call('PATCH', `/api/contacts/${id}`, { assignedTo })).statusCode).toBe(400);
      }
      expect((await contactRow(id))!.assigned_to).toBe(viewer.user.id);
      const none = await call('PATCH', `/api/contacts/admin/${id}/assign`, { assignedTo: null });
      expect(none.json().message).toBe(ContactMessage.UNASSIGNED);
      expect((await contactRow(id))!.assigned_to).toBeNull();
      expect((await call('PATCH', `/api/contacts/admin/${id}/assign`, {})).statusCode).toBe(400);
    });

    it('GET /admin/assignees lists active staff only', async () => {
      const disabled = await createUser(db(), { role: 'editor', status: 'disabled' });
      const res = await call('GET', '/api/contacts/admin/assignees', undefined, viewer);
      expect(res.statusCode).toBe(200);
      const ids = res.json().data.map((u: { id: number }) => u.id);
      expect(ids).toEqual(expect.arrayContaining([viewer.user.id, editor.user.id, admin.user.id]));
      expect(ids).not.toContain(disabled.id);
      expect(res.json().data[0]).toEqual({ id: expect.any(Number), username: expect.any(String) });
    });

    it('DELETE /:id removes the contact and its notes, then 404', async () => {
      const id = await addContact();
      const kept = await addContact();
      await call('PATCH', `/api/contacts/${id}/notes`, { note: 'gone soon' });
      const res = await call('DELETE', `/api/contacts/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null, message: ContactMessage.DELETED });
      expect(await contactRow(id)).toBeUndefined();
      expect(await contactRow(kept)).toBeDefined();
      expect(await countRows(db(), 'contact_notes')).toBe(0);
      expect((await call('DELETE', `/api/contacts/${id}`)).statusCode).toBe(404);
    });

    it('every change to an unknown contact answers 404 with the catalogue message', async () => {
      for (const [method, path, body] of STAFF_WRITES) {
        if (path.includes('bulk')) continue;
        const res = await call(method, path.replace(':id', '987654'), body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().message).toBe(ContactMessage.NOT_FOUND);
      }
    });
  });

  describe('PATCH /api/contacts/admin/bulk', () => {
    it('sets status, priority and read state of the given contacts, skipping unknown ids', async () => {
      const [a, b, c] = [await addContact(), await addContact(), await addContact()];
      const bulk = (body: object) => call('PATCH', '/api/contacts/admin/bulk', body);
      const status = await bulk({ operation: 'status', contactIds: [a, b, 987654], status: 'contacted' });
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json()).toEqual({ success: true, data: { affected: 2 }, message: ContactMessage.BULK_UPDATED });
      expect((await bulk({ operation: 'priority', contactIds: [b, c], priority: 'high' })).json().data).toEqual({
        affected: 2,
      });
      expect((await bulk({ operation: 'read', contactIds: [a, c] })).json().data).toEqual({ affected: 2 });
      const rows = await Promise.all([a, b, c].map(contactRow));
      expect(rows.map((r) => [r!.status, r!.priority, r!.read_at !== null])).toEqual([
        ['contacted', 'medium', true],
        ['contacted', 'high', false],
        ['new', 'high', true],
      ]);
      expect((await bulk({ operation: 'unread', contactIds: [a] })).json().data).toEqual({ affected: 1 });
      expect((await contactRow(a))!.read_at).toBeNull();
    });

    it('deletes the given contacts', async () => {
      const [a, b, c] = [await addContact(), await addContact(), await addContact()];
      const res = await call('PATCH', '/api/contacts/admin/bulk', { operation: 'delete', contactIds: [a, c, 987654] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { affected: 2 }, message: ContactMessage.BULK_DELETED });
      expect(await listIds()).toEqual([b]);
    });

    it.each([
      [{ operation: 'status', contactIds: [1] }, ContactMessage.BULK_STATUS_REQUIRED],
      [{ operation: 'priority', contactIds: [1] }, ContactMessage.BULK_PRIORITY_REQUIRED],
    ])('refuses %j with 400', async (body, message) => {
      const res = await call('PATCH', '/api/contacts/admin/bulk', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION_ERROR, message });
    });

    it.each([
      { operation: 'archive', contactIds: [1] },
      { operation: 'delete', contactIds: [] },
      { operation: 'delete', contactIds: [0] },
      { operation: 'delete', contactIds: ['1'] },
      { operation: 'delete', contactIds: Array.from({ length: CONTACTS_BULK_MAX + 1 }, (_, i) => i + 1) },
      { operation: 'status', contactIds: [1], status: 'open' },
    ])('refuses a malformed request %# with 400 and changes nothing', async (body) => {
      const id = await addContact();
      const res = await call('PATCH', '/api/contacts/admin/bulk', body);
      expect(res.statusCode).toBe(400);
      expect(await contactRow(id)).toMatchObject({ status: 'new' });
    });
  });

  describe('GET /api/contacts/admin/export', () => {
    const exportCsv = (query = '', session: Session = viewer) =>
      call('GET', `/api/contacts/admin/export${query}`, undefined, session);

    it('downloads the filtered list as CSV with the documented columns, real quoting and CRLF', async () => {
      await addContact({
        first_name: 'Ann',
        last_name: 'Smith',
        email: 'ann@example.com',
        phone: '555 1234',
        service: 'Web Development',
        message: 'We want a shop, a blog, and "fast" pages.\nSecond line.',
        status: 'contacted',
        priority: 'high',
        created_at: '2026-04-05T09:07:00.000Z',
      });
      await addContact({ first_name: 'Bob', last_name: 'Jones', created_at: '2026-04-06T18:30:00.000Z' });
      const res = await exportCsv();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const day = new Date().toISOString().slice(0, 10);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="contacts_${day}.csv"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body.startsWith('Name,Email,Phone,Service,Status,Priority,Date,Message\r\n')).toBe(true);
      expect(res.body).toContain('"We want a shop, a blog, and ""fast"" pages.\nSecond line."\r\n');
      const bob = (await db()
        .selectFrom('contacts')
        .select('email')
        .where('first_name', '=', 'Bob')
        .executeTakeFirst())!;
      expect(res.body).toBe(
        [
          contactCsvColumns.join(','),
          `Bob Jones,${bob.email},,,new,medium,2026-04-06 18:30,Message number ${sequence}`,
          'Ann Smith,ann@example.com,555 1234,Web Development,contacted,high,2026-04-05 09:07,' +
            '"We want a shop, a blog, and ""fast"" pages.\nSecond line."',
          '',
        ].join('\r\n'),
      );
    });

    it('guards against spreadsheet formulas with a leading apostrophe', async () => {
      const base = { email: 'f@example.com', created_at: '2026-05-01T12:00:00.000Z' };
      await addContact({ ...base, first_name: '=HYPERLINK("http://evil")', last_name: 'X', message: '+1+1' });
      await addContact({ ...base, first_name: 'Safe', last_name: 'Name', message: '-2', service: '@SUM(A1)' });
      await addContact({ ...base, first_name: 'Tab', last_name: 'T', message: '\tcmd', phone: '+1 555 0100' });
      await addContact({ ...base, first_name: 'Cr', last_name: 'C', message: '\rcmd', email: '-f@example.com' });
      const lines = (await exportCsv('?sortBy=created_at')).body.split('\r\n');
      expect(lines.slice(1).sort()).toEqual(
        [
          '"\'=HYPERLINK(""http://evil"") X",f@example.com,,,new,medium,2026-05-01 12:00,\'+1+1',
          "Safe Name,f@example.com,,'@SUM(A1),new,medium,2026-05-01 12:00,'-2",
          "Tab T,f@example.com,'+1 555 0100,,new,medium,2026-05-01 12:00,'\tcmd",
          'Cr C,\'-f@example.com,,,new,medium,2026-05-01 12:00,"\'\rcmd"',
          '',
        ].sort(),
      );
    });

    it('exports every matching contact over several batches, ties on time included, in order', async () => {
      const created_at = '2026-06-01T08:00:00.000Z';
      const rows = Array.from({ length: 1234 }, (_, i) => ({
        first_name: 'Bulk',
        last_name: `N${i}`,
        email: `bulk${i}@example.com`,
        message: i % 2 ? 'odd' : 'even',
        created_at,
        updated_at: created_at,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await db()
          .insertInto('contacts')
          .values(rows.slice(i, i + 200))
          .execute();
      const lines = (await exportCsv()).body.split('\r\n');
      expect(lines).toHaveLength(1 + 1234 + 1);
      const names = lines.slice(1, -1).map((line) => line.split(',')[0]);
      expect(new Set(names).size).toBe(1234);
      // Same time: newest id first, i.e. inserted last first.
      expect(names[0]).toBe('Bulk N1233');
      expect(names.at(-1)).toBe('Bulk N0');
      const odd = (await exportCsv('?search=odd')).body.split('\r\n');
      expect(odd).toHaveLength(1 + 617 + 1);
    });

    it('respects the list filters', async () => {
      await addContact({ first_name: 'Kept', last_name: 'One', status: 'qualified', message: 'needle here' });
      await addContact({ first_name: 'Other', last_name: 'Status', status: 'new', message: 'needle here' });
      await addContact({ first_name: 'No', last_name: 'Match', status: 'qualified', message: 'hay' });
      const csv = (await exportCsv('?status=qualified&search=needle&format=csv')).body;
      expect(csv.split('\r\n').map((line) => line.split(',')[0])).toEqual(['Name', 'Kept One', '']);
      const empty = await exportCsv('?dateFrom=2030-01-01');
      expect(empty.body).toBe('Name,Email,Phone,Service,Status,Priority,Date,Message\r\n');
      expect((await exportCsv('?format=xlsx')).statusCode).toBe(400);
    });
  });

  describe('figures', () => {
    it('GET /admin/stats counts totals, unread, today, this week, failing mail, per status and priority', async () => {
      const now = Date.now();
      await addContact({ created_at: new Date(now).toISOString(), status: 'contacted' });
      await addContact({ created_at: new Date(now - 3 * 86_400_000).toISOString(), read_at: new Date().toISOString() });
      await addContact({ created_at: '2020-01-01T00:00:00.000Z', priority: 'urgent', error_message: 'SMTP down' });
      const res = await call('GET', '/api/contacts/admin/stats', undefined, viewer);
      expect(res.statusCode, res.body).toBe(200);
      const stats = contactStatsSchema.parse(res.json().data);
      expect(stats).toEqual({
        total: 3,
        unread: 2,
        today: 1,
        thisWeek: 2,
        failing: 1,
        byStatus: {
          new: 2,
          contacted: 1,
          qualified: 0,
          in_progress: 0,
          converted: 0,
          completed: 0,
          closed: 0,
          failed: 0,
        },
        byPriority: { low: 0, medium: 2, high: 0, urgent: 1 },
      });
    });

    it('GET /admin/recent answers the newest contacts, five by default', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 7; i += 1) ids.push(await addContact());
      const res = await call('GET', '/api/contacts/admin/recent', undefined, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { id: number }) => c.id)).toEqual(ids.slice(2).reverse());
      const two = await call('GET', '/api/contacts/admin/recent?limit=2', undefined, viewer);
      expect(two.json().data.map((c: { id: number }) => c.id)).toEqual(ids.slice(5).reverse());
      expect((await call('GET', '/api/contacts/admin/recent?limit=51', undefined, viewer)).statusCode).toBe(400);
      expect((await call('GET', '/api/contacts/admin/recent?limit=0', undefined, viewer)).statusCode).toBe(400);
    });

    it('GET /admin/analytics counts per day, service, status and source over the period', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
      await addContact({ created_at: new Date().toISOString(), service: 'Web', status: 'converted' });
      await addContact({ created_at: new Date().toISOString(), service: 'Web', source: 'website_fallback' });
      await addContact({ created_at: twoDaysAgo, service: 'Apps', status: 'contacted' });
      await addContact({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString(), status: 'completed' });
      const res = await call('GET', '/api/contacts/admin/analytics?period=7d', undefined, viewer);
      expect(res.statusCode, res.body).toBe(200);
      const data = contactAnalyticsSchema.parse(res.json().data);
      expect(data.period).toBe('7d');
      expect(data.total).toBe(3);
      expect(data.perDay).toHaveLength(7);
      expect(data.perDay.at(-1)).toEqual({ date: today, count: 2 });
      expect(data.perDay.at(-3)).toEqual({ date: twoDaysAgo.slice(0, 10), count: 1 });
      expect(data.byService).toEqual([
        { service: 'Web', count: 2 },
        { service: 'Apps', count: 1 },
      ]);
      expect(data.bySource).toEqual([
        { source: 'website', count: 2 },
        { source: 'website_fallback', count: 1 },
      ]);
      expect(data.byStatus).toMatchObject({ new: 1, contacted: 1, converted: 1, completed: 0 });
      expect(data.responseRate).toBe(66.67);
      expect(data.conversionRate).toBe(33.33);
      const month = contactAnalyticsSchema.parse(
        (await call('GET', '/api/contacts/admin/analytics', undefined, viewer)).json().data,
      );
      expect(month.period).toBe('30d');
      expect(month.perDay).toHaveLength(30);
      const year = (await call('GET', '/api/contacts/admin/analytics?period=365d', undefined, viewer)).json().data;
      expect(year.total).toBe(4);
      expect((await call('GET', '/api/contacts/admin/analytics?period=2d', undefined, viewer)).statusCode).toBe(400);
    });
  });

  describe('roles', () => {
    it('refuses anonymous callers every staff call with 401', async () => {
      const id = await addContact({ email: 'hidden@example.com' });
      for (const [method, path, body] of [...STAFF_READS, ...STAFF_WRITES]) {
        const res = await call(method, path.replace(':id', String(id)), body, null);
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          code: ErrorCode.UNAUTHENTICATED,
          message: ErrorMessage.UNAUTHENTICATED,
        });
      }
      expect(await contactRow(id)).toMatchObject({ status: 'new', priority: 'medium', read_at: null });
    });

    it('lets a viewer read everything and change nothing (403)', async () => {
      const id = await addContact();
      for (const [method, path, body] of STAFF_READS) {
        const res = await call(method, path.replace(':id', String(id)), body, viewer);
        expect(res.statusCode, `${method} ${path}`).toBe(200);
      }
      for (const [method, path, body] of STAFF_WRITES) {
        const res = await call(method, path.replace(':id', String(id)), body, viewer);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: ErrorCode.FORBIDDEN });
      }
      expect(await contactRow(id)).toMatchObject({ status: 'new', priority: 'medium', read_at: null });
      expect(await countRows(db(), 'contact_notes')).toBe(0);
    });

    it('lets editors and admins make every change', async () => {
      for (const session of [editor, admin]) {
        const id = await addContact();
        for (const [method, path, body] of STAFF_WRITES) {
          const withId = body && 'contactIds' in body ? { ...body, contactIds: [id] } : body;
          const res = await call(method, path.replace(':id', String(id)), withId, session);
          expect(res.statusCode, `${method} ${path} ${res.body}`).toBe(200);
        }
        expect(await contactRow(id)).toBeUndefined();
      }
    });
  });

  describe('at the same time', () => {
    it('settles concurrent status, priority, note and bulk changes without a server error', async () => {
      const ids = await Promise.all(Array.from({ length: 6 }, () => addContact()));
      const requests = [
        ...ids.map((id, i) => call('PATCH', `/api/contacts/${id}/status`, { status: contactStatuses[i]!, notes: 'n' })),
        ...ids.map((id) => call('PATCH', `/api/contacts/admin/${id}/priority`, { priority: 'high' }, admin)),
        ...ids.map((id) => call('PATCH', `/api/contacts/${id}/notes`, { note: 'parallel' }, admin)),
        call('PATCH', '/api/contacts/admin/bulk', { operation: 'status', contactIds: ids, status: 'closed' }),
        call('PATCH', '/api/contacts/admin/bulk', { operation: 'read', contactIds: [...ids].reverse() }, admin),
        call('PATCH', '/api/contacts/admin/bulk', { operation: 'priority', contactIds: ids, priority: 'low' }),
      ];
      const answers = await Promise.all(requests);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(200));
      expect(await countRows(db(), 'contact_notes')).toBe(12);
    });

    it('answers concurrent deletes and changes of the same contacts with 200 or 404 only', async () => {
      const ids = await Promise.all(Array.from({ length: 4 }, () => addContact()));
      const answers = await Promise.all([
        call('PATCH', '/api/contacts/admin/bulk', { operation: 'delete', contactIds: ids }),
        ...ids.map((id) => call('PATCH', `/api/contacts/${id}/notes`, { note: 'late' }, admin)),
        ...ids.map((id) => call('DELETE', `/api/contacts/${id}`, undefined, admin)),
        ...ids.map((id) => call('PATCH', `/api/contacts/${id}/status`, { status: 'closed' })),
      ]);
      for (const answer of answers) expect([200, 404], answer.body).toContain(answer.statusCode);
      expect(await countRows(db(), 'contacts')).toBe(0);
    });
  });
});
