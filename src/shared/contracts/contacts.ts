import { z } from '../zod';
import { optionalText, pageQueryFields, rowId } from './common';
import {
  CONTACT_NOTE_MAX,
  CONTACTS_BULK_MAX,
  CONTACTS_MAX_PAGE_SIZE,
  CONTACTS_PAGE_SIZE,
  CONTACTS_RECENT_DEFAULT,
  CONTACTS_RECENT_MAX,
  contactPriorities,
  contactSources,
  contactStatuses,
} from './contacts.values';

export type { ContactPriority, ContactStatus } from './contacts.values';

/*
 * The contact request API. Public: POST /api/contacts. Staff: /api/contacts/admin/*
 * and /api/contacts/{id}/*; admin and editor write, viewer reads.
 */

// ---------------------------------------------------------------- public submission

/**
 * POST /api/contacts body. Only the types are checked by the schema; the server trims every field and
 * applies checkContactForm (the quote form's own checks) plus the company's service list, answering 400
 * VALIDATION_ERROR with one `errors[]` entry per field. `website` is a honeypot that people never fill in:
 * a filled one gets the same 201 answer and nothing is stored.
 */
export const contactSubmitRequestSchema = z.object({
  first_name: z.string().max(10_000).optional(),
  last_name: z.string().max(10_000).optional(),
  email: z.string().max(10_000).optional(),
  phone: z.string().max(10_000).nullish(),
  service: z.string().max(10_000).nullish(),
  message: z.string().max(10_000).optional(),
  source: z.enum(contactSources).optional(),
  website: z.string().max(10_000).optional(),
});
export type ContactSubmitRequest = z.infer<typeof contactSubmitRequestSchema>;

/** 201 answer: `message` is the catalogue's 'Thank you for your message! ...'. Never echoes what was stored. */
export const contactSubmitResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ received: z.literal(true) }),
  message: z.string(),
});
export type ContactSubmitResponse = z.infer<typeof contactSubmitResponseSchema>;

// ---------------------------------------------------------------- staff view

export const contactStatusSchema = z.enum(contactStatuses);
export const contactPrioritySchema = z.enum(contactPriorities);

/** A staff member a contact can be assigned to. */
export const contactAssigneeSchema = z.object({ id: z.number().int(), username: z.string() });
export type ContactAssignee = z.infer<typeof contactAssigneeSchema>;

/** One note: append-only, newest last. `timestamp` is the ISO time it was added. */
export const contactNoteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  timestamp: z.string(),
  author: z.string().nullable(),
});
export type ContactNote = z.infer<typeof contactNoteSchema>;

/** A contact as the staff list shows it. */
export const contactSummarySchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  service: z.string().nullable(),
  message: z.string(),
  source: z.string(),
  status: contactStatusSchema,
  priority: contactPrioritySchema,
  /** The failed-submission line: set while a mail about this contact cannot be delivered. */
  error_message: z.string().nullable(),
  assignedTo: contactAssigneeSchema.nullable(),
  read: z.boolean(),
  read_at: z.string().nullable(),
  /** The day (YYYY-MM-DD, the site's time zone) staff mean to follow the lead up; null: no reminder (ADR 0047). */
  follow_up_on: z.string().nullable(),
  notes_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

/** A reply staff sent the lead by e-mail from the Contacts tab (kept in the contact's responses). */
export const contactReplySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  created_at: z.string(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

/** GET /api/contacts/{id}: the summary plus its notes and the replies sent (oldest first). */
export const contactDetailSchema = contactSummarySchema.extend({
  notes: z.array(contactNoteSchema),
  replies: z.array(contactReplySchema),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;

export const contactSortFields = ['created_at', 'updated_at', 'last_name', 'email', 'status', 'priority'] as const;

/**
 * GET /api/contacts/admin query (and GET /api/contacts/admin/export, POST /api/contacts/admin/search body).
 * `search` matches names, e-mail, phone, service and message. `status`/`priority` 'all' or absent mean any.
 * `dateFrom`/`dateTo` are YYYY-MM-DD, inclusive, UTC. `sort` and `sortOrder` are synonyms.
 */
export const contactFilterFields = {
  search: optionalText(200),
  status: z.enum([...contactStatuses, 'all']).optional(),
  priority: z.enum([...contactPriorities, 'all']).optional(),
  read: z.enum(['read', 'unread', 'all']).optional(),
  assignedTo: z
    .union([z.literal('me'), z.literal('none'), z.coerce.number().int().min(1).max(2_147_483_647)])
    .optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
  /** 'due': a follow-up on or before today (the site's day); 'set': any follow-up. */
  followUp: z.enum(['due', 'set']).optional(),
};
export const contactListQuerySchema = z.object({
  ...pageQueryFields(CONTACTS_PAGE_SIZE, CONTACTS_MAX_PAGE_SIZE),
  ...contactFilterFields,
  sortBy: z.enum(contactSortFields).optional(),
  sort: z.enum(['asc', 'desc']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const contactListDataSchema = z.object({
  contacts: z.array(contactSummarySchema),
  /** `totalPages` is the spec's name; `pages` the one the other lists use. */
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type ContactListData = z.infer<typeof contactListDataSchema>;

/** GET /api/contacts/admin/export query: the list filters plus format (CSV only). */
export const contactExportQuerySchema = z.object({
  ...contactFilterFields,
  format: z.enum(['csv']).optional(),
});
export type ContactExportQuery = z.infer<typeof contactExportQuerySchema>;

/** The CSV columns, in order. File name contacts_{YYYY-MM-DD}.csv. */
export const contactCsvColumns = [
  'Name',
  'Email',
  'Phone',
  'Service',
  'Status',
  'Priority',
  'Date',
  'Message',
] as const;

// ---------------------------------------------------------------- staff changes

/** PATCH /api/contacts/{id}/status: `notes`, when not blank, is appended as a note. */
export const contactStatusRequestSchema = z.object({
  status: contactStatusSchema,
  notes: z.string().max(CONTACT_NOTE_MAX).optional(),
});
/** PATCH /api/contacts/{id}/priority and /api/contacts/admin/{id}/priority. */
export const contactPriorityRequestSchema = z.object({ priority: contactPrioritySchema });
/** PATCH /api/contacts/{id}/notes: appends one note (notes are never edited or removed). */
export const contactNoteRequestSchema = z.object({ note: z.string().max(10_000) });
/** POST /api/contacts/{id}/replies: the reply's text (trimmed and measured by the service). */
export const contactReplyRequestSchema = z.object({ message: z.string().max(20_000) });
/** PUT /api/contacts/{id}/follow-up: the day to be reminded (YYYY-MM-DD), or null to take the reminder off. */
export const contactFollowUpRequestSchema = z.object({
  on: z.iso
    .date({ error: 'Choose a day for the follow-up' })
    .refine((day) => day >= '2000-01-01' && day <= '2100-12-31', 'Choose a day for the follow-up')
    .nullable(),
});
export const contactFollowUpDataSchema = z.object({ follow_up_on: z.string().nullable() });
/** PATCH /api/contacts/admin/{id}/assign: a staff user id, or null to unassign. */
export const contactAssignRequestSchema = z.object({ assignedTo: rowId().nullable() });
/** PATCH /api/contacts/{id}: any of the fields staff may change (what the visitor wrote is never edited). */
export const contactPatchRequestSchema = z
  .object({
    status: contactStatusSchema,
    priority: contactPrioritySchema,
    assignedTo: rowId().nullable(),
    read: z.boolean(),
  })
  .partial();
export type ContactPatchRequest = z.infer<typeof contactPatchRequestSchema>;

export const contactBulkOperations = ['delete', 'status', 'priority', 'read', 'unread'] as const;
/**
 * PATCH /api/contacts/admin/bulk: `status` goes with operation 'status', `priority` with 'priority'.
 * Answers the number of contacts changed; ids that do not exist are skipped.
 */
export const contactBulkRequestSchema = z.object({
  operation: z.enum(contactBulkOperations),
  contactIds: z.array(rowId()).min(1).max(CONTACTS_BULK_MAX),
  status: contactStatusSchema.optional(),
  priority: contactPrioritySchema.optional(),
});
export type ContactBulkRequest = z.infer<typeof contactBulkRequestSchema>;
export const contactBulkDataSchema = z.object({ affected: z.number().int() });

// ---------------------------------------------------------------- figures

/** GET /api/contacts/admin/stats. */
export const contactStatsSchema = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  today: z.number().int(),
  thisWeek: z.number().int(),
  failing: z.number().int(),
  byStatus: z.record(contactStatusSchema, z.number().int()),
  byPriority: z.record(contactPrioritySchema, z.number().int()),
});
export type ContactStats = z.infer<typeof contactStatsSchema>;

/** GET /api/contacts/admin/recent?limit. */
export const contactRecentQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONTACTS_RECENT_MAX).default(CONTACTS_RECENT_DEFAULT),
});

/** GET /api/contacts/admin/analytics?period: '7d', '30d' (default), '90d' or '365d'. */
export const contactAnalyticsQuerySchema = z.object({ period: z.enum(['7d', '30d', '90d', '365d']).default('30d') });
export const contactAnalyticsSchema = z.object({
  period: z.string(),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  perDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  byService: z.array(z.object({ service: z.string(), count: z.number().int() })),
  byStatus: z.record(contactStatusSchema, z.number().int()),
  bySource: z.array(z.object({ source: z.string(), count: z.number().int() })),
  /** Share (percent, two decimals) no longer 'new'. */
  responseRate: z.number(),
  /** Share (percent, two decimals) converted or completed. */
  conversionRate: z.number(),
});
export type ContactAnalytics = z.infer<typeof contactAnalyticsSchema>;
