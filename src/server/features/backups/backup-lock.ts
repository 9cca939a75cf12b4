import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { BackupMessage } from '../../../shared/contracts/backups';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { retryWriteConflicts } from '../../db/write-conflicts';
import { AppError } from '../../lib/errors';
import { claimJob, ensureJobRow, releaseJob } from '../../jobs/job-leases.repository';
import { extendLease } from './backups.repository';

/**
 * One backup or restore at a time, across instances (ADR 0018, ADR 0030): two restores interleaving would
 * mix two sites, and a backup taken during a restore would hold half of each. An in-process flag answers at
 * once; a lease row (job_leases, as the scheduler's) covers other instances and the command line. The lease
 * is short and renewed while the work runs, so a process that died frees it within minutes. Retention runs
 * under it too, so that several instances never prune the same backups at once.
 */
const LOCK = 'backups-exclusive';
const LOCK_MS = 5 * 60_000;
const LOCK_RENEW_MS = 60_000;
const lockOwner = `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(4).toString('hex')}`;
let busy = false;

export const busyError = () => new AppError(409, ErrorCode.CONFLICT, BackupMessage.BUSY);

export const isBusyError = (error: unknown) =>
  error instanceof AppError && error.statusCode === 409 && error.message === BackupMessage.BUSY;

/** Runs `work` holding the lock; 409 with the catalogue's BUSY message while another holds it. */
export async function exclusively<T>(db: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (busy) throw busyError();
  busy = true;
  let renew: NodeJS.Timeout | undefined;
  try {
    const now = new Date();
    await ensureJobRow(db, LOCK);
    const claimed = await retryWriteConflicts(() =>
      claimJob(db, {
        name: LOCK,
        owner: lockOwner,
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + LOCK_MS).toISOString(),
        notStartedSince: null,
      }),
    );
    if (!claimed) throw busyError();
    renew = setInterval(() => {
      const until = new Date(Date.now() + LOCK_MS).toISOString();
      extendLease(db, LOCK, lockOwner, until).catch(() => {});
    }, LOCK_RENEW_MS);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await releaseJob(db, { name: LOCK, owner: lockOwner, now: new Date().toISOString(), error: null }).catch(
        () => {},
      );
    }
  } finally {
    busy = false;
  }
}
