import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pipeline, Readable } from 'node:stream';
import {
  checkContactForm,
  CONTACT_NOTE_MAX,
  contactFormFields,
  ContactMessage,
  contactPriorities,
  contactStatuses,
  contactCsvColumns,
  contactName,
  type ContactAnalytics,
  type ContactBulkRequest,
  type ContactDetail,
  type ContactListData,
  type ContactListQuery,
  type ContactPatchRequest,
  type ContactPriority,
  type ContactStats,
  type ContactStatus,
  type ContactSubmitRequest,
  type ContactSummary,
  type ContactAssignee,
} from '../../../shared/contracts/contacts';
import { ErrorCode, formatMessage, type FieldError } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { spreadsheetSafe } from '../../lib/spreadsheet-safe';
import type { StaffAlerts } from '../../jobs/staff-alerts';
import { listReplies } from './contact-replies';
import {
  contactExists,
  countBy,
  countContacts,
  countPerDay,
  deleteContacts,
  findActiveUser,
  findContact,
  findContactName,
  insertContact,
  insertNote,
  listActiveStaff,
  listCoreServiceNames,
  listExportBatch,
  listContacts,
  listNotes,
  markContactsRead,
  setContactError,
  updateContacts,
  type ContactChanges,
  type ContactFilter,
  type ContactRow,
} from './contacts.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The export streams at most this many rows (newest first). */
export const CONTACTS_EXPORT_MAX = 50_000;

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

type FilterQuery = Pick<
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

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function tally<K extends string>(keys: readonly K[], rows: { value: string | null; count: number }[]) {
  const result = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) if (row.value !== null && row.value in result) result[row.value as K] += row.count;
  return result;
}

/** Totals for the tab's header: `today` since 00:00 UTC, `thisWeek` over the last seven days. */
export async function contactStats(db: Kysely<DB>, now = new Date()): Promise<ContactStats> {
  const today = startOfUtcDay(now);
  const weekAgo = new Date(today.getTime() - 6 * DAY_MS);
  // The total is the sum of the per-status counts: no separate count of the whole table.
  const [unread, todayCount, week, failing, byStatus, byPriority] = await Promise.all([
    countContacts(db, { read: 'unread' }),
    countContacts(db, { from: today.toISOString() }),
    countContacts(db, { from: weekAgo.toISOString() }),
    countContacts(db, { failing: true }),
    countBy(db, 'status', {}),
    countBy(db, 'priority', {}),
  ]);
  const statusCounts = tally(contactStatuses, byStatus);
  return {
    total: Object.values(statusCounts).reduce((sum, count) => sum + count, 0),
    unread,
    today: todayCount,
    thisWeek: week,
    failing,
    byStatus: statusCounts,
    byPriority: tally(contactPriorities, byPriority),
  };
}

const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 } as const;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);

/** Figures over the last `period` days (today included, UTC days). */
export async function contactAnalytics(
  db: Kysely<DB>,
  period: keyof typeof PERIOD_DAYS,
  now = new Date(),
): Promise<ContactAnalytics> {
  const days = PERIOD_DAYS[period];
  const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
  const filter: ContactFilter = { from: from.toISOString() };
  const [perDayRows, services, statuses, sources] = await Promise.all([
    countPerDay(db, filter),
    countBy(db, 'service', filter),
    countBy(db, 'status', filter),
    countBy(db, 'source', filter),
  ]);
  const counts = new Map(perDayRows.map((row) => [row.date, row.count]));
  const perDay = Array.from({ length: days }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
  const byStatus = tally(contactStatuses, statuses);
  const total = perDay.reduce((sum, day) => sum + day.count, 0);
  const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count;
  return {
    period,
    from: from.toISOString(),
    to: now.toISOString(),
    total,
    perDay,
    byService: services
      .filter((row) => row.value !== null)
      .map((row) => ({ service: row.value as string, count: row.count }))
      .sort(byCount),
    byStatus,
    bySource: sources.map((row) => ({ source: row.value ?? '', count: row.count })).sort(byCount),
    responseRate: percent(total - byStatus.new, total),
    conversionRate: percent(byStatus.converted + byStatus.completed, total),
  };
}

// ---------------------------------------------------------------- CSV export

/** 'YYYY-MM-DD HH:mm' (UTC) of an ISO time. */
export function csvDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

const EXPORT_BATCH = 500;

type ExportRow = Awaited<ReturnType<typeof listExportBatch>>[number];

function csvRecord(row: ExportRow): string[] {
  return [
    contactName(row),
    row.email,
    row.phone ?? '',
    row.service ?? '',
    row.status,
    row.priority,
    csvDate(row.created_at),
    row.message,
  ].map(spreadsheetSafe);
}

/**
 * The filtered contacts (newest first, at most CONTACTS_EXPORT_MAX) as a CSV stream: header row, the
 * columns of contactCsvColumns, RFC 4180 quoting (commas, quotes and line breaks kept as written), CRLF.
 * Rows are read in batches as the client takes them; the first batch is read before the answer starts,
 * so a database that cannot answer gets the usual error envelope.
 */
export async function exportContactsCsv(db: Kysely<DB>, query: FilterQuery, view: StaffView): Promise<Readable> {
  const filter = filterOf(query, view);
  const first = await listExportBatch(db, filter, undefined, EXPORT_BATCH);
  async function* records() {
    let batch = first;
    let sent = 0;
    while (batch.length > 0) {
      for (const row of batch.slice(0, CONTACTS_EXPORT_MAX - sent)) yield csvRecord(row);
      sent += batch.length;
      const last = batch.at(-1)!;
      if (batch.length < EXPORT_BATCH || sent >= CONTACTS_EXPORT_MAX) return;
      batch = await listExportBatch(db, filter, { created_at: last.created_at, id: Number(last.id) }, EXPORT_BATCH);
    }
  }
  // A lone CR is a line break to spreadsheets: such values are quoted like those with LF or CRLF.
  const csv = stringify({
    header: true,
    columns: [...contactCsvColumns],
    record_delimiter: 'windows',
    quoted_match: /\r/,
  });
  // A failed batch destroys the stream, which ends the download short rather than leaving it hanging.
  return pipeline(Readable.from(records()), csv, () => {});
}

// ---------------------------------------------------------------- staff changes

async function changeOne(db: Kysely<DB>, id: number, changes: ContactChanges): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const updated = await updateContacts(trx, [id], changes, new Date().toISOString());
    if (updated === 0) throw notFound(ContactMessage.NOT_FOUND);
  });
}

/** Sets the status; a non-blank `notes` is appended as a note in the same transaction. */
export async function setStatus(
  db: Kysely<DB>,
  id: number,
  status: ContactStatus,
  notes: string | undefined,
  authorId: number,
): Promise<void> {
  const text = notes?.trim();
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    if ((await updateContacts(trx, [id], { status }, now)) === 0) throw notFound(ContactMessage.NOT_FOUND);
    if (text) await insertNote(trx, { contact_id: id, text, author_id: authorId, created_at: now });
  });
}

export async function setPriority(db: Kysely<DB>, id: number, priority: ContactPriority): Promise<void> {
  await changeOne(db, id, { priority });
}

/** Appends a note (trimmed; blank is refused). Notes are never edited or removed. */
export async function addNote(db: Kysely<DB>, id: number, note: string, authorId: number): Promise<void> {
  const text = note.trim();
  if (!text) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.NOTE_EMPTY, [
      { field: 'note', message: ContactMessage.NOTE_EMPTY },
    ]);
  }
  if ([...text].length > CONTACT_NOTE_MAX) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.NOTE_TOO_LONG, [
      { field: 'note', message: ContactMessage.NOTE_TOO_LONG },
    ]);
  }
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    // Touches updated_at and proves the contact exists before the note refers to it.
    if ((await updateContacts(trx, [id], {}, now)) === 0) throw notFound(ContactMessage.NOT_FOUND);
    await insertNote(trx, { contact_id: id, text, author_id: authorId, created_at: now });
  });
}

async function checkAssignee(db: Kysely<DB>, assignedTo: number | null | undefined): Promise<void> {
  if (assignedTo === null || assignedTo === undefined) return;
  if (!(await findActiveUser(db, assignedTo))) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.ASSIGNEE_NOT_FOUND, [
      { field: 'assignedTo', message: ContactMessage.ASSIGNEE_NOT_FOUND },
    ]);
  }
}

export async function assignContact(db: Kysely<DB>, id: number, assignedTo: number | null): Promise<void> {
  await checkAssignee(db, assignedTo);
  await changeOne(db, id, { assigned_to: assignedTo });
}

export async function setRead(db: Kysely<DB>, id: number, read: boolean): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const found = read
      ? await markContactsRead(trx, [id], now)
      : await updateContacts(trx, [id], { read_at: null }, now);
    if (found === 0) throw notFound(ContactMessage.NOT_FOUND);
  });
}

/** PATCH /contacts/{id}: any of status, priority, assignedTo, read; nothing given is a 400. */
export async function patchContact(db: Kysely<DB>, id: number, patch: ContactPatchRequest): Promise<void> {
  const changes: ContactChanges = {};
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.priority !== undefined) changes.priority = patch.priority;
  if (patch.assignedTo !== undefined) changes.assigned_to = patch.assignedTo;
  if (Object.keys(changes).length === 0 && patch.read === undefined) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, ContactMessage.NOTHING_TO_UPDATE);
  }
  await checkAssignee(db, patch.assignedTo);
  await writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    if (!(await contactExists(trx, id))) throw notFound(ContactMessage.NOT_FOUND);
    if (Object.keys(changes).length > 0) await updateContacts(trx, [id], changes, now);
    if (patch.read === true) await markContactsRead(trx, [id], now);
    if (patch.read === false) await updateContacts(trx, [id], { read_at: null }, now);
  });
}

/** "First Last", for the recent activity; null when there is no such contact. */
export async function contactNameOf(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await findContactName(db, id);
  return row ? contactName(row) : null;
}

export async function removeContact(db: Kysely<DB>, id: number): Promise<void> {
  const deleted = await writeTransaction(db, (trx) => deleteContacts(trx, [id]));
  if (deleted === 0) throw notFound(ContactMessage.NOT_FOUND);
}

/** A bulk action over the given ids (missing ones skipped); answers how many contacts it touched. */
export async function bulkAction(db: Kysely<DB>, request: ContactBulkRequest): Promise<number> {
  const { operation, contactIds } = request;
  const fieldError = (field: string, message: string) =>
    new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
  if (operation === 'status' && !request.status) throw fieldError('status', ContactMessage.BULK_STATUS_REQUIRED);
  if (operation === 'priority' && !request.priority) {
    throw fieldError('priority', ContactMessage.BULK_PRIORITY_REQUIRED);
  }
  return writeTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    switch (operation) {
      case 'delete':
        return deleteContacts(trx, contactIds);
      case 'status':
        return updateContacts(trx, contactIds, { status: request.status }, now);
      case 'priority':
        return updateContacts(trx, contactIds, { priority: request.priority }, now);
      case 'read':
        return markContactsRead(trx, contactIds, now);
      case 'unread':
        return updateContacts(trx, contactIds, { read_at: null }, now);
    }
  });
}
