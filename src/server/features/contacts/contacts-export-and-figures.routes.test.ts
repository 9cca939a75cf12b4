import { beforeAll, describe, expect, it } from 'vitest';
import { contactAnalyticsSchema, contactCsvColumns, contactStatsSchema } from '../../../shared/contracts/contacts';
import type { Session } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { useContactAdminCalls } from './contacts-admin-testing';

describe.each(testDialects)('the staff contact calls on %s', (dialect) => {
  const { db, addContact, call, lastSequence, staff } = useContactAdminCalls(dialect);
  let viewer: Session;
  beforeAll(() => {
    ({ viewer } = staff);
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
          `Bob Jones,${bob.email},,,new,medium,2026-04-06 18:30,Message number ${lastSequence()}`,
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
});
