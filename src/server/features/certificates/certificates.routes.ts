import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, messageEnvelope, successEnvelope, ok, okWithMessage } from '../../../shared/contracts/common';
import {
  certificateImportPreviewSchema,
  certificateImportRequestSchema,
  certificateImportResultSchema,
  certificateListDataSchema,
  certificateListQuerySchema,
  certificateRevokeRequestSchema,
  certificateSchema,
  certificateVerifyParamsSchema,
  certificateVerifyQuerySchema,
  certificateWriteSchema,
  verifiedCertificateSchema,
  type Certificate,
  type CertificateImportResult,
} from '../../../shared/contracts/certificates';
import {
  CertificateMessage,
  isCertificateNumber,
  normalizeCertificateNumber,
} from '../../../shared/contracts/certificates.values';
import { formatMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { notFound } from '../../lib/errors';
import {
  certificateLabel,
  certificateLabelOf,
  certificatePdf,
  createCertificate,
  getCertificate,
  importCertificates,
  listCertificatesPage,
  numberFormatError,
  previewCertificateImport,
  removeCertificate,
  revokeCertificate,
  updateCertificateById,
  verifyCertificate,
} from './certificates.service';
import { PdfRenderPool } from './certificate-pdf-pool';
import { certificateSite } from './verify-link';
import { certificateVerifyLimit } from './verify-limit';

const tags = ['certificates'];

const one = messageEnvelope(certificateSchema);
const written = (data: Certificate, template: string) =>
  okWithMessage(data, formatMessage(template, { number: data.certificate_number }));

/** A staff change answered with the certificate. */
const certificateActivity = (action: string) =>
  activity<Certificate>({ type: 'certificate', action, item: (_request, data) => certificateLabel(data) });

async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * /api/certificates: the public verification and the staff calls.
 * Static segments (/verify, /import) always win over the /:id parameter in Fastify's router.
 */
export async function certificatesRoutes(app: FastifyInstance): Promise<void> {
  // Certificates: no page shows them (the verification page is never cached).
  declareWrites(app, { purges: NO_PAGES });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const site = () => certificateSite(app.config.publicUrl, app.certificateLinks);
  // PDFs are rendered off the event loop, a bounded number at a time (certificate-pdf-pool.ts).
  const pdfPool = new PdfRenderPool();
  app.addHook('onClose', () => pdfPool.close());

  r.get(
    '/verify/:number',
    {
      config: { access: 'public' },
      // Every answer, refusals included, is no-store; the lookup is counted before anything else, malformed
      // numbers included, and a miss costs more (verify-limit.ts): the limits are against walking the register.
      onRequest: [noStore, certificateVerifyLimit],
      schema: {
        tags,
        summary: 'Verify a certificate by its number (what the verification page shows, nothing more)',
        params: certificateVerifyParamsSchema,
        querystring: certificateVerifyQuerySchema,
        response: { 200: successEnvelope(verifiedCertificateSchema) },
      },
    },
    async (request) => {
      const number = normalizeCertificateNumber(request.params.number);
      if (!isCertificateNumber(number)) throw numberFormatError();
      const certificate = await verifyCertificate(db(), number);
      if (!certificate) {
        await app.certificateLookupMissed(request);
        throw notFound(formatMessage(CertificateMessage.NOT_FOUND, { number }));
      }
      return ok(certificate);
    },
  );

  // ---------------------------------------------------------------- staff

  r.get(
    '',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary: 'Certificates, newest issue date first: searched, filtered by effective status and type, paged',
        querystring: certificateListQuerySchema,
        response: { 200: successEnvelope(certificateListDataSchema) },
      },
    },
    async (request) => ok(await listCertificatesPage(db(), request.query, site())),
  );

  r.post(
    '',
    {
      config: { access: 'content', activity: certificateActivity('Issued certificate') },
      schema: {
        tags,
        summary: 'Issue a certificate (a blank number is generated as SST-{year of issue}-NNNNN)',
        body: certificateWriteSchema,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const certificate = await createCertificate(db(), request.body, site());
      reply.status(201);
      return written(certificate, CertificateMessage.CREATED);
    },
  );

  r.post(
    '/import/preview',
    {
      config: { access: 'content' },
      schema: {
        tags,
        summary: 'What a CSV bulk issue would create and refuse (nothing is written)',
        body: certificateImportRequestSchema,
        response: { 200: successEnvelope(certificateImportPreviewSchema) },
      },
    },
    async (request) => ok(await previewCertificateImport(db(), request.body.csv)),
  );

  r.post(
    '/import',
    {
      config: {
        access: 'content',
        activity: activity<CertificateImportResult, unknown>({
          type: 'certificate',
          action: (_request, { created }) =>
            created.length === 0
              ? null
              : `Imported ${created.length} ${created.length === 1 ? 'certificate' : 'certificates'}`,
        }),
      },
      schema: {
        tags,
        summary: 'Issue every acceptable row of a CSV file in one transaction; refused rows are answered',
        body: certificateImportRequestSchema,
        response: {
          200: messageEnvelope(certificateImportResultSchema),
        },
      },
    },
    async (request) => {
      const data = await importCertificates(db(), request.body.csv, request.body.expected, site());
      return okWithMessage(data, formatMessage(CertificateMessage.IMPORTED, { count: data.created.length }));
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
        response: { 200: successEnvelope(certificateSchema) },
      },
    },
    async (request) => ok(await getCertificate(db(), request.params.id, site())),
  );

  r.get(
    '/:id/pdf',
    {
      config: { access: 'read' },
      schema: {
        tags,
        summary:
          'The certificate as a printable A4 landscape PDF, with a QR code to its verification page (503 with Retry-After while too many are being printed)',
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { certificate, pdf } = await certificatePdf(db(), request.params.id, site(), (...job) =>
        pdfPool.render(...job),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${certificate.certificate_number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.put(
    '/:id',
    {
      config: { access: 'content', activity: certificateActivity('Updated certificate') },
      schema: {
        tags,
        summary: 'Change a certificate (a blank number keeps the current one)',
        params: idParamsSchema,
        body: certificateWriteSchema,
        response: { 200: one },
      },
    },
    async (request) =>
      written(await updateCertificateById(db(), request.params.id, request.body, site()), CertificateMessage.UPDATED),
  );

  r.post(
    '/:id/revoke',
    {
      config: { access: 'content', activity: certificateActivity('Revoked certificate') },
      schema: {
        tags,
        summary: 'Revoke a certificate, keeping the record with the date and reason',
        params: idParamsSchema,
        body: certificateRevokeRequestSchema,
        response: { 200: one },
      },
    },
    async (request) =>
      written(
        await revokeCertificate(db(), request.params.id, request.body.reason, site()),
        CertificateMessage.REVOKED,
      ),
  );

  r.delete(
    '/:id',
    {
      config: {
        access: 'content',
        activity: activity({
          type: 'certificate',
          action: 'Deleted certificate',
          itemBefore: (request) => certificateLabelOf(db(), request.params.id),
        }),
      },
      schema: {
        tags,
        summary: 'Delete a certificate',
        params: idParamsSchema,
        response: { 200: messageEnvelope(z.null()) },
      },
    },
    async (request) => {
      await removeCertificate(db(), request.params.id);
      return okWithMessage(null, CertificateMessage.DELETED);
    },
  );
}
