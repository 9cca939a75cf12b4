import { beforeAll, describe, expect, it } from 'vitest';
import { verifiedCertificateSchema, type VerifiedCertificate } from '../../../shared/contracts/certificates';
import { CertificateMessage, todayIsoDate } from '../../../shared/contracts/certificates.values';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { freshIp } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { CERTIFICATE_VERIFY_RATE_LIMIT } from './verify-limit';

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => todayIsoDate();
const dayOffset = (days: number) => todayIsoDate(new Date(Date.now() + days * DAY_MS));

const base = {
  recipient_type: 'intern' as const,
  course_name: 'Web Development Internship',
  duration: '6 months',
  description: 'Built two client projects.',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const rows = [
  // Active, expires in a year.
  {
    ...base,
    certificate_number: 'SST-2026-11111',
    recipient_name: 'Active Person',
    issue_date: '2026-01-10',
    expiry_date: dayOffset(365),
    status: 'active' as const,
  },
  // Stored active, but its expiry date was yesterday: verifies as expired without anyone editing it.
  {
    ...base,
    certificate_number: 'SST-2025-22222',
    recipient_name: 'Lapsed Person',
    issue_date: '2025-01-10',
    expiry_date: dayOffset(-1),
    status: 'active' as const,
  },
  // Expires today: still valid through the day.
  {
    ...base,
    certificate_number: 'SST-2025-33333',
    recipient_name: 'Last Day',
    issue_date: '2025-01-10',
    expiry_date: today(),
    status: 'active' as const,
  },
  // Revoked, with its date and a reason that must stay private.
  {
    ...base,
    certificate_number: 'SST-2025-44444',
    recipient_name: 'Revoked Person',
    issue_date: '2025-02-01',
    expiry_date: null,
    status: 'revoked' as const,
    revoked_at: '2026-03-04T10:20:30.000Z',
    revocation_reason: 'Issued with a wrong course record',
  },
  // Never expires.
  {
    ...base,
    certificate_number: 'SST-2024-55555',
    recipient_name: 'Forever Client',
    recipient_type: 'client' as const,
    issue_date: '2024-05-05',
    expiry_date: null,
    course_name: null,
    duration: null,
    description: null,
    status: 'active' as const,
  },
];

describe.each(testDialects)('GET /api/certificates/verify/:number on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });

  beforeAll(async () => {
    await t.db.database.db.insertInto('certificates').values(rows).execute();
  });

  const verify = (number: string, ip: string = freshIp()) =>
    t.app.inject({ method: 'GET', url: `/api/certificates/verify/${encodeURIComponent(number)}`, remoteAddress: ip });

  async function verified(number: string): Promise<VerifiedCertificate> {
    const res = await verify(number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.success).toBe(true);
    // Exactly the public fields: a strict parse fails on any extra key (id, reason, timestamps).
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(verifiedCertificateSchema.shape).sort());
    return verifiedCertificateSchema.strict().parse(body.data);
  }

  it('verifies an active certificate with exactly the fields the page shows', async () => {
    expect(await verified('SST-2026-11111')).toEqual({
      certificate_number: 'SST-2026-11111',
      recipient_name: 'Active Person',
      recipient_type: 'intern',
      course_name: 'Web Development Internship',
      issue_date: '2026-01-10',
      expiry_date: dayOffset(365),
      duration: '6 months',
      description: 'Built two client projects.',
      status: 'active',
      revoked_on: null,
    });
  });

  it('takes the number trimmed and in any case', async () => {
    expect((await verified('  sst-2026-11111 ')).certificate_number).toBe('SST-2026-11111');
  });

  it('answers an active certificate whose expiry date has passed as expired, and one expiring today as active', async () => {
    expect((await verified('SST-2025-22222')).status).toBe('expired');
    expect((await verified('SST-2025-33333')).status).toBe('active');
  });

  it('answers a revoked certificate as revoked with the day of revocation, never the reason', async () => {
    const res = await verify('SST-2025-44444');
    expect(res.body).not.toContain('wrong course record');
    expect(res.body).not.toContain('10:20:30');
    const data = await verified('SST-2025-44444');
    expect(data).toMatchObject({ status: 'revoked', revoked_on: '2026-03-04', expiry_date: null });
  });

  it('answers null for the optional fields of a certificate that never expires', async () => {
    expect(await verified('SST-2024-55555')).toMatchObject({
      expiry_date: null,
      course_name: null,
      duration: null,
      description: null,
      status: 'active',
    });
  });

  it("answers an unknown number 404 with the catalogue's message naming it", async () => {
    const res = await verify('sst-2026-99999');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: false,
      code: ErrorCode.NOT_FOUND,
      message: formatMessage(CertificateMessage.NOT_FOUND, { number: 'SST-2026-99999' }),
    });
  });

  it.each([
    'SST-2026-1234', // four digits
    'SST-2026-01234', // serial below 10000
    'ABC-2026-12345',
    'SST202612345',
    "SST-2026-12345' OR '1'='1",
    'x'.repeat(51),
  ])('refuses the malformed number %s with 400 and the format hint', async (number) => {
    const res = await verify(number);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      success: false,
      code: ErrorCode.VALIDATION_ERROR,
      message: CertificateMessage.NUMBER_FORMAT,
      errors: [{ field: 'number', message: CertificateMessage.NUMBER_FORMAT }],
    });
  });

  it('limits lookups per client address, found or not, and counts each client apart', async () => {
    const ip = freshIp();
    for (let i = 0; i < CERTIFICATE_VERIFY_RATE_LIMIT.max; i += 1) {
      // One miss among them: more would close the address first (verify-limit.test.ts).
      const res = await verify(i === 1 ? 'SST-2026-99999' : i % 2 ? 'SST-2026-11111' : 'nonsense', ip);
      expect(res.statusCode).not.toBe(429);
    }
    const refused = await verify('SST-2026-11111', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: ErrorCode.RATE_LIMITED,
      message: CertificateMessage.VERIFY_RATE_LIMITED,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify('SST-2026-11111', freshIp())).statusCode).toBe(200);
  });
});
