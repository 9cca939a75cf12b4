import { parentPort } from 'node:worker_threads';
import type { Certificate } from '../../../shared/contracts/certificates';
import { renderCertificatePdf, type CertificateIssuer } from './certificate-pdf';

/*
 * A worker thread that renders certificate PDFs (certificate-pdf-pool.ts starts it), so that the layout, the
 * font subsetting and the QR code never hold the server's event loop. One job at a time: a message with an
 * id, the certificate and the issuer; the answer carries the id and the PDF's bytes (moved, not copied), or
 * the error's message. An entry point of the server bundle (scripts/bundle-server.mjs, ADR 0034).
 */

export interface PdfJob {
  id: number;
  certificate: Certificate;
  issuer: CertificateIssuer;
}

export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('certificate-pdf-worker runs as a worker thread only');

port.on('message', (job: PdfJob) => {
  renderCertificatePdf(job.certificate, job.issuer).then(
    (pdf) => {
      // A copy of its own: a small Buffer may be a view of Node's shared pool, which cannot be moved.
      const bytes = new Uint8Array(pdf);
      port.postMessage({ id: job.id, pdf: bytes } satisfies PdfAnswer, [bytes.buffer]);
    },
    (error: unknown) => {
      port.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PdfAnswer);
    },
  );
});
