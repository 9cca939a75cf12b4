import { beforeAll, describe, expect, it } from 'vitest';
import { certificateSchema, type Certificate } from '../../../shared/contracts/certificates';
import {
  CERTIFICATE_REVOCATION_REASON_MAX,
  CertificateMessage,
  todayIsoDate,
} from '../../../shared/contracts/certificates.values';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { freshIp, type Session } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import { valid, useStaffCertificateCalls } from './certificates-admin-testing';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOffset = (days: number) => todayIsoDate(new Date(Date.now() + days * DAY_MS));

describe.each(testDialects)('the staff certificate calls on %s', (dialect) => {
  const { t, db, addCertificate, row, call, create, list, listNumbers, staff } = useStaffCertificateCalls(dialect);
  let viewer: Session;

  beforeAll(() => {
    ({ viewer } = staff);
  });

  describe('GET /api/certificates/:id', () => {
    it('answers one certificate with its effective status, and 404 once there is none', async () => {
      const id = await addCertificate({
        certificate_number: 'SST-2025-40404',
        expiry_date: dayOffset(-1),
        issue_date: '2025-01-01',
      });
      const res = await call('GET', `/api/certificates/${id}`, undefined, viewer);
      expect(res.statusCode).toBe(200);
      expect(certificateSchema.strict().parse(res.json().data)).toMatchObject({
        id,
        certificate_number: 'SST-2025-40404',
        status: 'active',
        effective_status: 'expired',
      });
      const missing = await call('GET', '/api/certificates/987654', undefined, viewer);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        success: false,
        code: ErrorCode.NOT_FOUND,
        message: CertificateMessage.NOT_FOUND_ID,
      });
      expect((await call('GET', '/api/certificates/abc', undefined, viewer)).statusCode).toBe(400);
      expect((await call('GET', '/api/certificates/3000000000', undefined, viewer)).statusCode).toBe(400);
    });
  });

  describe('GET /api/certificates', () => {
    it('lists newest issue date first (then newest id), 20 a page, with pagination', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 23; i += 1) {
        ids.push(await addCertificate({ issue_date: `2026-01-${String(1 + Math.floor(i / 2)).padStart(2, '0')}` }));
      }
      const expected = ids
        .map((id, i) => ({ id, day: Math.floor(i / 2) }))
        .sort((a, b) => b.day - a.day || b.id - a.id)
        .map((c) => c.id);
      const first = await list();
      expect(first.certificates.map((c) => c.id)).toEqual(expected.slice(0, 20));
      expect(first.pagination).toEqual({ page: 1, limit: 20, total: 23, pages: 2 });
      expect((await list('?page=2')).certificates.map((c) => c.id)).toEqual(expected.slice(20));
      expect((await list('?limit=5&page=5')).certificates.map((c) => c.id)).toEqual(expected.slice(20));
      expect((await call('GET', '/api/certificates?limit=101', undefined, viewer)).statusCode).toBe(400);
    });

    it('searches number, recipient and course, in any case, with LIKE wildcards taken literally', async () => {
      await addCertificate({ certificate_number: 'SST-2025-48213', recipient_name: 'Hamza Ali' });
      await addCertificate({
        certificate_number: 'SST-2025-62718',
        recipient_name: 'Bloom Retail',
        course_name: 'E-Commerce',
      });
      await addCertificate({
        certificate_number: 'SST-2024-11111',
        recipient_name: 'Ayesha 100%',
        course_name: 'UI_UX',
      });
      expect(await listNumbers('?search=sst-2025-482')).toEqual(['SST-2025-48213']);
      expect(await listNumbers('?search=HAMZA')).toEqual(['SST-2025-48213']);
      expect(await listNumbers('?search=e-commerce')).toEqual(['SST-2025-62718']);
      expect(await listNumbers('?search=100%25')).toEqual(['SST-2024-11111']);
      expect(await listNumbers('?search=I_U')).toEqual(['SST-2024-11111']);
      expect(await listNumbers('?search=I%25U')).toEqual([]);
      expect((await list('?search=nobody')).certificates).toEqual([]);
      // Letters beyond ASCII fold too, on every database.
      await addCertificate({
        certificate_number: 'SST-2024-22222',
        recipient_name: 'Søren Ærø',
        course_name: 'Çalışma',
      });
      expect(await listNumbers('?search=%C3%A6R%C3%98')).toEqual(['SST-2024-22222']);
      expect(await listNumbers('?search=%C3%87AL')).toEqual(['SST-2024-22222']);
    });

    it('filters by effective status and type, and counts effective statuses over every certificate', async () => {
      await addCertificate({ certificate_number: 'SST-2026-10001', expiry_date: dayOffset(30) });
      await addCertificate({ certificate_number: 'SST-2026-10002', expiry_date: null, recipient_type: 'client' });
      await addCertificate({
        certificate_number: 'SST-2025-10003',
        issue_date: '2025-01-01',
        expiry_date: dayOffset(-1),
      });
      await addCertificate({ certificate_number: 'SST-2026-10004', status: 'expired' });
      await addCertificate({
        certificate_number: 'SST-2026-10005',
        status: 'revoked',
        revoked_at: '2026-02-02T00:00:00.000Z',
        revocation_reason: 'Wrong',
        recipient_type: 'client',
      });
      await addCertificate({ certificate_number: 'SST-2026-10006', expiry_date: todayIsoDate() });
      const sorted = (numbers: string[]) => [...numbers].sort();
      expect(sorted(await listNumbers('?status=active'))).toEqual([
        'SST-2026-10001',
        'SST-2026-10002',
        'SST-2026-10006',
      ]);
      expect(sorted(await listNumbers('?status=expired'))).toEqual(['SST-2025-10003', 'SST-2026-10004']);
      expect(await listNumbers('?status=revoked')).toEqual(['SST-2026-10005']);
      expect(await listNumbers('?status=all')).toHaveLength(6);
      expect(sorted(await listNumbers('?type=client'))).toEqual(['SST-2026-10002', 'SST-2026-10005']);
      expect(await listNumbers('?type=client&status=active')).toEqual(['SST-2026-10002']);
      expect(await listNumbers('?type=employee')).toEqual([]);
      const filtered = await list('?status=revoked&search=10005');
      expect(filtered.counts).toEqual({ all: 6, active: 3, expired: 2, revoked: 1 });
      expect(filtered.pagination.total).toBe(1);
      const lapsed = (await list('?search=10003')).certificates[0]!;
      expect(lapsed).toMatchObject({ status: 'active', effective_status: 'expired' });
      expect((await call('GET', '/api/certificates?status=lost', undefined, viewer)).statusCode).toBe(400);
    });

    it('counts zero everywhere on an empty register', async () => {
      expect(await list()).toEqual({
        certificates: [],
        pagination: { page: 1, limit: 20, total: 0, pages: 0 },
        counts: { all: 0, active: 0, expired: 0, revoked: 0 },
      });
    });
  });

  describe('PUT /api/certificates/:id', () => {
    it('replaces the fields, keeps the number when blank, and answers the catalogue message', async () => {
      const created = await create({ ...valid, certificate_number: 'SST-2026-20000' });
      const res = await call('PUT', `/api/certificates/${created.id}`, {
        ...valid,
        certificate_number: '',
        recipient_name: 'Hamza Ali Khan',
        expiry_date: null,
        course_name: '',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(formatMessage(CertificateMessage.UPDATED, { number: 'SST-2026-20000' }));
      expect(res.json().data).toMatchObject({
        certificate_number: 'SST-2026-20000',
        recipient_name: 'Hamza Ali Khan',
        expiry_date: null,
        course_name: null,
      });
      const stored = await row(created.id);
      expect(stored).toMatchObject({ recipient_name: 'Hamza Ali Khan', expiry_date: null });
      expect(stored!.updated_at >= created.updated_at).toBe(true);
      expect(stored!.created_at).toBe(created.created_at);
    });

    it('changes the number to a free one, refuses one used by another certificate and keeps its own', async () => {
      const other = await create({ ...valid, certificate_number: 'SST-2026-30001' });
      const mine = await create({ ...valid, certificate_number: 'SST-2026-30002' });
      const taken = await call('PUT', `/api/certificates/${mine.id}`, {
        ...valid,
        certificate_number: 'sst-2026-30001',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toEqual([
        {
          field: 'certificate_number',
          message: formatMessage(CertificateMessage.NUMBER_TAKEN, { number: 'SST-2026-30001' }),
        },
      ]);
      const same = await call('PUT', `/api/certificates/${mine.id}`, {
        ...valid,
        certificate_number: 'SST-2026-30002',
      });
      expect(same.statusCode).toBe(200);
      const moved = await call('PUT', `/api/certificates/${mine.id}`, {
        ...valid,
        certificate_number: 'SST-2027-30003',
      });
      expect(moved.json().data.certificate_number).toBe('SST-2027-30003');
      expect((await row(other.id))!.certificate_number).toBe('SST-2026-30001');
    });

    it('dates a revocation once, lets the reason change, and clears both when set active again', async () => {
      const created = await create(valid);
      const put = (body: object) => call('PUT', `/api/certificates/${created.id}`, { ...valid, ...body });
      const noReason = await put({ status: 'revoked' });
      expect(noReason.statusCode).toBe(400);
      const revoked = (await put({ status: 'revoked', revocation_reason: 'First reason' })).json().data as Certificate;
      expect(revoked).toMatchObject({
        status: 'revoked',
        effective_status: 'revoked',
        revocation_reason: 'First reason',
      });
      expect(revoked.revoked_at).not.toBeNull();
      const again = (await put({ status: 'revoked', revocation_reason: 'Second reason' })).json().data as Certificate;
      expect(again).toMatchObject({ revoked_at: revoked.revoked_at, revocation_reason: 'Second reason' });
      const restored = (await put({ status: 'active', revocation_reason: 'ignored' })).json().data as Certificate;
      expect(restored).toMatchObject({ status: 'active', revoked_at: null, revocation_reason: null });
      expect(await row(created.id)).toMatchObject({ revoked_at: null, revocation_reason: null });
      const expired = (await put({ status: 'expired' })).json().data as Certificate;
      expect(expired).toMatchObject({ status: 'expired', effective_status: 'expired', revoked_at: null });
    });

    it('lets one of 10 simultaneous changes of different certificates to one number win; the rest get 409', async () => {
      const ids = await Promise.all(Array.from({ length: 10 }, () => addCertificate()));
      const responses = await Promise.all(
        ids.map((id) => call('PUT', `/api/certificates/${id}`, { ...valid, certificate_number: 'SST-2026-88888' })),
      );
      const statuses = responses.map((res) => res.statusCode).sort();
      expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
      const holders = await db()
        .selectFrom('certificates')
        .select('id')
        .where('certificate_number', '=', 'SST-2026-88888')
        .execute();
      expect(holders).toHaveLength(1);
    });

    it('answers 404 for a certificate that does not exist and refuses bad fields with 400', async () => {
      const missing = await call('PUT', '/api/certificates/987654', valid);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(CertificateMessage.NOT_FOUND_ID);
      const created = await create(valid);
      const bad = await call('PUT', `/api/certificates/${created.id}`, { ...valid, expiry_date: '2020-01-01' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContainEqual({
        field: 'expiry_date',
        message: CertificateMessage.EXPIRY_BEFORE_ISSUE,
      });
    });
  });

  describe('POST /api/certificates/:id/revoke', () => {
    it('revokes keeping the record, dates it once, and lets a second revocation change only the reason', async () => {
      const created = await create(valid);
      const revoke = (reason: unknown) => call('POST', `/api/certificates/${created.id}/revoke`, { reason });
      const res = await revoke('  Issued with a wrong course record ');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(
        formatMessage(CertificateMessage.REVOKED, { number: created.certificate_number }),
      );
      const first = res.json().data as Certificate;
      expect(first).toMatchObject({
        ...valid,
        status: 'revoked',
        effective_status: 'revoked',
        revocation_reason: 'Issued with a wrong course record',
      });
      expect(Date.now() - Date.parse(first.revoked_at!)).toBeLessThan(60_000);
      const second = (await revoke('Another reason')).json().data as Certificate;
      expect(second).toMatchObject({ revoked_at: first.revoked_at, revocation_reason: 'Another reason' });

      const verify = await t.app.inject({
        method: 'GET',
        url: `/api/certificates/verify/${created.certificate_number}`,
        remoteAddress: freshIp(),
      });
      expect(verify.json().data).toMatchObject({ status: 'revoked', revoked_on: first.revoked_at!.slice(0, 10) });
      expect(verify.body).not.toContain('Another reason');
    });

    it('keeps one revocation date when the same certificate is revoked 10 times at once', async () => {
      const created = await create(valid);
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call('POST', `/api/certificates/${created.id}/revoke`, { reason: `Reason ${i}` }),
        ),
      );
      expect(responses.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
      const dates = new Set(responses.map((res) => (res.json().data as Certificate).revoked_at));
      const stored = await row(created.id);
      expect(dates).toEqual(new Set([stored!.revoked_at]));
      expect(stored!.revocation_reason).toMatch(/^Reason \d$/);
    });

    it('refuses a blank or too long reason, and answers 404 for a certificate that does not exist', async () => {
      const created = await create(valid);
      for (const [reason, message] of [
        ['  ', CertificateMessage.REVOCATION_REASON_REQUIRED],
        [undefined, CertificateMessage.REVOCATION_REASON_REQUIRED],
        ['x'.repeat(CERTIFICATE_REVOCATION_REASON_MAX + 1), CertificateMessage.REVOCATION_REASON_TOO_LONG],
      ] as const) {
        const res = await call('POST', `/api/certificates/${created.id}/revoke`, { reason });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message, errors: [{ field: 'reason', message }] });
      }
      expect((await row(created.id))!.status).toBe('active');
      const missing = await call('POST', '/api/certificates/987654/revoke', { reason: 'Gone' });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('DELETE /api/certificates/:id', () => {
    it('deletes, after which the certificate is 404 everywhere, verification included', async () => {
      const created = await create(valid);
      const res = await call('DELETE', `/api/certificates/${created.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: null, message: CertificateMessage.DELETED });
      expect(await row(created.id)).toBeUndefined();
      expect((await call('GET', `/api/certificates/${created.id}`, undefined, viewer)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/certificates/${created.id}`)).statusCode).toBe(404);
      expect((await call('PUT', `/api/certificates/${created.id}`, valid)).statusCode).toBe(404);
      const verify = await t.app.inject({
        method: 'GET',
        url: `/api/certificates/verify/${created.certificate_number}`,
        remoteAddress: freshIp(),
      });
      expect(verify.statusCode).toBe(404);
    });
  });
});
