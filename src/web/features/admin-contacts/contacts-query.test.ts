import { describe, expect, it } from 'vitest';
import {
  contactListParams,
  contactsPath,
  exportFilename,
  readContactsQuery,
  selectedContactId,
  showingSummary,
  writeContactsQuery,
} from './contacts-query';

const read = (search: string) => readContactsQuery(new URLSearchParams(search));

describe('the Contacts tab address', () => {
  it('reads the list state and falls back to the defaults for anything unknown', () => {
    expect(read('')).toEqual({ search: '', status: '', priority: '', followUp: '', page: 1 });
    expect(read('search=%20ada%20&status=in_progress&priority=urgent&followUp=due&page=3')).toEqual({
      search: 'ada',
      status: 'in_progress',
      priority: 'urgent',
      followUp: 'due',
      page: 3,
    });
    expect(read('status=archived&priority=critical&followUp=soon&page=-2')).toEqual({
      search: '',
      status: '',
      priority: '',
      followUp: '',
      page: 1,
    });
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=99999999999').page).toBe(1);
    expect(read(`search=${'x'.repeat(300)}`).search).toHaveLength(200);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(writeContactsQuery({ search: '', status: '', priority: '', followUp: '', page: 1 }).toString()).toBe('');
    const query = { search: 'Jane & co', status: 'qualified', priority: 'high', followUp: 'set', page: 2 } as const;
    const written = writeContactsQuery(query);
    expect(written.toString()).toBe('search=Jane+%26+co&status=qualified&priority=high&followUp=set&page=2');
    expect(readContactsQuery(written)).toEqual(query);
  });

  it('names the contact on show, only with a valid id', () => {
    expect(selectedContactId(new URLSearchParams('contact=12'))).toBe(12);
    for (const bad of ['', 'contact=0', 'contact=-1', 'contact=1e3', 'contact=abc', 'contact=2147483648']) {
      expect(selectedContactId(new URLSearchParams(bad)), bad).toBeNull();
    }
  });

  it('builds the list and contact paths the bell links to', () => {
    const base = { search: '', status: '', priority: '', followUp: '', page: 1 } as const;
    expect(contactsPath(base)).toBe('/admin/contacts');
    expect(contactsPath(base, 12)).toBe('/admin/contacts?contact=12');
    expect(contactsPath({ ...base, status: 'new', page: 2 }, 7)).toBe('/admin/contacts?status=new&page=2&contact=7');
  });

  it('asks the API for ten a page, newest first, leaving out "all"', () => {
    expect(contactListParams({ search: ' ada ', status: '', priority: 'low', followUp: 'due', page: 4 })).toEqual({
      search: 'ada',
      status: undefined,
      priority: 'low',
      followUp: 'due',
      page: 4,
      limit: 10,
      sortBy: 'created_at',
      sortOrder: 'desc',
    });
  });

  it('says which contacts are on show', () => {
    expect(showingSummary(1, 10, 10, 23)).toBe('Showing 1 to 10 of 23 contacts');
    expect(showingSummary(3, 10, 3, 23)).toBe('Showing 21 to 23 of 23 contacts');
    expect(showingSummary(1, 10, 0, 0)).toBe('Showing 0 of 0 contacts');
  });

  it('names the export like the server does', () => {
    expect(exportFilename(new Date('2026-11-23T23:59:00Z'))).toBe('contacts_2026-11-23.csv');
  });
});
