import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/contracts/common';
import {
  CertificateMessage,
  certificateSchema,
  certificateVerifyParamsSchema,
  isCertificateNumber,
  normalizeCertificateNumber,
  verifiedCertificateSchema,
} from '../../../shared/contracts/certificates';
import { formatMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { notFound } from '../../plugins/errors';
import { getCertificate, numberFormatError, verifyCertificate } from './certificates.service';
import { certificateVerifyLimit } from './verify-limit';

const tags = ['certificates'];

async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * /api/certificates: the public verification (spec 01, section 2) and the staff calls of spec 02, section 7.
 * Static segments (/verify, /import) always win over the /:id parameter in Fastify's router.
 */
export async function certificatesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const publicUrl = () => app.config.publicUrl;

  r.get(
    '/verify/:number',
    {
      config: { access: 'public' },
      // Every answer, refusals included, is no-store; the lookup is counted before anything else, malformed
      // numbers included: the limit is against walking the register.
      onRequest: [noStore, certificateVerifyLimit],
      schema: {
        tags,
        summary: 'Verify a certificate by its number (what the verification page shows, nothing more)',
        params: certificateVerifyParamsSchema,
        response: { 200: z.object({ success: z.literal(true), data: verifiedCertificateSchema }) },
      },
    },
    async (request) => {
      const number = normalizeCertificateNumber(request.params.number);
      if (!isCertificateNumber(number)) throw numberFormatError();
      const certificate = await verifyCertificate(db(), number);
      if (!certificate) throw notFound(formatMessage(CertificateMessage.NOT_FOUND, { number }));
      return { success: true as const, data: certificate };
    },
  );

  r.get(
    '/:id',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'One certificate, with its revocation details and verification address',
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true), data: certificateSchema }) },
      },
    },
    async (request) => ({ success: true as const, data: await getCertificate(db(), request.params.id, publicUrl()) }),
  );
}
