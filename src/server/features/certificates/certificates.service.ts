import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type {
  Certificate,
  CertificateImportPreview,
  CertificateImportResult,
  CertificateListData,
  CertificateListQuery,
  CertificateWrite,
  VerifiedCertificate,
} from '../../../shared/contracts/certificates';
import {
  CERTIFICATE_PREFIX,
  CERTIFICATE_SERIAL_MAX,
  CERTIFICATE_SERIAL_MIN,
  CertificateMessage,
  certificateStatuses,
  effectiveCertificateStatus,
  isCertificateNumber,
  normalizeCertificateNumber,
  todayIsoDate,
} from '../../../shared/contracts/certificates.values';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { readCertificateCsv, type CheckedCsv } from './certificate-csv';
import { renderCertificatePdf } from './certificate-pdf';
import {
  certificateIdWithNumber,
  countByEffectiveStatus,
  countCertificates,
  deleteCertificate,
  findCertificateById,
  findCertificateByNumber,
  findCertificateForUpdate,
  findCertificatesByNumbers,
  findIssuer,
  insertCertificate,
  insertCertificates,
  listCertificates,
  storedNumbers,
  updateCertificate,
  type CertificateFilter,
  type CertificateRow,
  type CertificateValues,
} from './certificates.repository';
import type { CertificateSite } from './verify-link';

/** The not-found answer for a certificate id (staff calls). */
const certificateNotFound = () => notFound(CertificateMessage.NOT_FOUND_ID);

/** A row as staff see it; `site` gives the verification address printed on it. */
export function toCertificate(row: CertificateRow, site: CertificateSite, today = todayIsoDate()): Certificate {
  return {
    id: Number(row.id),
    certificate_number: row.certificate_number,
    recipient_name: row.recipient_name,
    recipient_type: row.recipient_type,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    course_name: row.course_name,
    duration: row.duration,
    description: row.description,
    status: row.status,
    effective_status: effectiveCertificateStatus(row.status, row.expiry_date, today),
    revoked_at: row.revoked_at,
    revocation_reason: row.revocation_reason,
    verify_url: site.verifyUrl(row.certificate_number),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** One certificate for staff; 404 when there is none. */
export async function getCertificate(db: Kysely<DB>, id: number, site: CertificateSite): Promise<Certificate> {
  const row = await findCertificateById(db, id);
  if (!row) throw certificateNotFound();
  return toCertificate(row, site);
}

/**
 * A certificate as a printable PDF (A4 landscape, QR code to its verification page); 404 when there is none.
 * Issued in the company profile's name, or the site's host name before a profile exists.
 */
export async function certificatePdf(
  db: Kysely<DB>,
  id: number,
  site: CertificateSite,
  render: typeof renderCertificatePdf = renderCertificatePdf,
): Promise<{ certificate: Certificate; pdf: Buffer }> {
  const [certificate, issuer] = await Promise.all([getCertificate(db, id, site), findIssuer(db)]);
  const pdf = await render(certificate, {
    name: issuer?.name ?? new URL(site.publicUrl).hostname,
    signatory: issuer?.founder || null,
  });
  return { certificate, pdf };
}

/**
 * What the verification page shows of the certificate with this number (as typed: it is normalised here),
 * or null when the number is not one of ours. Only the public fields: no id, no reason, no timestamps. The
 * status is the one it has today (UTC), so a certificate past its expiry date verifies as expired.
 */
export async function verifyCertificate(
  db: Kysely<DB>,
  number: string,
  today = todayIsoDate(),
): Promise<VerifiedCertificate | null> {
  const normalized = normalizeCertificateNumber(number);
  if (!isCertificateNumber(normalized)) return null;
  const row = await findCertificateByNumber(db, normalized);
  if (!row) return null;
  const status = effectiveCertificateStatus(row.status, row.expiry_date, today);
  return {
    certificate_number: row.certificate_number,
    recipient_name: row.recipient_name,
    recipient_type: row.recipient_type,
    course_name: row.course_name,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    duration: row.duration,
    description: row.description,
    status,
    revoked_on: status === 'revoked' && row.revoked_at ? row.revoked_at.slice(0, 10) : null,
  };
}

/** 400 VALIDATION_ERROR naming `number` for text that cannot be a certificate number. */
export function numberFormatError(): AppError {
  return new AppError(400, ErrorCode.VALIDATION_ERROR, CertificateMessage.NUMBER_FORMAT, [
    { field: 'number', message: CertificateMessage.NUMBER_FORMAT },
  ]);
}

// ---------------------------------------------------------------- staff list

/** The list of the Certification tab: searched, filtered by effective status and type, newest issue first. */
export async function listCertificatesPage(
  db: Kysely<DB>,
  query: CertificateListQuery,
  site: CertificateSite,
  today = todayIsoDate(),
): Promise<CertificateListData> {
  const filter: CertificateFilter = {
    search: query.search,
    status: query.status === 'all' ? undefined : query.status,
    type: query.type === 'all' ? undefined : query.type,
    today,
  };
  const [total, rows, byStatus] = await Promise.all([
    countCertificates(db, filter),
    listCertificates(db, filter, { page: query.page, limit: query.limit }),
    countByEffectiveStatus(db, today),
  ]);
  const counts = { all: 0, active: 0, expired: 0, revoked: 0 };
  for (const { status, count } of byStatus) {
    if ((certificateStatuses as readonly string[]).includes(status)) counts[status] += count;
    counts.all += count;
  }
  return {
    certificates: rows.map((row) => toCertificate(row, site, today)),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    counts,
  };
}

// ---------------------------------------------------------------- numbers

/** Random serials tried for one generated number before giving up (90,000 serials a year). */
export const NUMBER_ATTEMPTS = 25;

/** SST-{year}-{10000..99999} from a cryptographic random source. */
export function randomCertificateNumber(year: string): string {
  return `${CERTIFICATE_PREFIX}-${year}-${randomInt(CERTIFICATE_SERIAL_MIN, CERTIFICATE_SERIAL_MAX + 1)}`;
}

/**
 * A number free for a certificate issued on `issueDate` (its year), not among `reserved` either. Read inside
 * the write transaction: a concurrent insert of the same number fails on the unique key and writeTransaction
 * runs the whole transaction again, which then draws another. After NUMBER_ATTEMPTS taken draws, 503.
 */
async function freeNumber(trx: Transaction<DB>, issueDate: string, reserved: Set<string> = new Set()) {
  const year = issueDate.slice(0, 4);
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const candidate = randomCertificateNumber(year);
    if (!reserved.has(candidate) && (await certificateIdWithNumber(trx, candidate)) === undefined) return candidate;
  }
  throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, formatMessage(CertificateMessage.NUMBERS_EXHAUSTED, { year }));
}

function numberTaken(number: string): AppError {
  const message = formatMessage(CertificateMessage.NUMBER_TAKEN, { number });
  return new AppError(409, ErrorCode.CONFLICT, message, [{ field: 'certificate_number', message }]);
}

/** The stored values of a form's input with this number; the revocation fields follow the status. */
function valuesOf(input: CertificateWrite, number: string, revokedAt: string | null): CertificateValues {
  const revoked = input.status === 'revoked';
  return {
    certificate_number: number,
    recipient_name: input.recipient_name,
    recipient_type: input.recipient_type,
    issue_date: input.issue_date,
    expiry_date: input.expiry_date,
    course_name: input.course_name,
    duration: input.duration,
    description: input.description,
    status: input.status,
    revoked_at: revoked ? revokedAt : null,
    revocation_reason: revoked ? input.revocation_reason : null,
  };
}

/** The writable fields of a stored row. */
function storedValues(row: CertificateRow): CertificateValues {
  const { id: _id, created_at: _created, updated_at: _updated, ...values } = row;
  return values;
}

// ---------------------------------------------------------------- staff writes

/**
 * Issues a certificate. A blank number is generated (SST-{year of issue}-NNNNN, unique); a typed one must be
 * free (409 naming certificate_number otherwise). Created revoked, it is dated now with the given reason.
 */
export async function createCertificate(
  db: Kysely<DB>,
  input: CertificateWrite,
  site: CertificateSite,
): Promise<Certificate> {
  const id = await writeTransaction(db, async (trx) => {
    let number = input.certificate_number;
    if (number === undefined) number = await freeNumber(trx, input.issue_date);
    else if ((await certificateIdWithNumber(trx, number)) !== undefined) throw numberTaken(number);
    const now = new Date().toISOString();
    return insertCertificate(trx, { ...valuesOf(input, number, now), created_at: now, updated_at: now });
  });
  return getCertificate(db, id, site);
}

/**
 * Replaces a certificate's fields. A blank number keeps the current one; another must be free. Becoming
 * revoked dates the revocation now (a certificate already revoked keeps its first date, the reason may
 * change); set back to active or expired, the revocation date and reason are cleared.
 */
export async function updateCertificateById(
  db: Kysely<DB>,
  id: number,
  input: CertificateWrite,
  site: CertificateSite,
): Promise<Certificate> {
  await writeTransaction(db, async (trx) => {
    const current = await findCertificateForUpdate(trx, id);
    if (!current) throw certificateNotFound();
    const number = input.certificate_number ?? current.certificate_number;
    if (number !== current.certificate_number) {
      const holder = await certificateIdWithNumber(trx, number);
      if (holder !== undefined && holder !== id) throw numberTaken(number);
    }
    const now = new Date().toISOString();
    const revokedAt = current.status === 'revoked' ? current.revoked_at : now;
    await updateCertificate(trx, id, valuesOf(input, number, revokedAt), now);
  });
  return getCertificate(db, id, site);
}

/**
 * Revokes a certificate, keeping the record: status revoked, dated now (or, already revoked, its first
 * date kept), with the reason given (which replaces an earlier one).
 */
export async function revokeCertificate(
  db: Kysely<DB>,
  id: number,
  reason: string,
  site: CertificateSite,
): Promise<Certificate> {
  await writeTransaction(db, async (trx) => {
    const current = await findCertificateForUpdate(trx, id);
    if (!current) throw certificateNotFound();
    const now = new Date().toISOString();
    await updateCertificate(
      trx,
      id,
      {
        ...storedValues(current),
        status: 'revoked',
        revoked_at: current.status === 'revoked' ? current.revoked_at : now,
        revocation_reason: reason,
      },
      now,
    );
  });
  return getCertificate(db, id, site);
}

/** "SST-2026-00001 — Jane Doe": a certificate as the recent activity names it. */
export function certificateLabel(certificate: { certificate_number: string; recipient_name: string }): string {
  return `${certificate.certificate_number} — ${certificate.recipient_name}`;
}

/** The certificate's label, for the recent activity of a delete; null when there is none. */
export async function certificateLabelOf(db: Kysely<DB>, id: number): Promise<string | null> {
  const row = await findCertificateById(db, id);
  return row ? certificateLabel(row) : null;
}

export async function removeCertificate(db: Kysely<DB>, id: number): Promise<void> {
  const deleted = await writeTransaction(db, (trx) => deleteCertificate(trx, id));
  if (deleted === 0) throw certificateNotFound();
}

// ---------------------------------------------------------------- CSV bulk issue

/** The file's rows, with those whose number is already stored moved to the refusals. */
async function checkAgainstStored(db: Kysely<DB> | Transaction<DB>, csv: string): Promise<CheckedCsv> {
  const checked = readCertificateCsv(csv);
  const typed = checked.rows.flatMap((row) => (row.values.certificate_number ? [row.values.certificate_number] : []));
  const taken = await storedNumbers(db, typed);
  if (taken.size === 0) return checked;
  const refused = [...checked.refused];
  const rows = checked.rows.filter((row) => {
    const number = row.values.certificate_number;
    if (number === undefined || !taken.has(number)) return true;
    const message = formatMessage(CertificateMessage.NUMBER_TAKEN, { number });
    refused.push({ line: row.line, errors: [{ field: 'certificate_number', message }] });
    return false;
  });
  return { rows, refused: refused.sort((a, b) => a.line - b.line) };
}

/** What an import of this file would create and refuse; nothing is written. */
export async function previewCertificateImport(db: Kysely<DB>, csv: string): Promise<CertificateImportPreview> {
  const { rows, refused } = await checkAgainstStored(db, csv);
  return {
    rows: rows.map(({ line, values }) => ({
      line,
      certificate_number: values.certificate_number ?? null,
      recipient_name: values.recipient_name,
      recipient_type: values.recipient_type,
      course_name: values.course_name,
      issue_date: values.issue_date,
      expiry_date: values.expiry_date,
      duration: values.duration,
      description: values.description,
    })),
    refused,
  };
}

/**
 * Creates every acceptable row of the file in one transaction (numbers generated for blank ones) and
 * answers them with the rows refused. `expected` (the preview's count) that no longer matches is a 409;
 * a file with no acceptable row is a 400 naming each refusal as `line N: field`.
 */
export async function importCertificates(
  db: Kysely<DB>,
  csv: string,
  expected: number | undefined,
  site: CertificateSite,
): Promise<CertificateImportResult> {
  // Read once before the transaction so that a bad file costs no transaction; checked again inside it.
  readCertificateCsv(csv);
  const { numbers, refused } = await writeTransaction(db, async (trx) => {
    const checked = await checkAgainstStored(trx, csv);
    if (checked.rows.length === 0) {
      const errors = checked.refused.flatMap(({ line, errors }) =>
        errors.map((error) => ({ field: `line ${line}: ${error.field}`, message: error.message })),
      );
      throw new AppError(400, ErrorCode.VALIDATION_ERROR, CertificateMessage.IMPORT_NOTHING_VALID, errors);
    }
    if (expected !== undefined && expected !== checked.rows.length) {
      throw new AppError(
        409,
        ErrorCode.CONFLICT,
        formatMessage(CertificateMessage.IMPORT_CHANGED, { count: checked.rows.length, expected }),
      );
    }
    const reserved = new Set(checked.rows.flatMap((row) => row.values.certificate_number ?? []));
    const now = new Date().toISOString();
    const values = [];
    for (const row of checked.rows) {
      let number = row.values.certificate_number;
      if (number === undefined) {
        number = await freeNumber(trx, row.values.issue_date, reserved);
        reserved.add(number);
      }
      values.push({ ...valuesOf(row.values, number, null), created_at: now, updated_at: now });
    }
    await insertCertificates(trx, values);
    return { numbers: values.map((value) => value.certificate_number), refused: checked.refused };
  });
  const rows = await findCertificatesByNumbers(db, numbers);
  const today = todayIsoDate();
  return { created: rows.map((row) => toCertificate(row, site, today)), refused };
}
