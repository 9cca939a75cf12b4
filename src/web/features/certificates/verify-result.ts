import {
  CERTIFICATE_NUMBER_INPUT_MAX,
  CertificateMessage,
  normalizeCertificateNumber,
  VERIFY_NUMBER_PARAM,
} from '../../../shared/contracts/certificates.values';
import type { VerifiedCertificate } from '../../../shared/contracts/certificates';
import type { CertificateVerifyOutcome } from '../../../shared/load-context';

/**
 * What /verify-certificate shows (its states: idle, verifying,
 * verified, error). `number` is what the visitor typed, normalised and cut to the input bound, for the form
 * and the not-found message (React renders it as text).
 */
export type VerifyResult =
  | { kind: 'idle' }
  | { kind: 'blank' }
  | { kind: 'verified'; number: string; certificate: VerifiedCertificate }
  | { kind: 'not_found'; number: string; malformed: boolean }
  | { kind: 'rate_limited'; number: string }
  | { kind: 'failed'; number: string };

/** The number a page address asks for: null when the address has none (the empty form). */
export function numberFromSearch(search: URLSearchParams): string | null {
  return search.get(VERIFY_NUMBER_PARAM);
}

/** The typed number as the page repeats it. */
export function displayNumber(raw: string): string {
  return [...normalizeCertificateNumber(raw)].slice(0, CERTIFICATE_NUMBER_INPUT_MAX).join('');
}

/** True when the form must not be sent: the visitor typed nothing (or only spaces). */
export function isBlankNumber(raw: string): boolean {
  return raw.trim() === '';
}

/** The page's state for a lookup's outcome. */
export function verifyResultFor(raw: string, outcome: CertificateVerifyOutcome): VerifyResult {
  const number = displayNumber(raw);
  switch (outcome.status) {
    case 'verified':
      return { kind: 'verified', number, certificate: outcome.certificate };
    case 'not_found':
    case 'invalid':
      return { kind: 'not_found', number, malformed: outcome.status === 'invalid' };
    case 'rate_limited':
      return { kind: 'rate_limited', number };
    case 'failed':
      return { kind: 'failed', number };
  }
}

/** The HTTP status of the page: a link to an unknown number is a 404, a refused lookup a 429. */
export function verifyHttpStatus(result: VerifyResult): number {
  switch (result.kind) {
    case 'not_found':
      return 404;
    case 'rate_limited':
      return 429;
    case 'failed':
      return 503;
    default:
      return 200;
  }
}

/** The catalogue's not-found text for a number. */
export function notFoundMessage(number: string): string {
  return CertificateMessage.NOT_FOUND.replace('{number}', number);
}
