import {
  contactPriorities,
  contactStatuses,
  CONTACTS_PAGE_SIZE,
  type ContactPriority,
  type ContactStatus,
} from '../../../shared/contracts/contacts.values';

/**
 * The Contacts tab's state in the address: /admin/contacts?search=&status=&priority=&followUp=&page= for the list,
 * plus contact={id} for the contact on show. A filtered page can be bookmarked, survives a reload, and
 * the bell's links (/admin/contacts?contact=12) open the contact they name.
 */

export const CONTACTS_ADMIN_BASE = '/admin/contacts';

export interface ContactsQuery {
  search: string;
  /** '' for every status. */
  status: ContactStatus | '';
  /** '' for every priority. */
  priority: ContactPriority | '';
  /** 'due': a follow-up on or before today; 'set': any follow-up; '' for every contact. */
  followUp: (typeof followUpFilters)[number] | '';
  page: number;
}

const followUpFilters = ['due', 'set'] as const;

export const defaultContactsQuery: ContactsQuery = { search: '', status: '', priority: '', followUp: '', page: 1 };

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | '' {
  return allowed.includes(value as T) ? (value as T) : '';
}

/** The list's state of a query string; anything unknown falls back to the default. */
export function readContactsQuery(params: URLSearchParams): ContactsQuery {
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').trim().slice(0, 200),
    status: oneOf(params.get('status'), contactStatuses),
    priority: oneOf(params.get('priority'), contactPriorities),
    followUp: oneOf(params.get('followUp'), followUpFilters),
    page: Number.isInteger(page) && page > 1 && page <= 2_147_483_647 ? page : 1,
  };
}

/** The query string of the list's state, leaving out the defaults (so /admin/contacts is the plain list). */
export function writeContactsQuery(query: ContactsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.status) params.set('status', query.status);
  if (query.priority) params.set('priority', query.priority);
  if (query.followUp) params.set('followUp', query.followUp);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The contact the address names (?contact=12), or null for the list. */
export function selectedContactId(params: URLSearchParams): number | null {
  const raw = params.get('contact');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The path of the list (with its state) or of one contact opened from it. */
export function contactsPath(query: ContactsQuery, contactId?: number): string {
  const params = writeContactsQuery(query);
  if (contactId !== undefined) params.set('contact', String(contactId));
  const search = params.toString();
  return search ? `${CONTACTS_ADMIN_BASE}?${search}` : CONTACTS_ADMIN_BASE;
}

/** The filters GET /api/contacts/admin and its export take ('all' and blanks left out). */
export function contactFilterParams(query: ContactsQuery): Record<string, string | undefined> {
  return {
    search: query.search.trim() || undefined,
    status: query.status || undefined,
    priority: query.priority || undefined,
    followUp: query.followUp || undefined,
  };
}

/** GET /api/contacts/admin parameters: the filters, the page, newest first. */
export function contactListParams(query: ContactsQuery): Record<string, string | number | undefined> {
  return {
    ...contactFilterParams(query),
    page: query.page,
    limit: CONTACTS_PAGE_SIZE,
    sortBy: 'created_at',
    sortOrder: 'desc',
  };
}

/** "Showing 11 to 20 of 23 contacts". */
export function showingSummary(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total} contacts`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first} to ${first + shown - 1} of ${total} contacts`;
}

/** The export's file name (the server's too): contacts_YYYY-MM-DD.csv. */
export function exportFilename(now = new Date()): string {
  return `contacts_${now.toISOString().slice(0, 10)}.csv`;
}
