import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { retryWriteConflicts } from '../db/write-conflicts';
import { claimJob, ensureJobRow, releaseJob } from './job-leases.repository';

/*
 * The one in-process scheduler: jobs such as the analytics roll-ups and the weekly report.
 * Each run first takes the job's lease row in the database (job_leases), so with several instances a run
 * happens once per interval, and a run whose instance died is taken over when its lease expires. Jobs
 * must still be idempotent: a lease can expire under a run slower than the lease.
 */

export interface ScheduledJob {
  /** Unique; the lease row's key. */
  name: string;
  /** How often it runs. */
  everyMs: number;
  /** How long a run may take before another instance may take it over (default: ten minutes). */
  leaseMs?: number;
  run(now: Date): Promise<void>;
}

export interface Scheduler {
  /** Adds a job; it runs soon after the server is ready and then every `everyMs` (when JOBS_ENABLED). */
  add(job: ScheduledJob): void;
  /**
   * Runs a job now if no instance is running it (tests, and the admin actions that need fresh figures);
   * false when another run held the lease.
   */
  runNow(name: string, now?: Date): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

const DEFAULT_LEASE_MS = 10 * 60_000;
/** The first runs wait this long after start, so that starting the server stays fast. */
const FIRST_RUN_DELAY_MS = 3_000;

export const schedulerPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = new Map<string, ScheduledJob>();
    const timers = new Set<NodeJS.Timeout>();
    const running = new Set<Promise<unknown>>();
    const owner = `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;
    let stopped = false;
    const db = () => app.database.db;

    async function attempt(job: ScheduledJob, now: Date, force: boolean): Promise<boolean> {
      const iso = now.toISOString();
      await ensureJobRow(db(), job.name);
      const claimed = await retryWriteConflicts(() =>
        claimJob(db(), {
          name: job.name,
          owner,
          now: iso,
          leaseUntil: new Date(now.getTime() + (job.leaseMs ?? DEFAULT_LEASE_MS)).toISOString(),
          // A little slack, so that timers of two instances a few ms apart do not both run.
          notStartedSince: force ? null : new Date(now.getTime() - job.everyMs * 0.9).toISOString(),
        }),
      );
      if (!claimed) return false;
      let error: string | null = null;
      try {
        await job.run(now);
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        app.log.error({ err, job: job.name }, 'scheduled job failed; its next run tries again');
      }
      await retryWriteConflicts(() =>
        releaseJob(db(), { name: job.name, owner, now: new Date().toISOString(), error }),
      );
      return true;
    }

    function track<T>(promise: Promise<T>): Promise<T> {
      running.add(promise);
      void promise.finally(() => running.delete(promise)).catch(() => undefined);
      return promise;
    }

    function tick(job: ScheduledJob) {
      if (stopped) return;
      void track(
        attempt(job, new Date(), false).catch((err: unknown) =>
          app.log.error({ err, job: job.name }, 'scheduled job could not take its lease'),
        ),
      );
    }

    const scheduler: Scheduler = {
      add(job) {
        if (jobs.has(job.name)) throw new Error(`scheduled job ${job.name} added twice`);
        jobs.set(job.name, job);
      },
      async runNow(name, now = new Date()) {
        const job = jobs.get(name);
        if (!job) throw new Error(`no scheduled job named ${name}`);
        return track(attempt(job, now, true));
      },
    };
    app.decorate('scheduler', scheduler);

    app.addHook('onReady', async () => {
      if (!app.config.jobsEnabled) return;
      for (const job of jobs.values()) {
        const first = setTimeout(() => tick(job), FIRST_RUN_DELAY_MS);
        const every = setInterval(() => tick(job), job.everyMs);
        first.unref();
        every.unref();
        timers.add(first).add(every);
      }
    });
    app.addHook('onClose', async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
    });
  },
  { name: 'scheduler' },
);
