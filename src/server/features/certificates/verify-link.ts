import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { normalizeCertificateNumber, verifyCertificateHref } from '../../../shared/contracts/certificates.values';

/*
 * The verification address printed on a certificate (its QR code and link) carries a short signature of the
 * number, made with a key derived from the site's secret. A lookup whose signature matches comes from a
 * certificate the site issued, not from someone walking the register, so the site-wide miss budget does not
 * refuse it (verify-limit.ts, ADR 0034): a walker who spends the budget cannot stop printed certificates from
 * verifying. A number typed by hand has no signature and is limited as before. A changed secret only makes
 * older links unsigned; they still verify, under the budget.
 */

/** 96 bits, base64url: short enough for a small QR code, far beyond guessing. */
const SIGNATURE_BYTES = 12;
export const VERIFY_SIGNATURE_MAX = 64;

export interface CertificateSite {
  /** The site's canonical origin. */
  publicUrl: string;
  /** The full verification address of a number, signed. */
  verifyUrl(number: string): string;
}

export interface VerifyLinkSigner {
  sign(number: string): string;
  /** True when `signature` is the signature of `number` (compared in constant time). */
  check(number: string, signature: string | undefined): boolean;
}

export function createVerifyLinkSigner(secret: string): VerifyLinkSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'certificate-verify-link', 32));
  const sign = (number: string) =>
    createHmac('sha256', key)
      .update(normalizeCertificateNumber(number))
      .digest()
      .subarray(0, SIGNATURE_BYTES)
      .toString('base64url');
  return {
    sign,
    check(number, signature) {
      if (!signature || signature.length > VERIFY_SIGNATURE_MAX) return false;
      const expected = Buffer.from(sign(number));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export function certificateSite(publicUrl: string, signer: VerifyLinkSigner): CertificateSite {
  return {
    publicUrl,
    verifyUrl: (number) => `${publicUrl}${verifyCertificateHref(number, signer.sign(number))}`,
  };
}
