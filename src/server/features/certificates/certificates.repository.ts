import { sql, type Expression, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { CertificateStatus, RecipientType } from '../../../shared/contracts/certificates';
import { insertReturningId } from '../../db/insert-id';
import { forUpdate, likeContains } from '../../db/query-helpers';
import type { CertificatesTable, DB } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** The fields a write sets (the row without its id and timestamps). */
export type CertificateValues = Omit<Selectable<CertificatesTable>, 'id' | 'created_at' | 'updated_at'>;

/** What the staff list filters on. `status` is the effective status on `today` (YYYY-MM-DD). */
export interface CertificateFilter {
  search?: string;
  status?: CertificateStatus;
  type?: RecipientType;
  today: string;
}

const columns = [
  'id',
  'certificate_number',
  'recipient_name',
  'recipient_type',
  'issue_date',
  'expiry_date',
  'course_name',
  'duration',
  'description',
  'status',
  'revoked_at',
  'revocation_reason',
  'created_at',
  'updated_at',
] as const;

export type CertificateRow = Awaited<ReturnType<typeof findCertificateById>> & object;

export async function findCertificateById(db: Db, id: number) {
  return db.selectFrom('certificates').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The row, locked until the transaction ends (read-then-write). */
export async function findCertificateForUpdate(trx: Transaction<DB>, id: number) {
  return forUpdate(trx, trx.selectFrom('certificates').select(columns).where('id', '=', id)).executeTakeFirst();
}

/** `number` exactly as stored (numbers are stored normalised: upper case). */
export async function findCertificateByNumber(db: Db, number: string) {
  return db.selectFrom('certificates').select(columns).where('certificate_number', '=', number).executeTakeFirst();
}

/** The id of the certificate holding this number, if any. */
export async function certificateIdWithNumber(db: Db, number: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('certificates')
    .select('id')
    .where('certificate_number', '=', number)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Which of these numbers are already stored. */
export async function storedNumbers(db: Db, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .selectFrom('certificates')
    .select('certificate_number')
    .where('certificate_number', 'in', numbers)
    .execute();
  return new Set(rows.map((row) => row.certificate_number));
}

export async function insertCertificate(
  trx: Db,
  values: CertificateValues & { created_at: string; updated_at: string },
): Promise<number> {
  return insertReturningId(trx as Kysely<DB>, 'certificates', values);
}

/** Inserts many rows at once (a CSV import); at most a few hundred, well within every database's bounds. */
export async function insertCertificates(
  trx: Db,
  values: (CertificateValues & { created_at: string; updated_at: string })[],
): Promise<void> {
  if (values.length > 0) await trx.insertInto('certificates').values(values).execute();
}

/** The certificates with these numbers, in the order of `numbers`. */
export async function findCertificatesByNumbers(db: Db, numbers: string[]) {
  if (numbers.length === 0) return [];
  const rows = await db.selectFrom('certificates').select(columns).where('certificate_number', 'in', numbers).execute();
  const byNumber = new Map(rows.map((row) => [row.certificate_number, row]));
  return numbers.flatMap((number) => byNumber.get(number) ?? []);
}

export async function updateCertificate(trx: Db, id: number, values: CertificateValues, now: string): Promise<void> {
  await trx
    .updateTable('certificates')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteCertificate(trx: Db, id: number): Promise<number> {
  const result = await trx.deleteFrom('certificates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The effective status (see effectiveCertificateStatus) in SQL: dates are YYYY-MM-DD text, so comparing them
 * as text compares them as dates on every database.
 */
function effectiveStatus(today: string) {
  // A literal, not a parameter: PostgreSQL groups by an expression only when its text is the selected one's.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`not a date: ${today}`);
  return sql<CertificateStatus>`case when ${sql.ref('status')} = 'revoked' then 'revoked' when ${sql.ref('status')} = 'expired' or ${sql.ref('expiry_date')} < ${sql.lit(today)} then 'expired' else 'active' end`;
}

function filtered(db: Db, filter: CertificateFilter) {
  let query = db.selectFrom('certificates');
  if (filter.search) {
    const pattern = likeContains(filter.search);
    query = query.where((eb) =>
      eb.or(
        (['certificate_number', 'recipient_name', 'course_name'] as const).map((column): Expression<SqlBool> =>
          eb(eb.fn('lower', [column]), 'like', pattern),
        ),
      ),
    );
  }
  if (filter.type) query = query.where('recipient_type', '=', filter.type);
  if (filter.status === 'revoked') query = query.where('status', '=', 'revoked');
  if (filter.status === 'expired') {
    query = query.where((eb) =>
      eb.or([
        eb('status', '=', 'expired'),
        eb.and([eb('status', '=', 'active'), eb('expiry_date', '<', filter.today)]),
      ]),
    );
  }
  if (filter.status === 'active') {
    query = query
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('expiry_date', 'is', null), eb('expiry_date', '>=', filter.today)]));
  }
  return query;
}

export async function countCertificates(db: Db, filter: CertificateFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest issue date first, then the newest id. */
export async function listCertificates(db: Db, filter: CertificateFilter, page: { page: number; limit: number }) {
  return filtered(db, filter)
    .select(columns)
    .orderBy('issue_date', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
}

/** How many certificates have each effective status on `today`, over the whole table. */
export async function countByEffectiveStatus(db: Db, today: string) {
  const status = effectiveStatus(today);
  const rows = await db
    .selectFrom('certificates')
    .select([status.as('status'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(status)
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.n) }));
}

/** The company's name and founder, who issue and sign the printed certificate (null before any profile). */
export async function findIssuer(db: Db) {
  return db.selectFrom('company_profile').select(['name', 'founder']).orderBy('id').limit(1).executeTakeFirst();
}
