/*
 * Certificates' plain values (types, statuses, number format, limits, texts, dates): no zod, so the public
 * verification page can import them without the schemas. src/shared/contracts/certificates.ts re-exports them.
 */

export const recipientTypes = ['intern', 'employee', 'client'] as const;
export type RecipientType = (typeof recipientTypes)[number];

export const recipientTypeLabels: Record<RecipientType, string> = {
  intern: 'Intern',
  employee: 'Employee',
  client: 'Client',
};

/** Stored statuses, set freely by staff. */
export const certificateStatuses = ['active', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

/** The status capitalised, as the verification page and the admin badge show it. */
export const certificateStatusLabels: Record<CertificateStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** The fixed prefix of every number. */
export const CERTIFICATE_PREFIX = 'SST';
/** The random part: five digits, 10000 to 99999. */
export const CERTIFICATE_SERIAL_MIN = 10_000;
export const CERTIFICATE_SERIAL_MAX = 99_999;
/** SST-YYYY-NNNNN, upper case, the serial from 10000 to 99999. */
export const CERTIFICATE_NUMBER_PATTERN = /^SST-(\d{4})-([1-9]\d{4})$/;
export const CERTIFICATE_NUMBER_EXAMPLE = 'SST-2026-12345';
/** Longest text taken as a number to look up; longer input is refused before any query. */
export const CERTIFICATE_NUMBER_INPUT_MAX = 50;

/** Field limits (characters), matching the certificates columns. */
export const CERTIFICATE_RECIPIENT_MAX = 200;
export const CERTIFICATE_COURSE_MAX = 300;
export const CERTIFICATE_DURATION_MAX = 100;
export const CERTIFICATE_DESCRIPTION_MAX = 2000;
export const CERTIFICATE_REVOCATION_REASON_MAX = 500;

/** Admin list: 20 a page, newest issue date first. */
export const CERTIFICATES_PAGE_SIZE = 20;
export const CERTIFICATES_MAX_PAGE_SIZE = 100;

/** CSV bulk issue: at most this many rows and bytes per file. */
export const CERTIFICATE_IMPORT_MAX_ROWS = 500;
export const CERTIFICATE_IMPORT_MAX_BYTES = 512 * 1024;

/**
 * CSV bulk issue columns, in the order of the template. `certificate_number` may be blank (a number is
 * generated); the others follow the certificate form's rules. Every certificate imported starts active.
 */
export const certificateCsvColumns = [
  'certificate_number',
  'recipient_name',
  'recipient_type',
  'course_name',
  'issue_date',
  'expiry_date',
  'duration',
  'description',
] as const;
export type CertificateCsvColumn = (typeof certificateCsvColumns)[number];
/** Columns a file must have; the rest may be missing. */
export const certificateCsvRequiredColumns: readonly CertificateCsvColumn[] = [
  'recipient_name',
  'recipient_type',
  'issue_date',
];
/** Other header names taken for a column (compared lower-cased, with spaces and dashes as underscores). */
export const certificateCsvAliases: Record<string, CertificateCsvColumn> = {
  number: 'certificate_number',
  certificate: 'certificate_number',
  recipient: 'recipient_name',
  name: 'recipient_name',
  type: 'recipient_type',
  course: 'course_name',
  program: 'course_name',
  issued: 'issue_date',
  issue: 'issue_date',
  expires: 'expiry_date',
  expiry: 'expiry_date',
};

/** Verification page address and its query parameter: a link or QR code opens the result directly. */
export const VERIFY_CERTIFICATE_PATH = '/verify-certificate';
export const VERIFY_NUMBER_PARAM = 'number';
/** The signature a printed certificate's address carries (the server's verify-link.ts). */
export const VERIFY_SIGNATURE_PARAM = 'sig';

/** Every text of the certificate flow. */
export const CertificateMessage = {
  // Public.
  NUMBER_REQUIRED: 'Please enter a certificate number',
  NOT_FOUND: 'Certificate with number "{number}" was not found in our records. Please check the number and try again.',
  VERIFY_FAILED: 'Certificate verification failed. Please try again later or contact support if the issue persists.',
  VERIFIED: 'Certificate Verified',
  /** Ours: a number that cannot be one of ours, shown after NOT_FOUND on the page and as the API's 400. */
  NUMBER_FORMAT: `Certificate numbers look like ${CERTIFICATE_NUMBER_EXAMPLE}: SST, the year of issue and five digits.`,
  /** Ours: the verification page and API past the rate limit. */
  VERIFY_RATE_LIMITED: 'Too many verification attempts. Please wait a minute and try again.',
  /** Ours: the verification page for a revoked certificate ({date} is the revocation date). */
  REVOKED_NOTICE: 'This certificate was revoked on {date} and is no longer valid.',
  REVOKED_NOTICE_UNDATED: 'This certificate has been revoked and is no longer valid.',
  EXPIRED_NOTICE: 'This certificate expired on {date}.',
  EXPIRED_NOTICE_UNDATED: 'This certificate has expired.',
  /** Ours: the verification page's heading for a revoked certificate, which must not read as verified. */
  REVOKED_TITLE: 'Certificate Revoked',
  // Admin.
  LOAD_FAILED: 'Failed to load certificates. Please try again.',
  DETAILS_FAILED: 'Failed to load certificate details. Please try again.',
  SAVE_FAILED: 'Failed to save certificate. Please check your inputs and try again.',
  DELETE_FAILED: 'Failed to delete certificate. Please try again.',
  DELETE_CONFIRM: 'Are you sure you want to delete this certificate?',
  EMPTY_SEARCH: 'No certificates match your search.',
  EMPTY_NONE: 'No certificates found. Add your first certificate!',
  // Ours: admin successes.
  CREATED: 'Certificate {number} created successfully',
  UPDATED: 'Certificate {number} updated successfully',
  DELETED: 'Certificate deleted successfully',
  REVOKED: 'Certificate {number} revoked',
  IMPORTED: '{count} certificates created successfully',
  // Field errors: the server's and the form's.
  NUMBER_TAKEN: 'Certificate number {number} is already in use.',
  /** Ours: a staff call naming a certificate id that does not exist (or no longer does). */
  NOT_FOUND_ID: 'Certificate not found',
  /** Ours: no free generated number was found for the year of issue after several tries (503). */
  NUMBERS_EXHAUSTED: 'No free certificate number could be found for {year}. Please type a number and try again.',
  RECIPIENT_REQUIRED: 'Recipient name is required',
  RECIPIENT_TOO_LONG: `Recipient name must be at most ${CERTIFICATE_RECIPIENT_MAX} characters.`,
  TYPE_REQUIRED: 'Recipient type must be one of: intern, employee, client',
  /** The form's words for the same problem: staff pick from a list, they do not type a value. */
  TYPE_CHOOSE: 'Choose who the certificate is for: an intern, an employee or a client.',
  STATUS_INVALID: 'Status must be one of: active, expired, revoked',
  ISSUE_DATE_REQUIRED: 'Issue date is required',
  ISSUE_DATE_INVALID: 'Issue date must be a valid date (YYYY-MM-DD)',
  EXPIRY_DATE_INVALID: 'Expiry date must be a valid date (YYYY-MM-DD) or empty for no expiry',
  EXPIRY_BEFORE_ISSUE: 'Expiry date must be on or after the issue date',
  COURSE_TOO_LONG: `Course must be at most ${CERTIFICATE_COURSE_MAX} characters.`,
  DURATION_TOO_LONG: `Duration must be at most ${CERTIFICATE_DURATION_MAX} characters.`,
  DESCRIPTION_TOO_LONG: `Description must be at most ${CERTIFICATE_DESCRIPTION_MAX} characters.`,
  REVOCATION_REASON_REQUIRED: 'Please give the reason for revoking this certificate',
  REVOCATION_REASON_TOO_LONG: `The reason must be at most ${CERTIFICATE_REVOCATION_REASON_MAX} characters.`,
  // CSV import.
  IMPORT_EMPTY: 'The file has no certificate rows.',
  IMPORT_TOO_MANY_ROWS: `A file may hold at most ${CERTIFICATE_IMPORT_MAX_ROWS} certificates.`,
  IMPORT_TOO_LARGE: `The file is larger than ${CERTIFICATE_IMPORT_MAX_BYTES / 1024} KB.`,
  IMPORT_UNREADABLE: 'The file could not be read as CSV: {reason}',
  IMPORT_MISSING_COLUMNS: 'The file has no column for: {columns}.',
  IMPORT_NOTHING_VALID: 'No row of the file can be imported; see the reasons given for each row.',
  IMPORT_DUPLICATE_IN_FILE: 'Certificate number {number} appears more than once in the file.',
  /** Ours: a row with more values than the header has columns (often an unquoted comma in a name). */
  IMPORT_ROW_TOO_LONG:
    'This row has {count} values but the header names {columns} columns; quote values that contain commas.',
  /** Ours: the import found another number of rows to create than the preview showed (409). */
  IMPORT_CHANGED:
    'The file now gives {count} certificates to create instead of the {expected} previewed. Please preview it again.',
} as const;

/** How a typed number is looked up: trimmed and upper-cased. */
export function normalizeCertificateNumber(text: string): string {
  return text.trim().toUpperCase();
}

/** True for SST-YYYY-NNNNN with a serial from 10000 to 99999 (after normalizeCertificateNumber). */
export function isCertificateNumber(text: string): boolean {
  return CERTIFICATE_NUMBER_PATTERN.test(text);
}

/** The year part of a well-formed number. */
export function certificateNumberYear(number: string): number | undefined {
  const match = CERTIFICATE_NUMBER_PATTERN.exec(number);
  return match ? Number(match[1]) : undefined;
}

/**
 * The verification page for a number, relative (prefix with the site's origin for a QR code or an e-mail),
 * with the signature the server gives the addresses it prints.
 */
export function verifyCertificateHref(number: string, signature?: string): string {
  const href = `${VERIFY_CERTIFICATE_PATH}?${VERIFY_NUMBER_PARAM}=${encodeURIComponent(number)}`;
  return signature ? `${href}&${VERIFY_SIGNATURE_PARAM}=${encodeURIComponent(signature)}` : href;
}

/** Today's date as YYYY-MM-DD in UTC: the day certificate expiry is judged against. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD (no 0000-00-00 placeholder, no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= '1900-01-01';
}

/**
 * The status a certificate has today: revoked when staff revoked it; expired when staff marked it so or its
 * expiry date has passed (a certificate is valid through its expiry date); otherwise active.
 */
export function effectiveCertificateStatus(
  status: CertificateStatus,
  expiryDate: string | null,
  today: string = todayIsoDate(),
): CertificateStatus {
  if (status === 'revoked') return 'revoked';
  if (status === 'expired') return 'expired';
  return expiryDate !== null && expiryDate < today ? 'expired' : 'active';
}
