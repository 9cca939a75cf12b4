import { beforeAll, describe, expect, it } from 'vitest';
import { contactDetailSchema, contactSummarySchema } from '../../../shared/contracts/contacts';
import { ContactMessage, contactStatuses } from '../../../shared/contracts/contacts.values';
import { ErrorCode, ErrorMessage } from '../../../shared/errors';
import { createUser, type Session } from '../../testing/auth-helpers';
import { countRows, testDialects } from '../../testing/test-database';
import { STAFF_READS, STAFF_WRITES, useContactAdminCalls } from './contacts-admin-testing';

describe.each(testDialects)('the staff contact calls on %s', (dialect) => {
  const { db, addContact, contactRow, call, list, listIds, staff } = useContactAdminCalls(dialect);
  let viewer: Session;
  let editor: Session;
  let admin: Session;
  beforeAll(() => {
    ({ viewer, editor, admin } = staff);
  });

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
