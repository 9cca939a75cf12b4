import { z } from '../zod';
import { optionalText, pageQueryFields, paginationSchema } from './common';
import {
  CERTIFICATE_COURSE_MAX,
  CERTIFICATE_DESCRIPTION_MAX,
  CERTIFICATE_DURATION_MAX,
  CERTIFICATE_IMPORT_MAX_BYTES,
  CERTIFICATE_NUMBER_INPUT_MAX,
  CERTIFICATE_RECIPIENT_MAX,
  CERTIFICATE_REVOCATION_REASON_MAX,
  CERTIFICATES_MAX_PAGE_SIZE,
  CERTIFICATES_PAGE_SIZE,
  CertificateMessage,
  certificateStatuses,
  isCertificateNumber,
  isIsoDate,
  normalizeCertificateNumber,
  recipientTypes,
} from './certificates.values';

export type { CertificateCsvColumn, CertificateStatus, RecipientType } from './certificates.values';

/*
 * The certificate API. Public: GET /api/certificates/verify/{number}.
 * Staff: everything else under /api/certificates; admin and editor write, viewer reads. ADR 0014.
 */

const charCount = (value: string) => [...value].length;

/** Trimmed text of at most `max` characters (code points, as the columns count); blank or absent is null. */
const nullableText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .refine((v) => charCount(v) <= max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

export const recipientTypeSchema = z.enum(recipientTypes, { error: CertificateMessage.TYPE_REQUIRED });
export const certificateStatusSchema = z.enum(certificateStatuses, { error: CertificateMessage.STATUS_INVALID });

/**
 * A typed certificate number: trimmed, upper-cased and checked against SST-YYYY-NNNNN. Blank (or absent) is
 * undefined: POST generates a number, PUT keeps the current one.
 */
export const certificateNumberInputSchema = z
  .string()
  .max(CERTIFICATE_NUMBER_INPUT_MAX, CertificateMessage.NUMBER_FORMAT)
  .transform(normalizeCertificateNumber)
  .refine((v) => v === '' || isCertificateNumber(v), CertificateMessage.NUMBER_FORMAT)
  .nullish()
  .transform((v) => (v ? v : undefined));

/**
 * POST /api/certificates and PUT /api/certificates/{id} body, also each row of a CSV
 * import. Required: recipient name, type and issue date (the number is generated when blank). Dates are
 * YYYY-MM-DD; a blank or null expiry is stored as null ("never expires"), never as 0000-00-00. Expiry must
 * not be before issue. Status is set freely; 'revoked' needs a reason (kept with the revocation date).
 */
export const certificateWriteSchema = z
  .object({
    certificate_number: certificateNumberInputSchema,
    recipient_name: z
      .string({ error: CertificateMessage.RECIPIENT_REQUIRED })
      .trim()
      .min(1, CertificateMessage.RECIPIENT_REQUIRED)
      .refine((v) => charCount(v) <= CERTIFICATE_RECIPIENT_MAX, CertificateMessage.RECIPIENT_TOO_LONG),
    recipient_type: recipientTypeSchema,
    issue_date: z
      .string({ error: CertificateMessage.ISSUE_DATE_REQUIRED })
      .trim()
      // abort: a blank date is only "required", not also "not a valid date".
      .min(1, { error: CertificateMessage.ISSUE_DATE_REQUIRED, abort: true })
      .refine(isIsoDate, CertificateMessage.ISSUE_DATE_INVALID),
    expiry_date: z
      .string()
      .trim()
      .refine((v) => v === '' || isIsoDate(v), CertificateMessage.EXPIRY_DATE_INVALID)
      .nullish()
      .transform((v) => (v ? v : null)),
    course_name: nullableText(CERTIFICATE_COURSE_MAX, CertificateMessage.COURSE_TOO_LONG),
    duration: nullableText(CERTIFICATE_DURATION_MAX, CertificateMessage.DURATION_TOO_LONG),
    description: nullableText(CERTIFICATE_DESCRIPTION_MAX, CertificateMessage.DESCRIPTION_TOO_LONG),
    status: certificateStatusSchema.default('active'),
    revocation_reason: nullableText(CERTIFICATE_REVOCATION_REASON_MAX, CertificateMessage.REVOCATION_REASON_TOO_LONG),
  })
  .superRefine((value, ctx) => {
    // Compared only when both are dates: a field already refused is not refused a second time.
    if (
      value.expiry_date !== null &&
      isIsoDate(value.expiry_date) &&
      isIsoDate(value.issue_date) &&
      value.expiry_date < value.issue_date
    ) {
      ctx.addIssue({ code: 'custom', path: ['expiry_date'], message: CertificateMessage.EXPIRY_BEFORE_ISSUE });
    }
    if (value.status === 'revoked' && value.revocation_reason === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['revocation_reason'],
        message: CertificateMessage.REVOCATION_REASON_REQUIRED,
      });
    }
  });
/** What a form or client sends. */
export type CertificateWriteRequest = z.input<typeof certificateWriteSchema>;
/** The checked, normalised values the service stores. */
export type CertificateWrite = z.output<typeof certificateWriteSchema>;

/** A certificate as staff see it. `status` is the stored one; `effective_status` the one it has today. */
export const certificateSchema = z.object({
  id: z.number().int(),
  certificate_number: z.string(),
  recipient_name: z.string(),
  recipient_type: recipientTypeSchema,
  issue_date: z.string(),
  /** null: never expires. */
  expiry_date: z.string().nullable(),
  course_name: z.string().nullable(),
  duration: z.string().nullable(),
  description: z.string().nullable(),
  status: certificateStatusSchema,
  /** Revoked when revoked; expired when marked so or past its expiry date; else active. */
  effective_status: certificateStatusSchema,
  /** ISO time of the revocation; null unless status is revoked. */
  revoked_at: z.string().nullable(),
  /** Staff-only: never part of the public verification answer. */
  revocation_reason: z.string().nullable(),
  /** The absolute address of the verification page for this number (what the PDF's QR code encodes). */
  verify_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** What a certificate says of its recipient and course, as the verification page and an import preview show it. */
const certificateDetailFields = {
  recipient_name: z.string(),
  recipient_type: recipientTypeSchema,
  course_name: z.string().nullable(),
  issue_date: z.string(),
  expiry_date: z.string().nullable(),
  duration: z.string().nullable(),
  description: z.string().nullable(),
};

/**
 * GET /api/certificates/verify/{number} data: exactly what the verification page shows, nothing more (no id,
 * no revocation reason, no timestamps). `status` is the effective status; `revoked_on` the YYYY-MM-DD day of
 * a revocation.
 */
export const verifiedCertificateSchema = z.object({
  certificate_number: z.string(),
  ...certificateDetailFields,
  status: certificateStatusSchema,
  revoked_on: z.string().nullable(),
});
export type VerifiedCertificate = z.infer<typeof verifiedCertificateSchema>;

/** GET /api/certificates/verify/{number} path: any text up to the input bound; its format is checked by the handler. */
export const certificateVerifyParamsSchema = z.object({
  number: z.string().max(CERTIFICATE_NUMBER_INPUT_MAX, CertificateMessage.NUMBER_FORMAT),
});

/**
 * GET /api/certificates/verify/{number} query: `sig`, the signature of the address printed on the certificate
 * (optional; a wrong one is the same as none).
 */
export const certificateVerifyQuerySchema = z.object({
  sig: z.string().max(64).optional(),
});

/**
 * GET /api/certificates query. `search` matches number, recipient and course. `status` filters by the
 * effective status; `type` by recipient type; 'all' or absent mean any. Newest issue date first.
 */
export const certificateListQuerySchema = z.object({
  ...pageQueryFields(CERTIFICATES_PAGE_SIZE, CERTIFICATES_MAX_PAGE_SIZE),
  search: optionalText(100),
  status: z.enum([...certificateStatuses, 'all']).optional(),
  type: z.enum([...recipientTypes, 'all']).optional(),
});
export type CertificateListQuery = z.infer<typeof certificateListQuerySchema>;

export const certificateListDataSchema = z.object({
  certificates: z.array(certificateSchema),
  pagination: paginationSchema,
  /** Effective-status counts over every certificate (not only the filtered ones), for the filter chips. */
  counts: z.object({
    all: z.number().int(),
    active: z.number().int(),
    expired: z.number().int(),
    revoked: z.number().int(),
  }),
});
export type CertificateListData = z.infer<typeof certificateListDataSchema>;

/** POST /api/certificates/{id}/revoke: keeps the record, sets status revoked, the reason and the date. */
export const certificateRevokeRequestSchema = z.object({
  reason: z
    .string({ error: CertificateMessage.REVOCATION_REASON_REQUIRED })
    .trim()
    .min(1, CertificateMessage.REVOCATION_REASON_REQUIRED)
    .refine((v) => charCount(v) <= CERTIFICATE_REVOCATION_REASON_MAX, CertificateMessage.REVOCATION_REASON_TOO_LONG),
});

// ---------------------------------------------------------------- CSV bulk issue

/**
 * POST /api/certificates/import/preview and POST /api/certificates/import body: the CSV text (UTF-8, a
 * header row naming the columns of certificateCsvColumns or their aliases). `expected`, on import, is the
 * number of rows the preview showed: when the file now yields another number the import is refused (409)
 * so that staff never create what they did not see.
 */
export const certificateImportRequestSchema = z.object({
  csv: z.string().max(CERTIFICATE_IMPORT_MAX_BYTES, CertificateMessage.IMPORT_TOO_LARGE),
  expected: z.number().int().min(0).max(100_000).optional(),
});
export type CertificateImportRequest = z.infer<typeof certificateImportRequestSchema>;

/** A row that will be (or was) created. `certificate_number` null: generated when imported. */
export const certificateImportRowSchema = z.object({
  /** 1-based line of the file, the header being line 1. */
  line: z.number().int(),
  certificate_number: z.string().nullable(),
  ...certificateDetailFields,
});
export type CertificateImportRow = z.infer<typeof certificateImportRowSchema>;

/** A row refused, with every reason (field names as in the form; 'certificate_number' for duplicates). */
export const certificateImportRefusalSchema = z.object({
  line: z.number().int(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type CertificateImportRefusal = z.infer<typeof certificateImportRefusalSchema>;

/** The preview's answer: nothing is written. */
export const certificateImportPreviewSchema = z.object({
  rows: z.array(certificateImportRowSchema),
  refused: z.array(certificateImportRefusalSchema),
});
export type CertificateImportPreview = z.infer<typeof certificateImportPreviewSchema>;

/**
 * The import's answer: the certificates created, in one transaction (all or none), and the rows refused
 * (skipped). A file where no row can be created is a 400 with the refusals in `errors`.
 */
export const certificateImportResultSchema = z.object({
  created: z.array(certificateSchema),
  refused: z.array(certificateImportRefusalSchema),
});
export type CertificateImportResult = z.infer<typeof certificateImportResultSchema>;
