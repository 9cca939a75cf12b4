import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACTS_BULK_MAX,
  ContactMessage,
  contactPriorities,
  contactStatuses,
} from '../../../shared/contracts/contacts.values';
import { ErrorCode } from '../../../shared/errors';
import { createUser, type Session } from '../../testing/auth-helpers';
import { countRows, testDialects } from '../../testing/test-database';
import { type Method, STAFF_WRITES, useContactAdminCalls } from './contacts-admin-testing';

describe.each(testDialects)('the staff contact calls on %s', (dialect) => {
  const { db, addContact, contactRow, call, listIds, staff } = useContactAdminCalls(dialect);
  let viewer: Session;
  let editor: Session;
  let admin: Session;
  beforeAll(() => {
    ({ viewer, editor, admin } = staff);
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
});
