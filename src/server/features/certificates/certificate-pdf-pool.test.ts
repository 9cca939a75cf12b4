import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Certificate } from '../../../shared/contracts/certificates';
import { APP_ROOT } from '../../app-root';
import { PDF_WORKER_BUNDLE, PdfRenderPool, pdfWorkerEntry } from './certificate-pdf-pool';

/* The worker threads behind GET /api/certificates/{id}/pdf (the route's own test: certificates-pdf.test.ts). */

const certificate: Certificate = {
  id: 1,
  certificate_number: 'SST-2025-00001',
  recipient_name: 'Ada Lovelace',
  recipient_type: 'intern',
  course_name: 'Analytical engines',
  issue_date: '2025-01-01',
  expiry_date: null,
  duration: null,
  description: null,
  status: 'active',
  effective_status: 'active',
  revoked_at: null,
  revocation_reason: null,
  verify_url: 'https://example.com/verify-certificate?number=SST-2025-00001',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const issuer = { name: 'Example', signatory: null };

describe('the certificate PDF pool', () => {
  it('renders in a worker thread, at most `workers` at once, and stops the thread once idle', async () => {
    const pool = new PdfRenderPool({ workers: 1, maxWaiting: 4, idleMs: 50 });
    try {
      const [first, second] = await Promise.all([pool.render(certificate, issuer), pool.render(certificate, issuer)]);
      expect(first.subarray(0, 5).toString()).toBe('%PDF-');
      expect(second.length).toBeGreaterThan(1000);
      expect(pool.load()).toEqual({ running: 0, waiting: 0, threads: 1 });
      await expect.poll(() => pool.load().threads).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('refuses with 503 and Retry-After beyond the workers and the queue, and again once closed', async () => {
    const pool = new PdfRenderPool({ workers: 1, maxWaiting: 1 });
    const renders = [1, 2, 3].map(() => pool.render(certificate, issuer));
    const outcomes = await Promise.allSettled(renders);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 503,
      headers: { 'retry-after': '5' },
    });
    await pool.close();
    await expect(pool.render(certificate, issuer)).rejects.toMatchObject({ statusCode: 503 });
  });

  it('reports a render that fails as an error, and goes on with the next', async () => {
    const pool = new PdfRenderPool({ workers: 1 });
    try {
      await expect(pool.render({ ...certificate, verify_url: '' }, issuer)).rejects.toThrow(/certificate PDF failed/);
      expect((await pool.render(certificate, issuer)).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await pool.close();
    }
  });

  it('starts the bundle entry from APP_ROOT in production and the TypeScript source otherwise', () => {
    expect(pdfWorkerEntry(pathToFileURL('/srv/site/dist/chunks/x.js').href).file).toBe(
      path.join(APP_ROOT, 'dist', PDF_WORKER_BUNDLE),
    );
    expect(decodeURIComponent(pdfWorkerEntry().file)).toContain('certificate-pdf-worker.ts');
    if (existsSync(path.join(APP_ROOT, 'dist', 'server.js'))) {
      expect(existsSync(path.join(APP_ROOT, 'dist', PDF_WORKER_BUNDLE)), 'npm run build makes the worker').toBe(true);
    }
  });
});
