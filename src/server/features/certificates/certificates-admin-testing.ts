import type { Insertable } from 'kysely';
import { beforeAll, beforeEach, expect } from 'vitest';
import { certificateListDataSchema, certificateSchema, type Certificate } from '../../../shared/contracts/certificates';
import { CertificateMessage } from '../../../shared/contracts/certificates.values';
import { formatMessage } from '../../../shared/errors';
import type { DialectName } from '../../db/database';
import { insertReturningId } from '../../db/insert-id';
import type { CertificatesTable } from '../../db/schema';
import { bearer, createStaff, freshIp, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const PUBLIC_URL = 'https://certs.example.com';

export const valid = {
  recipient_name: 'Hamza Ali',
  recipient_type: 'intern',
  issue_date: '2026-03-01',
  expiry_date: '2028-03-01',
  course_name: 'Web Development Internship',
  duration: '6 months',
  description: 'Built two client projects.',
};

/**
 * The app of the staff certificate tests on a fresh, unseeded database with PUBLIC_URL set, its three staff
 * sessions, and the calls they share. The certificates are emptied before each test.
 */
export function useStaffCertificateCalls(dialect: DialectName) {
  const t = useTestApp(dialect, { seed: false, env: { PUBLIC_URL } });
  const db = () => t.db.database.db;
  const staff = {} as { viewer: Session; editor: Session; admin: Session };

  beforeAll(async () => {
    Object.assign(staff, await createStaff(t.app, db()));
  });
  beforeEach(async () => {
    await db().deleteFrom('certificates').execute();
  });

  let sequence = 0;
  /** A certificate stored straight in the database. */
  async function addCertificate(values: Partial<Insertable<CertificatesTable>> = {}): Promise<number> {
    sequence += 1;
    return insertReturningId(db(), 'certificates', {
      certificate_number: `SST-2026-${10_000 + sequence}`,
      recipient_name: `Person ${sequence}`,
      recipient_type: 'intern',
      issue_date: '2026-01-01',
      expiry_date: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      ...values,
    });
  }
  const row = (id: number) => db().selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();

  const call = (method: Method, url: string, payload?: object, session: Session | null = staff.editor) =>
    t.app.inject({ method, url, payload, headers: session ? bearer(session.token) : {}, remoteAddress: freshIp() });
  const create = async (body: object, session: Session = staff.editor): Promise<Certificate> => {
    const res = await call('POST', '/api/certificates', body, session);
    expect(res.statusCode, res.body).toBe(201);
    const data = certificateSchema.parse(res.json().data);
    expect(res.json().message).toBe(formatMessage(CertificateMessage.CREATED, { number: data.certificate_number }));
    return data;
  };
  const list = async (query = '') => {
    const res = await call('GET', `/api/certificates${query}`, undefined, staff.viewer);
    expect(res.statusCode, res.body).toBe(200);
    return certificateListDataSchema.parse(res.json().data);
  };
  const listNumbers = async (query = '') => (await list(query)).certificates.map((c) => c.certificate_number);

  return { t, db, staff, addCertificate, row, call, create, list, listNumbers };
}
