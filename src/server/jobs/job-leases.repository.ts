import { MysqlAdapter, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

const isMysql = (db: Kysely<DB>) => db.getExecutor().adapter instanceof MysqlAdapter;

/** The job's row, created on first use (a concurrent creation by another instance is fine). */
export async function ensureJobRow(db: Kysely<DB>, name: string): Promise<void> {
  const insert = db.insertInto('job_leases').values({ name });
  await (isMysql(db) ? insert.ignore() : insert.onConflict((oc) => oc.column('name').doNothing())).execute();
}

/**
 * Takes the job for `owner` until `leaseUntil` when nobody holds an unexpired lease and, unless `force`,
 * it has not started since `notStartedSince` (another instance ran this interval's run). One conditional
 * UPDATE: of two instances racing, exactly one changes the row.
 */
export async function claimJob(
  db: Kysely<DB>,
  claim: { name: string; owner: string; now: string; leaseUntil: string; notStartedSince: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ owner: claim.owner, lease_until: claim.leaseUntil, last_started_at: claim.now })
    .where('name', '=', claim.name)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', claim.now)]))
    .$if(claim.notStartedSince !== null, (qb) =>
      qb.where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', claim.notStartedSince!)])),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease back and notes how the run ended. */
export async function releaseJob(
  db: Kysely<DB>,
  release: { name: string; owner: string; now: string; error: string | null },
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ lease_until: null, owner: null, last_finished_at: release.now, last_error: release.error })
    .where('name', '=', release.name)
    .where('owner', '=', release.owner)
    .execute();
}
