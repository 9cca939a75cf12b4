import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { CertificateMessage } from '../../../shared/contracts/certificates.values';
import { ErrorCode } from '../../../shared/errors';
import { createClientLimit } from '../../http/client-limit';
import { AppError } from '../../lib/errors';
import { createVerifyLinkSigner, type VerifyLinkSigner } from './verify-link';

/*
 * Certificate lookups, whichever way they arrive (GET /api/certificates/verify/{number} and the verification
 * page, GET /verify-certificate?number=), are limited so that the register cannot be walked (ADR 0014, 0034).
 * A year has only 90,000 serials and almost all of them are misses, so misses are what is bounded:
 *
 * - per client address, CERTIFICATE_VERIFY_RATE_LIMIT lookups a minute, and MISSES_PER_ADDRESS misses;
 * - a miss is answered after CERTIFICATE_MISS_DELAY_MS, so one client asking number after number is slowed;
 * - site-wide, at most CERTIFICATE_MISS_BUDGET misses from all addresses together, so that many addresses
 *   cannot walk together: once it is spent, every lookup is refused until the window renews, except one
 *   that carries the signature of the address printed on the certificate (verify-link.ts): the budget
 *   keeps walkers out, it cannot keep issued certificates from verifying.
 *
 * A refusal is 429 with Retry-After. @fastify/rate-limit counts each route apart, so both ways call the
 * limiters made here; with REDIS_URL they count once for every instance (rate-limit-store.ts, ADR 0030).
 * Misses are counted when they happen, so a spent miss budget is known from that count: each instance
 * remembers it until the window ends (another instance learns it from the count of its own next miss).
 */

/** Thirty lookups a minute per client address (request.ip honours only trusted proxies). */
export const CERTIFICATE_VERIFY_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
/** Misses per client address: ten in ten minutes, more than anyone mistyping a number makes. */
export const CERTIFICATE_MISSES_PER_ADDRESS = { max: 10, timeWindow: 600_000 };
/** Misses from every address together: 300 an hour. */
export const CERTIFICATE_MISS_BUDGET = { max: 300, timeWindow: 3_600_000 };
/** How long the answer to a miss is held back. */
export const CERTIFICATE_MISS_DELAY_MS = 1_000;
/** Addresses whose miss limit is spent that an instance remembers at most (the oldest are forgotten). */
const CLOSED_ADDRESSES_MAX = 10_000;

export interface CertificateVerifyLimitOptions {
  missDelayMs?: number;
  missesPerAddress?: { max: number; timeWindow: number };
  missBudget?: { max: number; timeWindow: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one certificate lookup by this request's client, before the register is read. Sets the
     * X-RateLimit-* headers; past the client's limits or the site-wide miss budget, sets Retry-After and
     * resolves false. `link`: the number looked up and the signature its address carried, if any; a lookup
     * with a valid signature (verify-link.ts) is not refused by the site-wide miss budget.
     */
    certificateVerifyAllowed(
      request: FastifyRequest,
      reply: FastifyReply,
      link?: { number?: unknown; signature?: unknown },
    ): Promise<boolean>;
    /**
     * Counts a lookup that found nothing (for the client and site-wide) and waits CERTIFICATE_MISS_DELAY_MS.
     * Called before a miss is answered.
     */
    certificateLookupMissed(request: FastifyRequest): Promise<void>;
    /** Signs and checks the numbers of the verification addresses printed on certificates. */
    certificateLinks: VerifyLinkSigner;
  }
}

type Limit = { max: number; timeWindow: number };

export const certificateVerifyLimitPlugin = fp<CertificateVerifyLimitOptions>(
  async (app: FastifyInstance, options) => {
    const missDelayMs = options.missDelayMs ?? CERTIFICATE_MISS_DELAY_MS;
    const limiter = (name: string, limit: Limit, key: (request: FastifyRequest) => string) =>
      app.createRateLimit({ ...limit, keyGenerator: (request) => `${name}|${key(request)}` });
    const lookups = createClientLimit(app, 'certificate-verify', CERTIFICATE_VERIFY_RATE_LIMIT);
    const addressMisses = limiter(
      'certificate-miss',
      options.missesPerAddress ?? CERTIFICATE_MISSES_PER_ADDRESS,
      (request) => request.ip,
    );
    const siteMisses = limiter('certificate-miss', options.missBudget ?? CERTIFICATE_MISS_BUDGET, () => 'site');
    /** Until when (epoch ms) lookups are refused: the site-wide budget, and each address's own. */
    let siteClosedUntil = 0;
    const closedAddresses = new LRUCache<string, number>({ max: CLOSED_ADDRESSES_MAX });

    const secret = app.config.jwtSecret;
    if (!secret) throw new Error('JWT secret missing: certificate verification links are signed with it');
    app.decorate('certificateLinks', createVerifyLinkSigner(secret));

    const links = app.certificateLinks;
    app.decorate('certificateVerifyAllowed', async (request: FastifyRequest, reply: FastifyReply, link = {}) => {
      const { number, signature } = link;
      const signed = typeof number === 'string' && typeof signature === 'string' && links.check(number, signature);
      const site = signed ? 0 : siteClosedUntil;
      const closedFor = Math.max(site, closedAddresses.get(request.ip) ?? 0) - Date.now();
      if (closedFor > 0) {
        reply.header('retry-after', Math.ceil(closedFor / 1000));
        return false;
      }
      return lookups(request, reply);
    });

    app.decorate('certificateLookupMissed', async (request: FastifyRequest) => {
      const [address, site] = await Promise.all([addressMisses(request), siteMisses(request)]);
      const now = Date.now();
      // Reaching the limit closes: the next lookup would be the one past it.
      if (!address.isAllowed && address.remaining === 0) closedAddresses.set(request.ip, now + address.ttl);
      if (!site.isAllowed && site.remaining === 0 && siteClosedUntil <= now) {
        siteClosedUntil = now + site.ttl;
        request.log.warn(
          { retryAfterSeconds: site.ttlInSeconds },
          'certificate lookups: the site-wide miss budget is spent; every lookup is refused until it renews',
        );
      }
      if (missDelayMs > 0) await sleep(missDelayMs);
    });
  },
  { name: 'certificate-verify-limit', dependencies: ['@fastify/rate-limit'] },
);

/** onRequest hook of GET /api/certificates/verify/{number}: past the limit, 429 RATE_LIMITED in the envelope. */
export async function certificateVerifyLimit(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { number } = request.params as { number?: unknown };
  const { sig } = request.query as { sig?: unknown };
  if (!(await this.certificateVerifyAllowed(request, reply, { number, signature: sig }))) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, CertificateMessage.VERIFY_RATE_LIMITED);
  }
}
