import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import type { DB } from './schema';
import { isTransientConflict, isUniqueViolation, uniqueViolationColumn, writeTransaction } from './write-conflicts';

/*
 * Two transactions that update the same two rows in opposite orders deadlock on PostgreSQL and MySQL:
 * the database aborts one. writeTransaction runs the aborted one again, so both commit. (SQLite writes
 * one transaction at a time and cannot deadlock this way.)
 */
describe.each(testDialects.filter((d) => d !== 'sqlite'))('write transactions that deadlock on %s', (dialect) => {
  let t: TestDatabase;
  const db = () => t.database.db;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    const now = new Date().toISOString();
    for (const slug of ['first', 'second']) {
      await db()
        .insertInto('blog_categories')
        .values({ name: slug, slug, color: '#000000', sort_order: 0, created_at: now, updated_at: now })
        .execute();
    }
    ids = (await db().selectFrom('blog_categories').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  /** Resolves once both transactions hold their first row, so that each then waits for the other's. */
  function meetingPoint() {
    let arrived = 0;
    let release!: () => void;
    const bothThere = new Promise<void>((resolve) => (release = resolve));
    return () => {
      arrived += 1;
      if (arrived === 2) release();
      return bothThere;
    };
  }

  const touch = (trx: Transaction<DB>, id: number, by: string) =>
    trx.updateTable('blog_categories').set({ description: by }).where('id', '=', id).execute();

  async function crossedUpdates(run: typeof writeTransaction) {
    const meet = meetingPoint();
    let attempts = 0;
    const results = await Promise.allSettled(
      [ids, [...ids].reverse()].map(([a, b], index) =>
        run(db(), async (trx) => {
          attempts += 1;
          await touch(trx, a!, `t${index}`);
          if (attempts <= 2) await meet();
          await touch(trx, b!, `t${index}`);
        }),
      ),
    );
    return { results, attempts };
  }

  it('a plain transaction loses one of the two to the deadlock', async () => {
    const plain: typeof writeTransaction = (database, work) => database.transaction().execute(work);
    const { results } = await crossedUpdates(plain);
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures).toHaveLength(1);
    expect(isTransientConflict((failures[0] as PromiseRejectedResult).reason)).toBe(true);
  });

  it('writeTransaction retries the victim: both commit, each row written by the same winner', async () => {
    const { results, attempts } = await crossedUpdates(writeTransaction);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(attempts).toBe(3);
    const rows = await db().selectFrom('blog_categories').select('description').where('id', 'in', ids).execute();
    // The retried transaction ran last and whole: it wrote both rows.
    expect(new Set(rows.map((r) => r.description)).size).toBe(1);
  });
});

describe.each(testDialects)('unique-key violations on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  it('are recognised and name their column, which the error handler reports with the 409', async () => {
    const now = new Date().toISOString();
    const user = {
      email: 'one@example.test',
      password_hash: 'x',
      role: 'viewer' as const,
      status: 'active' as const,
      email_verified: 1,
      created_at: now,
      updated_at: now,
    };
    await t.database.db
      .insertInto('users')
      .values({ ...user, username: 'taken' })
      .execute();
    const error = await t.database.db
      .insertInto('users')
      .values({ ...user, username: 'other' })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(uniqueViolationColumn(error)).toBe('email');
  });
});
