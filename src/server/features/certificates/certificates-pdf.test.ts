import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificateSchema, type Certificate } from '../../../shared/contracts/certificates';
import { CertificateMessage } from '../../../shared/contracts/certificates.values';
import { bearer, createStaff, freshIp, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { pdfInfo, pdfQrCode as qrOf, pdfText } from '../../testing/pdf-reader';
import { testDialects } from '../../testing/test-database';
import { PAGE_HEIGHT, PAGE_WIDTH } from './certificate-pdf';
import { PDF_BUSY_MESSAGE, PDF_MAX_WAITING, PDF_RETRY_AFTER_SECONDS } from './certificate-pdf-pool';

/* GET /api/certificates/{id}/pdf, read back with poppler and jsQR (testing/pdf-reader.ts). */

const PUBLIC_URL = 'https://certs.example.com';
const COMPANY = 'Nordlys Studio';
const FOUNDER = 'Ingrid Ærø';
const RECIPIENT = 'Łukasz Ελένη Кириллова';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'certificate-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileCount = 0;
async function saved(pdf: Buffer): Promise<string> {
  fileCount += 1;
  const file = path.join(dir, `certificate-${fileCount}.pdf`);
  await writeFile(file, pdf);
  return file;
}

describe.each(testDialects)('GET /api/certificates/{id}/pdf on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false, env: { PUBLIC_URL } });
  const db = () => t.db.database.db;
  let viewer: Session;
  let editor: Session;

  beforeAll(async () => {
    ({ viewer, editor } = await createStaff(t.app, db()));
  });
  beforeEach(async () => {
    await db().deleteFrom('certificates').execute();
    await db().deleteFrom('company_profile').execute();
  });

  async function addProfile(): Promise<void> {
    await db()
      .insertInto('company_profile')
      .values({
        name: COMPANY,
        founder: FOUNDER,
        location: 'Tromsø',
        email: 'hello@nordlys.example',
        phone: '+47 000 00 000',
        whatsapp: '+47 000 00 000',
        value_proposition: 'Software for the far north.',
        tagline: 'Northern lights',
        description: 'A studio.',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
  }

  async function create(body: Record<string, unknown>): Promise<Certificate> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      payload: {
        recipient_name: RECIPIENT,
        recipient_type: 'intern',
        issue_date: '2026-03-01',
        expiry_date: '2099-03-01',
        course_name: 'Web Development Internship',
        duration: '6 months',
        ...body,
      },
      headers: bearer(editor.token),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return certificateSchema.parse(res.json().data);
  }

  const download = (id: number | string, session: Session | null = viewer) =>
    t.app.inject({
      method: 'GET',
      url: `/api/certificates/${id}/pdf`,
      headers: session ? bearer(session.token) : {},
      remoteAddress: freshIp(),
    });

  it('prints one A4 landscape page with the company, recipient, course, dates, number and a QR code to the verify page', async () => {
    await addProfile();
    const certificate = await create({});
    const res = await download(certificate.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${certificate.certificate_number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const file = await saved(res.rawPayload);
    const info = await pdfInfo(file);
    expect(info.Pages).toBe('1');
    expect(info['Page size']).toBe(`${PAGE_WIDTH} x ${PAGE_HEIGHT} pts (A4)`);
    expect(info.Author).toBe(COMPANY);
    expect(info.Title).toBe(`Certificate of Internship: ${RECIPIENT} (${certificate.certificate_number})`);

    const text = await pdfText(file);
    for (const expected of [
      COMPANY.toUpperCase(),
      'Certificate of Internship',
      RECIPIENT,
      'Web Development Internship',
      'Duration: 6 months',
      'March 1, 2026',
      'March 1, 2099',
      certificate.certificate_number,
      `${FOUNDER}, Founder`,
      'Scan to verify',
      certificate.verify_url,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/REVOKED|EXPIRED/);

    expect(certificate.verify_url).toMatch(
      new RegExp(`^${PUBLIC_URL}/verify-certificate\\?number=${certificate.certificate_number}&sig=[\\w-]{16}$`),
    );
    expect(await qrOf(file)).toBe(certificate.verify_url);
  });

  it('marks a revoked certificate, and one past its expiry date, across the page', async () => {
    await addProfile();
    const revoked = await create({ status: 'revoked', revocation_reason: 'Issued in error' });
    const revokedText = await pdfText(await saved((await download(revoked.id)).rawPayload));
    expect(revokedText).toContain('REVOKED');
    expect(revokedText).toContain('this certificate is no longer valid');
    // The reason stays in the admin.
    expect(revokedText).not.toContain('Issued in error');

    const expired = await create({ issue_date: '2020-01-01', expiry_date: '2021-06-30' });
    expect(expired.effective_status).toBe('expired');
    const expiredFile = await saved((await download(expired.id)).rawPayload);
    const expiredText = await pdfText(expiredFile);
    expect(expiredText).toContain('EXPIRED on June 30, 2021');
    // The mark does not hide the QR code.
    expect(await qrOf(expiredFile)).toBe(expired.verify_url);
  });

  it('keeps a very long name and course on the page, and prints "Does not expire" without an expiry', async () => {
    await addProfile();
    const name = `${'Maximiliana Wilhelmina '.repeat(8)}von Überlänge-Schönberg`.slice(0, 200);
    const course = 'Advanced '.repeat(33).trim();
    const certificate = await create({
      recipient_type: 'client',
      recipient_name: name,
      course_name: course,
      expiry_date: null,
    });
    const file = await saved((await download(certificate.id)).rawPayload);
    expect((await pdfInfo(file)).Pages).toBe('1');
    const text = await pdfText(file);
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Does not expire');
    // Shrunk and wrapped, but whole: nothing is cut off.
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain(name);
    expect(words).toContain(course);
    // And the QR code below them is still readable.
    expect(await qrOf(file)).toBe(certificate.verify_url);
  });

  it("is issued in the site's name before a company profile exists", async () => {
    const certificate = await create({});
    const text = await pdfText(await saved((await download(certificate.id)).rawPayload));
    expect(text).toContain('CERTS.EXAMPLE.COM');
    expect(text).toContain('For certs.example.com');
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 without a session', async () => {
    const missing = await download(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CertificateMessage.NOT_FOUND_ID);
    expect((await download('abc')).statusCode).toBe(400);
    expect((await download('1e400')).statusCode).toBe(400);
    const certificate = await create({});
    expect((await download(certificate.id, null)).statusCode).toBe(401);
    expect((await download(certificate.id, editor)).statusCode).toBe(200);
  });

  it('renders off the event loop, a bounded number at once: the rest are refused with 503 and Retry-After', async () => {
    const certificate = await create({});
    // More than the most workers (four) and the queue can take at once.
    const answers = await Promise.all(Array.from({ length: PDF_MAX_WAITING + 10 }, () => download(certificate.id)));
    const statuses = answers.map((res) => res.statusCode);
    // One worker per CPU but one (at least one) renders, and the queue's worth more wait; the others are refused.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1 + PDF_MAX_WAITING);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe(String(PDF_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', message: PDF_BUSY_MESSAGE });
    }
    const pdf = answers.find((res) => res.statusCode === 200)!;
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Once the queue has drained, the next one is printed.
    expect((await download(certificate.id)).statusCode).toBe(200);
  });
});
