import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, ok, okWithMessage, successEnvelope } from '../../../shared/contracts/common';
import { siteDayOf } from '../../../shared/site-day';
import {
  contactAnalyticsQuerySchema,
  contactAnalyticsSchema,
  contactAssignRequestSchema,
  contactAssigneeSchema,
  contactBulkDataSchema,
  contactBulkRequestSchema,
  contactDetailSchema,
  contactExportQuerySchema,
  contactListDataSchema,
  contactListQuerySchema,
  contactNoteRequestSchema,
  contactPatchRequestSchema,
  contactPriorityRequestSchema,
  contactRecentQuerySchema,
  contactStatsSchema,
  contactStatusRequestSchema,
  contactSubmitRequestSchema,
  contactSubmitResponseSchema,
  contactSummarySchema,
  type ContactBulkRequest,
  type ContactPatchRequest,
  type ContactPriority,
  type ContactStatus,
} from '../../../shared/contracts/contacts';
import { ContactMessage, contactPriorityLabels, contactStatusLabels } from '../../../shared/contracts/contacts.values';
import { formatMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import { contactSubmitLimit } from './contact-limit';
import {
  addNote,
  assignContact,
  bulkAction,
  contactNameOf,
  patchContact,
  removeContact,
  setPriority,
  setRead,
  setStatus,
} from './contact-changes';
import { contactAnalytics, contactStats } from './contact-stats';
import { exportContactsCsv } from './contacts-export';
import {
  getContact,
  listAssignees,
  listContactsPage,
  type StaffView,
  recentContacts,
  submitContact,
} from './contacts.service';

const tags = ['contacts'];

/**
 * Per client address, shared with the no-JS page form (POST /): one limiter for both (contact-limit.ts),
 * so a visitor has five submissions per ten minutes whichever way they send them.
 */
export { CONTACT_RATE_LIMIT } from './contact-limit';

const done = messageEnvelope(z.null());
const doneWith = (message: string) => okWithMessage(null, message);
const priorityMessage = (priority: ContactPriority) => formatMessage(ContactMessage.PRIORITY_UPDATED, { priority });

/** The recent activity's words ("Changed contact status to in progress"). */
const statusWord = (status: ContactStatus) => contactStatusLabels[status].toLowerCase();
const priorityWord = (priority: ContactPriority) => contactPriorityLabels[priority].toLowerCase();
const contactsWord = (count: number) => `${count} ${count === 1 ? 'contact' : 'contacts'}`;

/** Marking read or unread is not worth an activity: opening a contact does it. */
function patchActivity({ status, priority, assignedTo }: ContactPatchRequest): string | null {
  const changed = [status, priority, assignedTo].filter((value) => value !== undefined).length;
  if (changed === 0) return null;
  if (changed > 1) return 'Updated contact';
  if (status) return `Changed contact status to ${statusWord(status)}`;
  if (priority) return `Changed contact priority to ${priorityWord(priority)}`;
  return assignedTo === null ? 'Unassigned contact' : 'Assigned contact';
}

function bulkActivity(request: ContactBulkRequest, affected: number): string | null {
  if (affected === 0) return null;
  switch (request.operation) {
    case 'delete':
      return `Deleted ${contactsWord(affected)}`;
    case 'status':
      return request.status ? `Changed status of ${contactsWord(affected)} to ${statusWord(request.status)}` : null;
    case 'priority':
      return request.priority
        ? `Changed priority of ${contactsWord(affected)} to ${priorityWord(request.priority)}`
        : null;
    default:
      return null;
  }
}

/**
 * /api/contacts: the public submission and the staff calls. The /admin/* paths are
 * static segments, which Fastify's router always prefers to the /:id parameter.
 */
export async function contactsRoutes(app: FastifyInstance): Promise<void> {
  // Leads: no page shows them.
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const staffView = (request: FastifyRequest): StaffView => ({
    userId: requireUser(request).id,
    today: siteDayOf(new Date(), app.config.siteTimeZone),
  });
  /** A staff change of one contact: the contact is named by what is stored before the change. */
  const changed = <Body>(action: string | ((body: Body) => string | null)) =>
    activity<unknown, { id: number }, Body>({
      type: 'contact',
      action: typeof action === 'string' ? action : (request) => action(request.body),
      itemBefore: (request) => contactNameOf(db(), request.params.id),
    });

  r.post(
    '',
    {
      config: { access: 'public' },
      onRequest: contactSubmitLimit,
      schema: {
        tags,
        summary: 'Send a contact request (quote form)',
        body: contactSubmitRequestSchema,
        response: { 201: contactSubmitResponseSchema },
      },
    },
    async (request, reply) => {
      await submitContact(db(), app.staffAlerts, request.body, request.log, request.ip);
      reply.header('cache-control', 'no-store').status(201);
      return okWithMessage({ received: true as const }, ContactMessage.RECEIVED);
    },
  );

  // ---------------------------------------------------------------- staff: /admin/*

  const listResponse = { 200: successEnvelope(contactListDataSchema) };

  r.get(
    '/admin',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Contact requests, newest first, filtered, searched and paged',
        querystring: contactListQuerySchema,
        response: listResponse,
      },
    },
    async (request) => ok(await listContactsPage(db(), request.query, staffView(request))),
  );

  r.post(
    '/admin/search',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'The contact list, with the query in the body',
        body: contactListQuerySchema,
        response: listResponse,
      },
    },
    async (request) => ok(await listContactsPage(db(), request.body, staffView(request))),
  );

  r.get(
    '/admin/stats',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Contact totals: all, unread, today, this week, failing mail, per status and priority',
        response: { 200: successEnvelope(contactStatsSchema) },
      },
    },
    async () => ok(await contactStats(db())),
  );

  r.get(
    '/admin/recent',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'The newest contact requests',
        querystring: contactRecentQuerySchema,
        response: { 200: successEnvelope(z.array(contactSummarySchema)) },
      },
    },
    async (request) => ok(await recentContacts(db(), request.query.limit)),
  );

  r.get(
    '/admin/analytics',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Contact figures over a period: per day, service, status and source; response and conversion rates',
        querystring: contactAnalyticsQuerySchema,
        response: { 200: successEnvelope(contactAnalyticsSchema) },
      },
    },
    async (request) => ok(await contactAnalytics(db(), request.query.period)),
  );

  r.get(
    '/admin/assignees',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Active staff a contact can be assigned to',
        response: { 200: successEnvelope(z.array(contactAssigneeSchema)) },
      },
    },
    async () => ok(await listAssignees(db())),
  );

  r.get(
    '/admin/export',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'The filtered contact list as a CSV download',
        querystring: contactExportQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await exportContactsCsv(db(), request.query, staffView(request));
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="contacts_${day}.csv"`)
        .header('cache-control', 'private, no-store');
      return reply.send(csv);
    },
  );

  r.patch(
    '/admin/bulk',
    {
      config: {
        access: 'content',
        activity: activity<{ affected: number }, unknown, ContactBulkRequest>({
          type: 'contact',
          action: (request, data) => bulkActivity(request.body, data.affected),
        }),
      },
      schema: {
        tags,
        summary: 'Delete, or set the status, priority or read state of, several contacts',
        body: contactBulkRequestSchema,
        response: { 200: messageEnvelope(contactBulkDataSchema) },
      },
    },
    async (request) => {
      const affected = await bulkAction(db(), request.body);
      const message = request.body.operation === 'delete' ? ContactMessage.BULK_DELETED : ContactMessage.BULK_UPDATED;
      return okWithMessage({ affected }, message);
    },
  );

  r.patch(
    '/admin/:id/read',
    {
      config: { access: 'content' },
      schema: { tags, summary: 'Mark a contact read', params: idParamsSchema, response: { 200: done } },
    },
    async (request) => {
      await setRead(db(), request.params.id, true);
      return doneWith(ContactMessage.MARKED_READ);
    },
  );

  r.patch(
    '/admin/:id/unread',
    {
      config: { access: 'content' },
      schema: { tags, summary: 'Mark a contact unread', params: idParamsSchema, response: { 200: done } },
    },
    async (request) => {
      await setRead(db(), request.params.id, false);
      return doneWith(ContactMessage.MARKED_UNREAD);
    },
  );

  r.patch(
    '/admin/:id/assign',
    {
      config: {
        access: 'content',
        activity: changed<{ assignedTo: number | null }>((body) =>
          body.assignedTo === null ? 'Unassigned contact' : 'Assigned contact',
        ),
      },
      schema: {
        tags,
        summary: 'Assign a contact to an active staff member, or unassign it (null)',
        params: idParamsSchema,
        body: contactAssignRequestSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await assignContact(db(), request.params.id, request.body.assignedTo);
      return doneWith(request.body.assignedTo === null ? ContactMessage.UNASSIGNED : ContactMessage.ASSIGNED);
    },
  );

  // ---------------------------------------------------------------- staff: /:id

  r.get(
    '/:id',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'One contact request with its notes (oldest first); does not mark it read',
        params: idParamsSchema,
        response: { 200: successEnvelope(contactDetailSchema) },
      },
    },
    async (request) => ok(await getContact(db(), request.params.id)),
  );

  r.patch(
    '/:id/status',
    {
      config: {
        access: 'content',
        activity: changed<{ status: ContactStatus }>((body) => `Changed contact status to ${statusWord(body.status)}`),
      },
      schema: {
        tags,
        summary: "Change a contact's status, optionally adding a note",
        params: idParamsSchema,
        body: contactStatusRequestSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const { status, notes } = request.body;
      await setStatus(db(), request.params.id, status, notes, requireUser(request).id);
      return doneWith(ContactMessage.STATUS_UPDATED);
    },
  );

  // Spec 02 section 7 lists the priority change under both paths; they are one call.
  for (const url of ['/:id/priority', '/admin/:id/priority']) {
    r.patch(
      url,
      {
        config: {
          access: 'content',
          activity: changed<{ priority: ContactPriority }>(
            (body) => `Changed contact priority to ${priorityWord(body.priority)}`,
          ),
        },
        schema: {
          tags,
          summary: "Change a contact's priority",
          params: idParamsSchema,
          body: contactPriorityRequestSchema,
          response: { 200: done },
        },
      },
      async (request) => {
        await setPriority(db(), request.params.id, request.body.priority);
        return doneWith(priorityMessage(request.body.priority));
      },
    );
  }

  r.patch(
    '/:id/notes',
    {
      config: { access: 'content', activity: changed('Added note to contact') },
      schema: {
        tags,
        summary: 'Append a note to a contact (notes are never edited or removed)',
        params: idParamsSchema,
        body: contactNoteRequestSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await addNote(db(), request.params.id, request.body.note, requireUser(request).id);
      return doneWith(ContactMessage.NOTE_ADDED);
    },
  );

  r.patch(
    '/:id',
    {
      config: { access: 'content', activity: changed(patchActivity) },
      schema: {
        tags,
        summary: "Change a contact's status, priority, assignee or read state",
        params: idParamsSchema,
        body: contactPatchRequestSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await patchContact(db(), request.params.id, request.body);
      return doneWith(ContactMessage.UPDATED);
    },
  );

  r.delete(
    '/:id',
    {
      config: { access: 'content', activity: changed('Deleted contact') },
      schema: {
        tags,
        summary: 'Delete a contact request and its notes',
        params: idParamsSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await removeContact(db(), request.params.id);
      return doneWith(ContactMessage.DELETED);
    },
  );
}
