import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ContactPriority, ContactStatus } from '../../../shared/contracts/contacts';
import { insertReturningId } from '../../db/insert-id';
import { forUpdate, likeContains } from '../../db/query-helpers';
import type { DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export interface NewContactRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  service: string | null;
  message: string;
  source: string;
  created_at: string;
}

/** What the staff list filters on; every field optional. `assignedTo` is a user id or 'none'. */
export interface ContactFilter {
  search?: string;
  status?: ContactStatus;
  priority?: ContactPriority;
  read?: 'read' | 'unread';
  assignedTo?: number | 'none';
  /** ISO timestamps: created_at >= from, created_at < to. */
  from?: string;
  to?: string;
  /** Only contacts whose mail is failing (error_message set). */
  failing?: boolean;
  /** Only contacts with a follow-up on or before this day (YYYY-MM-DD). */
  followUpBy?: string;
}

export type ContactSortField = 'created_at' | 'updated_at' | 'last_name' | 'email' | 'status' | 'priority';

/** The company's core services: the only values the form's service may take. */
export async function listCoreServiceNames(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('company_core_services').select('name').execute();
  return rows.map((row) => row.name);
}

export async function insertContact(trx: Db, row: NewContactRow): Promise<number> {
  return insertReturningId(trx as Kysely<DB>, 'contacts', {
    ...row,
    status: 'new',
    priority: 'medium',
    updated_at: row.created_at,
  });
}

/** Sets (or clears) the failed-submission line of a contact: no other field (updated_at included) changes. */
export async function setContactError(db: Db, id: number, message: string | null): Promise<void> {
  await db.updateTable('contacts').set({ error_message: message }).where('id', '=', id).execute();
}

/** Holds the contact's row until the transaction ends. */
export async function lockContact(trx: Kysely<DB>, id: number): Promise<void> {
  await forUpdate(trx, trx.selectFrom('contacts').select('id').where('id', '=', id)).execute();
}

const summaryColumns = [
  'contacts.id',
  'contacts.first_name',
  'contacts.last_name',
  'contacts.email',
  'contacts.phone',
  'contacts.service',
  'contacts.message',
  'contacts.source',
  'contacts.status',
  'contacts.priority',
  'contacts.error_message',
  'contacts.assigned_to',
  'contacts.read_at',
  'contacts.follow_up_on',
  'contacts.created_at',
  'contacts.updated_at',
] as const;

function filtered(db: Db, filter: ContactFilter) {
  let query = db.selectFrom('contacts');
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where((eb) =>
      eb.or(
        (['first_name', 'last_name', 'email', 'phone', 'service', 'message'] as const).map(
          (column): Expression<SqlBool> => eb(eb.fn('lower', [`contacts.${column}`]), 'like', pattern),
        ),
      ),
    );
  }
  if (filter.status) query = query.where('contacts.status', '=', filter.status);
  if (filter.priority) query = query.where('contacts.priority', '=', filter.priority);
  if (filter.read === 'read') query = query.where('contacts.read_at', 'is not', null);
  if (filter.read === 'unread') query = query.where('contacts.read_at', 'is', null);
  if (filter.assignedTo === 'none') query = query.where('contacts.assigned_to', 'is', null);
  else if (filter.assignedTo !== undefined) query = query.where('contacts.assigned_to', '=', filter.assignedTo);
  if (filter.from) query = query.where('contacts.created_at', '>=', filter.from);
  if (filter.to) query = query.where('contacts.created_at', '<', filter.to);
  if (filter.failing) query = query.where('contacts.error_message', 'is not', null);
  if (filter.followUpBy) query = query.where('contacts.follow_up_on', '<=', filter.followUpBy);
  return query;
}

function withExtras(db: Db, filter: ContactFilter) {
  return filtered(db, filter)
    .leftJoin('users', 'users.id', 'contacts.assigned_to')
    .select(summaryColumns)
    .select('users.username as assignee_username')
    .select((eb) =>
      eb
        .selectFrom('contact_notes')
        .select((n) => n.fn.countAll<number | string>().as('c'))
        .whereRef('contact_notes.contact_id', '=', 'contacts.id')
        .as('notes_count'),
    );
}

export type ContactRow = Awaited<ReturnType<typeof listContacts>>[number];

export async function countContacts(db: Db, filter: ContactFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Priorities sort by urgency (low < medium < high < urgent), not by name. */
const priorityRank = sql<number>`case ${sql.ref('contacts.priority')} when 'low' then 1 when 'medium' then 2 when 'high' then 3 else 4 end`;

export async function listContacts(
  db: Db,
  filter: ContactFilter,
  order: { field: ContactSortField; direction: 'asc' | 'desc' },
  page?: { page: number; limit: number },
) {
  let query = withExtras(db, filter);
  query =
    order.field === 'priority'
      ? query.orderBy(priorityRank, order.direction)
      : query.orderBy(`contacts.${order.field}`, order.direction);
  query = query.orderBy('contacts.id', order.direction);
  if (page) query = query.limit(page.limit).offset((page.page - 1) * page.limit);
  return query.execute();
}

/**
 * One batch of the export, newest first: the contacts after `after` in that order (keyset paging, so each
 * batch costs the same however deep the export is).
 */
export async function listExportBatch(
  db: Db,
  filter: ContactFilter,
  after: { created_at: string; id: number } | undefined,
  limit: number,
) {
  let query = filtered(db, filter).select([
    'contacts.id',
    'contacts.first_name',
    'contacts.last_name',
    'contacts.email',
    'contacts.phone',
    'contacts.service',
    'contacts.status',
    'contacts.priority',
    'contacts.message',
    'contacts.created_at',
  ]);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('contacts.created_at', '<', after.created_at),
        eb.and([eb('contacts.created_at', '=', after.created_at), eb('contacts.id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('contacts.created_at', 'desc').orderBy('contacts.id', 'desc').limit(limit).execute();
}

export async function findContact(db: Db, id: number) {
  return withExtras(db, {}).where('contacts.id', '=', id).executeTakeFirst();
}

export async function findContactName(db: Db, id: number) {
  return db.selectFrom('contacts').select(['first_name', 'last_name']).where('id', '=', id).executeTakeFirst();
}

export async function contactExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('contacts').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Oldest first. */
export async function listNotes(db: Db, contactId: number) {
  return db
    .selectFrom('contact_notes')
    .leftJoin('users', 'users.id', 'contact_notes.author_id')
    .select(['contact_notes.id', 'contact_notes.text', 'contact_notes.created_at', 'users.username as author'])
    .where('contact_notes.contact_id', '=', contactId)
    .orderBy('contact_notes.created_at', 'asc')
    .orderBy('contact_notes.id', 'asc')
    .execute();
}

export async function insertNote(
  trx: Db,
  note: { contact_id: number; text: string; author_id: number | null; created_at: string },
): Promise<number> {
  return insertReturningId(trx as Kysely<DB>, 'contact_notes', note);
}

export interface ContactChanges {
  status?: ContactStatus;
  priority?: ContactPriority;
  assigned_to?: number | null;
  read_at?: string | null;
}

/** Updates the contacts with these ids (sorted, so concurrent bulk changes queue); returns how many exist. */
export async function updateContacts(trx: Db, ids: number[], changes: ContactChanges, now: string): Promise<number> {
  if (ids.length === 0) return 0;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const result = await trx
    .updateTable('contacts')
    .set({ ...changes, updated_at: now })
    .where('id', 'in', sorted)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks read only those not read yet (the first reading time is kept); returns how many of the ids exist. */
export async function markContactsRead(trx: Db, ids: number[], now: string): Promise<number> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await trx
    .updateTable('contacts')
    .set({ read_at: now, updated_at: now })
    .where('id', 'in', sorted)
    .where('read_at', 'is', null)
    .execute();
  const row = await trx
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id', 'in', sorted)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteContacts(trx: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const result = await trx.deleteFrom('contacts').where('id', 'in', sorted).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findActiveUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function listActiveStaff(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('status', '=', 'active')
    .orderBy('username')
    .orderBy('id')
    .execute();
}

/** How many contacts per value of a column, over the filter. */
export async function countBy(db: Db, column: 'status' | 'priority' | 'service' | 'source', filter: ContactFilter) {
  const ref = sql.ref<string | null>(`contacts.${column}`);
  const rows = await filtered(db, filter)
    .select([ref.as('value'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(ref)
    .execute();
  return rows.map((row) => ({ value: row.value, count: Number(row.n) }));
}

/** How many contacts per UTC day (YYYY-MM-DD, the first ten characters of the ISO time) over the filter. */
export async function countPerDay(db: Db, filter: ContactFilter) {
  const day = sql<string>`substr(${sql.ref('contacts.created_at')}, 1, 10)`;
  const rows = await filtered(db, filter)
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ date: row.day, count: Number(row.n) }));
}
