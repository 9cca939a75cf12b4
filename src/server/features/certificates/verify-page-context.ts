import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCertificateNumber, normalizeCertificateNumber } from '../../../shared/contracts/certificates.values';
import type { CertificateVerifyOutcome, WebCertificatesContext } from '../../../shared/load-context';
import { verifyCertificate } from './certificates.service';

/**
 * The verification page's lookup: the limits of GET /api/certificates/verify/{number} (one count per lookup,
 * a miss counted as one, answered with the page rather than JSON), the same normalising, format check and service.
 */
export function certificatesContextFor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): WebCertificatesContext {
  return {
    async verify(number, signature): Promise<CertificateVerifyOutcome> {
      if (!(await app.certificateVerifyAllowed(request, reply, { number, signature })))
        return { status: 'rate_limited' };
      const normalized = normalizeCertificateNumber(number);
      if (!isCertificateNumber(normalized)) return { status: 'invalid' };
      try {
        const certificate = await verifyCertificate(app.database.db, normalized);
        if (!certificate) await app.certificateLookupMissed(request);
        return certificate ? { status: 'verified', certificate } : { status: 'not_found' };
      } catch (error) {
        request.log.error({ err: error }, 'certificate verification failed');
        return { status: 'failed' };
      }
    },
  };
}
