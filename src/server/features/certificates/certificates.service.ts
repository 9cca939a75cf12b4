import type { Kysely } from 'kysely';
import {
  CertificateMessage,
  effectiveCertificateStatus,
  isCertificateNumber,
  normalizeCertificateNumber,
  todayIsoDate,
  verifyCertificateHref,
  type Certificate,
  type VerifiedCertificate,
} from '../../../shared/contracts/certificates';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../plugins/errors';
import { findCertificateById, findCertificateByNumber, type CertificateRow } from './certificates.repository';

/** The not-found answer for a certificate id (staff calls). */
const certificateNotFound = () => notFound(CertificateMessage.NOT_FOUND_ID);

/** A row as staff see it; `publicUrl` is the site's canonical origin (for the verification address). */
export function toCertificate(row: CertificateRow, publicUrl: string, today = todayIsoDate()): Certificate {
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
    verify_url: `${publicUrl}${verifyCertificateHref(row.certificate_number)}`,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** One certificate for staff; 404 when there is none. */
export async function getCertificate(db: Kysely<DB>, id: number, publicUrl: string): Promise<Certificate> {
  const row = await findCertificateById(db, id);
  if (!row) throw certificateNotFound();
  return toCertificate(row, publicUrl);
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
