import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CertificateMessage } from '../../../shared/contracts/certificates';
import { ErrorCode } from '../../../shared/errors';
import { createClientLimit } from '../../plugins/client-limit';
import { AppError } from '../../plugins/errors';

/*
 * One count of certificate lookups per client address, whichever way they arrive: GET
 * /api/certificates/verify/{number} and the verification page (GET /verify-certificate?number=). Numbers
 * have only 90,000 serials a year, so without a limit the register could be walked; @fastify/rate-limit
 * counts every route apart, so both ways call this one limiter (as contact-limit.ts does for the quote
 * form); with REDIS_URL it counts once for every instance (rate-limit-store.ts).
 */

/** Thirty lookups per minute per client address (request.ip honours only trusted proxies). */
export const CERTIFICATE_VERIFY_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one certificate lookup by this request's client. Sets the X-RateLimit-* headers; past the
     * limit sets Retry-After and resolves false.
     */
    certificateVerifyAllowed(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

export const certificateVerifyLimitPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'certificateVerifyAllowed',
      createClientLimit(app, 'certificate-verify', CERTIFICATE_VERIFY_RATE_LIMIT),
    );
  },
  { name: 'certificate-verify-limit', dependencies: ['@fastify/rate-limit'] },
);

/** onRequest hook of GET /api/certificates/verify/{number}: past the limit, 429 RATE_LIMITED in the envelope. */
export async function certificateVerifyLimit(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (!(await this.certificateVerifyAllowed(request, reply))) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, CertificateMessage.VERIFY_RATE_LIMITED);
  }
}
