import type * as NodeCrypto from 'node:crypto';
import { randomInt } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_COURSE_MAX,
  CERTIFICATE_DESCRIPTION_MAX,
  CERTIFICATE_DURATION_MAX,
  CERTIFICATE_RECIPIENT_MAX,
  CERTIFICATE_REVOCATION_REASON_MAX,
  CertificateMessage,
} from '../../../shared/contracts/certificates.values';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import type { Session } from '../../testing/auth-helpers';
import { countRows, testDialects } from '../../testing/test-database';
import { NUMBER_ATTEMPTS } from './certificates.service';
import { type Method, PUBLIC_URL, valid, useStaffCertificateCalls } from './certificates-admin-testing';

// randomInt passes through unless a test says otherwise (number collisions).
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

/** The synchronous randomInt(min, max) the number generator calls. */
const draws = vi.mocked(randomInt as unknown as (min: number, max: number) => number);

const STAFF_READS: [Method, string, object?][] = [
  ['GET', '/api/certificates'],
  ['GET', '/api/certificates/:id'],
  ['GET', '/api/certificates/:id/pdf'],
];
const STAFF_WRITES: [Method, string, object?][] = [
  ['POST', '/api/certificates', valid],
  ['PUT', '/api/certificates/:id', valid],
  ['POST', '/api/certificates/:id/revoke', { reason: 'Wrong course' }],
  ['DELETE', '/api/certificates/:id'],
  [
    'POST',
    '/api/certificates/import/preview',
    { csv: 'recipient_name,recipient_type,issue_date\nA,intern,2026-01-01' },
  ],
  ['POST', '/api/certificates/import', { csv: 'recipient_name,recipient_type,issue_date\nA,intern,2026-01-01' }],
];

describe.each(testDialects)('the staff certificate calls on %s', (dialect) => {
  const { db, addCertificate, row, call, create, staff } = useStaffCertificateCalls(dialect);
  let viewer: Session;
  let editor: Session;
  let admin: Session;

  beforeAll(() => {
    ({ viewer, editor, admin } = staff);
  });
  beforeEach(() => {
    draws.mockClear();
  });

  describe('access', () => {
    it('refuses every staff call without a session (401) and every write by a viewer (403)', async () => {
      const id = await addCertificate();
      for (const [method, url, body] of [...STAFF_READS, ...STAFF_WRITES]) {
        const res = await call(method, url.replace(':id', String(id)), body, null);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: ErrorCode.UNAUTHENTICATED });
      }
      for (const [method, url, body] of STAFF_WRITES) {
        const res = await call(method, url.replace(':id', String(id)), body, viewer);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: ErrorCode.FORBIDDEN });
      }
      expect(await row(id)).toMatchObject({ status: 'active', recipient_name: expect.stringMatching(/^Person/) });
      expect(await countRows(db(), 'certificates')).toBe(1);
      for (const [method, url] of STAFF_READS) {
        expect((await call(method, url.replace(':id', String(id)), undefined, viewer)).statusCode).toBe(200);
      }
    });

    it('lets editors and admins write', async () => {
      await create(valid, editor);
      await create(valid, admin);
      expect(await countRows(db(), 'certificates')).toBe(2);
    });
  });

  describe('POST /api/certificates', () => {
    it('generates SST-{year of issue}-NNNNN for a blank number and answers the certificate as staff see it', async () => {
      const data = await create({ ...valid, certificate_number: '  ' });
      expect(data.certificate_number).toMatch(/^SST-2026-[1-9]\d{4}$/);
      const serial = Number(data.certificate_number.slice(-5));
      expect(serial).toBeGreaterThanOrEqual(10_000);
      expect(serial).toBeLessThanOrEqual(99_999);
      expect(data).toMatchObject({
        ...valid,
        status: 'active',
        effective_status: 'active',
        revoked_at: null,
        revocation_reason: null,
        verify_url: expect.stringMatching(
          new RegExp(`^${PUBLIC_URL}/verify-certificate\\?number=${data.certificate_number}&sig=[\\w-]{16}$`),
        ),
      });
      expect(await row(data.id)).toMatchObject({ ...valid, certificate_number: data.certificate_number });
      // Issued in another year, the number carries that year; absent and null numbers are blank too.
      expect((await create({ ...valid, issue_date: '2024-12-31', expiry_date: null })).certificate_number).toMatch(
        /^SST-2024-/,
      );
      expect((await create({ ...valid, certificate_number: null })).certificate_number).toMatch(/^SST-2026-/);
    });

    it('stores no expiry as null, never 0000-00-00, and blank optional texts as null', async () => {
      const data = await create({ ...valid, expiry_date: '', course_name: ' ', duration: '', description: null });
      expect(data).toMatchObject({ expiry_date: null, course_name: null, duration: null, description: null });
      expect(await row(data.id)).toMatchObject({ expiry_date: null, course_name: null, duration: null });
      const none = await create({
        recipient_name: 'Only Required',
        recipient_type: 'client',
        issue_date: '2026-01-01',
      });
      expect((await row(none.id))!.expiry_date).toBeNull();
    });

    it('takes a typed number trimmed and upper-cased, and refuses it once used (409 naming the field)', async () => {
      const data = await create({ ...valid, certificate_number: ' sst-2025-48213 ' });
      expect(data.certificate_number).toBe('SST-2025-48213');
      const res = await call('POST', '/api/certificates', { ...valid, certificate_number: 'SST-2025-48213' });
      const message = formatMessage(CertificateMessage.NUMBER_TAKEN, { number: 'SST-2025-48213' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        code: ErrorCode.CONFLICT,
        message,
        errors: [{ field: 'certificate_number', message }],
      });
      expect(await countRows(db(), 'certificates')).toBe(1);
    });

    it('draws another number when the drawn one is taken, and gives up with 503 when every draw is', async () => {
      await addCertificate({ certificate_number: 'SST-2026-12345' });
      draws.mockReturnValueOnce(12_345).mockReturnValueOnce(12_345).mockReturnValueOnce(54_321);
      expect((await create(valid)).certificate_number).toBe('SST-2026-54321');

      for (let i = 0; i < NUMBER_ATTEMPTS; i += 1) draws.mockReturnValueOnce(12_345);
      const res = await call('POST', '/api/certificates', valid);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        success: false,
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: formatMessage(CertificateMessage.NUMBERS_EXHAUSTED, { year: 2026 }),
      });
      expect(await countRows(db(), 'certificates')).toBe(2);
    });

    const long = (n: number) => 'x'.repeat(n + 1);
    it.each([
      ['certificate_number', { certificate_number: 'SST-26-12345' }, CertificateMessage.NUMBER_FORMAT],
      ['certificate_number', { certificate_number: 'SST-2026-09999' }, CertificateMessage.NUMBER_FORMAT],
      ['certificate_number', { certificate_number: 'S'.repeat(51) }, CertificateMessage.NUMBER_FORMAT],
      ['recipient_name', { recipient_name: '   ' }, CertificateMessage.RECIPIENT_REQUIRED],
      ['recipient_name', { recipient_name: undefined }, CertificateMessage.RECIPIENT_REQUIRED],
      ['recipient_name', { recipient_name: long(CERTIFICATE_RECIPIENT_MAX) }, CertificateMessage.RECIPIENT_TOO_LONG],
      ['recipient_type', { recipient_type: 'partner' }, CertificateMessage.TYPE_REQUIRED],
      ['recipient_type', { recipient_type: undefined }, CertificateMessage.TYPE_REQUIRED],
      ['issue_date', { issue_date: '' }, CertificateMessage.ISSUE_DATE_REQUIRED],
      ['issue_date', { issue_date: undefined }, CertificateMessage.ISSUE_DATE_REQUIRED],
      ['issue_date', { issue_date: '2026-02-30' }, CertificateMessage.ISSUE_DATE_INVALID],
      ['issue_date', { issue_date: '0000-00-00' }, CertificateMessage.ISSUE_DATE_INVALID],
      ['expiry_date', { expiry_date: '0000-00-00' }, CertificateMessage.EXPIRY_DATE_INVALID],
      ['expiry_date', { expiry_date: '01/03/2028' }, CertificateMessage.EXPIRY_DATE_INVALID],
      ['expiry_date', { expiry_date: '2026-02-28' }, CertificateMessage.EXPIRY_BEFORE_ISSUE],
      ['course_name', { course_name: long(CERTIFICATE_COURSE_MAX) }, CertificateMessage.COURSE_TOO_LONG],
      ['duration', { duration: long(CERTIFICATE_DURATION_MAX) }, CertificateMessage.DURATION_TOO_LONG],
      ['description', { description: long(CERTIFICATE_DESCRIPTION_MAX) }, CertificateMessage.DESCRIPTION_TOO_LONG],
      ['status', { status: 'suspended' }, CertificateMessage.STATUS_INVALID],
      ['revocation_reason', { status: 'revoked' }, CertificateMessage.REVOCATION_REASON_REQUIRED],
      [
        'revocation_reason',
        { status: 'revoked', revocation_reason: long(CERTIFICATE_REVOCATION_REASON_MAX) },
        CertificateMessage.REVOCATION_REASON_TOO_LONG,
      ],
    ])('refuses a bad %s with its message', async (field, change, message) => {
      const res = await call('POST', '/api/certificates', { ...valid, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: ErrorCode.VALIDATION_ERROR, message });
      // Only the field at fault: a bad date is not also compared with the other one.
      expect(res.json().errors).toEqual([{ field, message }]);
      expect(await countRows(db(), 'certificates')).toBe(0);
    });

    it('issues an expiry date equal to the issue date', async () => {
      await create({ ...valid, expiry_date: valid.issue_date });
    });

    it('dates a certificate created revoked and keeps its reason; a reason without revocation is dropped', async () => {
      const before = Date.now();
      const revoked = await create({ ...valid, status: 'revoked', revocation_reason: ' Issued in error ' });
      expect(revoked).toMatchObject({
        status: 'revoked',
        effective_status: 'revoked',
        revocation_reason: 'Issued in error',
      });
      expect(Date.parse(revoked.revoked_at!)).toBeGreaterThanOrEqual(before - 1000);
      const active = await create({ ...valid, revocation_reason: 'Not revoked' });
      expect(active).toMatchObject({ revoked_at: null, revocation_reason: null });
    });

    it('stores hostile text as given and answers it inert (JSON, unchanged)', async () => {
      const name = `<script>alert("x")</script>'; DROP TABLE certificates; -- 😀`;
      const data = await create({ ...valid, recipient_name: name, description: '<img src=x onerror=alert(1)>' });
      expect(data.recipient_name).toBe(name);
      const res = await call('GET', `/api/certificates/${data.id}`, undefined, viewer);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().data).toMatchObject({ recipient_name: name, description: '<img src=x onerror=alert(1)>' });
      expect(await countRows(db(), 'certificates')).toBe(1);
    });

    it('answers 20 simultaneous creates of one typed number with one 201 and nineteen 409s', async () => {
      const body = { ...valid, certificate_number: 'SST-2026-77777' };
      const responses = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/certificates', body)));
      const statuses = responses.map((res) => res.statusCode);
      expect(
        statuses.filter((s) => s === 201),
        statuses.join(','),
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        statuses.join(','),
      ).toHaveLength(19);
      for (const res of responses.filter((r) => r.statusCode === 409)) {
        expect(res.json().errors).toEqual([
          {
            field: 'certificate_number',
            message: formatMessage(CertificateMessage.NUMBER_TAKEN, { number: 'SST-2026-77777' }),
          },
        ]);
      }
      expect(await countRows(db(), 'certificates')).toBe(1);
    });

    it('gives 20 simultaneous creates without a number 20 distinct numbers', async () => {
      const responses = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/certificates', valid)));
      expect(responses.map((res) => res.statusCode)).toEqual(Array(20).fill(201));
      const numbers = new Set(responses.map((res) => res.json().data.certificate_number as string));
      expect(numbers.size).toBe(20);
      expect(await countRows(db(), 'certificates')).toBe(20);
    });

    it('gives simultaneous creates whose draws collide distinct numbers (the transaction is run again)', async () => {
      // Every racer first draws the same serial; the losers' inserts fail on the unique key and draw again.
      for (let i = 0; i < 5; i += 1) draws.mockReturnValueOnce(33_333);
      const responses = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/api/certificates', valid)));
      expect(responses.map((res) => res.statusCode)).toEqual(Array(5).fill(201));
      const numbers = responses.map((res) => res.json().data.certificate_number as string);
      expect(new Set(numbers).size).toBe(5);
      expect(numbers).toContain('SST-2026-33333');
    });
  });
});
