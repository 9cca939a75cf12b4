import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  ContactDetail,
  ContactListData,
  ContactListQuery,
  ContactSubmitRequest,
  ContactSummary,
  ContactAssignee,
} from '../../../shared/contracts/contacts';
import { checkContactForm, contactFormFields, ContactMessage } from '../../../shared/contracts/contacts.values';
import { ErrorCode, formatMessage, type FieldError } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import type { StaffAlerts } from '../../jobs/staff-alerts';
import { listReplies } from './contact-replies';
import {
  countContacts,
  findContact,
  insertContact,
  listActiveStaff,
  listCoreServiceNames,
  listContacts,
  listNotes,
  setContactError,
  type ContactFilter,
  type ContactRow,
} from './contacts.repository';

// ---------------------------------------------------------------- public submission

/**
 * Stores a visitor's request. Every field is trimmed and checked (each bad field named in `errors[]`),
 * before the honeypot is looked at so that a bot learns nothing from the answer; a filled honeypot stores
 * nothing. The contact is committed first, on its own; then its staff alerts (notifications and queued mail)
 * in a second transaction, and the mail worker sends after that. `sender` is the client address, for the
 * per-sender limit of confirmation mails (ADR 0033); past any limit the contact is stored and answered the
 * same, only the confirmation is not sent.
 */
export async function submitContact(
  db: Kysely<DB>,
  alerts: StaffAlerts,
  body: ContactSubmitRequest,
  log: Pick<FastifyBaseLogger, 'error'>,
  sender: string | null = null,
): Promise<'stored' | 'ignored'> {
  const values = {
    first_name: (body.first_name ?? '').trim(),
    last_name: (body.last_name ?? '').trim(),
    email: (body.email ?? '').trim(),
    phone: (body.phone ?? '').trim(),
    service: (body.service ?? '').trim(),
    message: (body.message ?? '').trim(),
  };
  const services = await listCoreServiceNames(db);
  const problems = checkContactForm(values, services);
  const errors: FieldError[] = contactFormFields.flatMap((field) => {
    const message = problems[field];
    return message ? [{ field, message }] : [];
  });
  if (errors.length > 0) throw new AppError(400, ErrorCode.VALIDATION_ERROR, errors[0]!.message, errors);
  if (body.website?.trim()) return 'ignored';

  // Both transactions run on one connection held between them: with every connection busy, the alerts
  // would otherwise queue behind other visitors' inserts, and a shutdown or an outage in between would leave
  // stored requests whose staff never heard of them.
  return db.connection().execute(async (conn): Promise<'stored'> => {
    const contactId = await writeTransaction(conn, async (trx) => {
      const created_at = new Date().toISOString();
      return insertContact(trx, {
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone || null,
        service: values.service || null,
        message: values.message,
        source: body.source ?? 'website',
        created_at,
      });
    });
    // The request is stored; whatever happens to the alerts now cannot lose it. A failure there is shown
    // on the contact (the failed-submission line) and logged, and the visitor still gets the success answer.
    try {
      await writeTransaction(conn, (trx) =>
        alerts.newContact(trx, {
          contactId,
          firstName: values.first_name,
          lastName: values.last_name,
          email: values.email,
          phone: values.phone || null,
          service: values.service || null,
          message: values.message,
          sender,
        }),
      );
    } catch (error) {
      log.error({ err: error, contactId: contactId }, 'staff alerts for a new contact failed');
      const reason = error instanceof Error ? error.message : String(error);
      await setContactError(
        conn,
        contactId,
        formatMessage(ContactMessage.ALERT_FAILED, { reason: reason.slice(0, 300) }),
      );
      return 'stored';
    }
    alerts.flush();
    return 'stored';
  });
}

// ---------------------------------------------------------------- staff reads

function toSummary(row: ContactRow): ContactSummary {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    message: row.message,
    source: row.source,
    status: row.status,
    priority: row.priority,
    error_message: row.error_message,
    assignedTo:
      row.assigned_to !== null && row.assignee_username !== null
        ? { id: Number(row.assigned_to), username: row.assignee_username }
        : null,
    read: row.read_at !== null,
    read_at: row.read_at,
    follow_up_on: row.follow_up_on,
    notes_count: Number(row.notes_count ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}

export type FilterQuery = Pick<
  ContactListQuery,
  'search' | 'status' | 'priority' | 'read' | 'assignedTo' | 'dateFrom' | 'dateTo' | 'followUp'
>;

/** Who reads the list, and the site's day for them: what "me" and "due" mean. */
export interface StaffView {
  userId: number;
  /** YYYY-MM-DD in the site's time zone. */
  today: string;
}

/**
 * The list filters as the repository takes them; `assignedTo: 'me'` is the signed-in user, a due follow-up
 * one on or before `today` (the site's day).
 */
export function filterOf(query: FilterQuery, { userId, today }: StaffView): ContactFilter {
  return {
    followUpBy: query.followUp === 'due' ? today : query.followUp === 'set' ? '9999-12-31' : undefined,
    search: query.search,
    status: query.status === 'all' ? undefined : query.status,
    priority: query.priority === 'all' ? undefined : query.priority,
    read: query.read === 'all' ? undefined : query.read,
    assignedTo: query.assignedTo === 'me' ? userId : query.assignedTo,
    from: query.dateFrom ? `${query.dateFrom}T00:00:00.000Z` : undefined,
    to: query.dateTo ? nextDay(query.dateTo) : undefined,
  };
}

export async function listContactsPage(
  db: Kysely<DB>,
  query: ContactListQuery,
  view: StaffView,
): Promise<ContactListData> {
  const filter = filterOf(query, view);
  const order = { field: query.sortBy ?? 'created_at', direction: query.sortOrder ?? query.sort ?? 'desc' } as const;
  const [total, rows] = await Promise.all([
    countContacts(db, filter),
    listContacts(db, filter, order, { page: query.page, limit: query.limit }),
  ]);
  const pages = Math.ceil(total / query.limit);
  return {
    contacts: rows.map(toSummary),
    pagination: { page: query.page, limit: query.limit, total, pages, totalPages: pages },
  };
}

/** The contact with its notes and replies, oldest first. Reading it does not mark it read. */
export async function getContact(db: Kysely<DB>, id: number): Promise<ContactDetail> {
  const row = await findContact(db, id);
  if (!row) throw notFound(ContactMessage.NOT_FOUND);
  const [notes, replies] = await Promise.all([listNotes(db, id), listReplies(db, id)]);
  return {
    ...toSummary(row),
    notes: notes.map((note) => ({
      id: Number(note.id),
      text: note.text,
      timestamp: note.created_at,
      author: note.author,
    })),
    replies,
  };
}

export async function recentContacts(db: Kysely<DB>, limit: number): Promise<ContactSummary[]> {
  const rows = await listContacts(db, {}, { field: 'created_at', direction: 'desc' }, { page: 1, limit });
  return rows.map(toSummary);
}

export async function listAssignees(db: Kysely<DB>): Promise<ContactAssignee[]> {
  return (await listActiveStaff(db)).map((row) => ({ id: Number(row.id), username: row.username }));
}
