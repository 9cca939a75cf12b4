import type { Kysely, Transaction } from 'kysely';
import { likePrefix } from '../db/query-helpers';
import { insertReturningId } from '../db/insert-id';
import type { DB } from '../db/schema';

/* The redirects table (ADR 0039). */

type Db = Kysely<DB> | Transaction<DB>;

export interface RedirectRow {
  id: number;
  from_path: string;
  target: string;
  kind: string;
  hits: number;
  last_hit_at: string | null;
  created_at: string;
}

const columns = ['id', 'from_path', 'target', 'kind', 'hits', 'last_hit_at', 'created_at'] as const;

const toRow = (row: RedirectRow): RedirectRow => ({ ...row, id: Number(row.id), hits: Number(row.hits) });

/** A page of redirects, newest first (or the one with `id`). */
export async function listRedirectRows(db: Db, page: number, limit: number, id?: number): Promise<RedirectRow[]> {
  let query = db.selectFrom('redirects').select(columns);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return rows.map(toRow);
}

export async function countRedirects(db: Db): Promise<number> {
  const row = await db
    .selectFrom('redirects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every redirect's address and target: what each instance keeps in memory. */
export async function allRedirectTargets(db: Db): Promise<Array<{ id: number; from_path: string; target: string }>> {
  const rows = await db.selectFrom('redirects').select(['id', 'from_path', 'target']).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * What changes with every write of the table but not with hit counts: the number of rows, the largest id
 * and the latest updated_at. An instance reads the table again when it differs from the one it read.
 */
export async function redirectsFingerprint(db: Db): Promise<string> {
  const row = await db
    .selectFrom('redirects')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max('id').as('top'),
      eb.fn.max('updated_at').as('changed'),
    ])
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}|${row.top === null ? '' : Number(row.top)}|${row.changed ?? ''}`;
}

export async function findRedirectFrom(db: Db, fromPath: string) {
  return db.selectFrom('redirects').select(['id', 'target']).where('from_path', '=', fromPath).executeTakeFirst();
}

export async function insertRedirect(
  trx: Transaction<DB>,
  values: { from_path: string; target: string; kind: string; created_by: number | null; now: string },
): Promise<number> {
  return insertReturningId(trx, 'redirects', {
    from_path: values.from_path,
    target: values.target,
    kind: values.kind,
    created_by: values.created_by,
    created_at: values.now,
    updated_at: values.now,
  });
}

export async function setRedirectTarget(trx: Transaction<DB>, id: number, target: string, now: string) {
  await trx.updateTable('redirects').set({ target, updated_at: now }).where('id', '=', id).execute();
}

/** Redirects whose target is this site path, with or without a query or fragment after it. */
export async function redirectsTargeting(trx: Transaction<DB>, path: string) {
  const rows = await trx
    .selectFrom('redirects')
    .select(['id', 'target'])
    .where((eb) =>
      eb.or([
        eb('target', '=', path),
        eb('target', 'like', likePrefix(`${path}?`)),
        eb('target', 'like', likePrefix(`${path}#`)),
      ]),
    )
    .execute();
  return rows.map((row) => ({ id: Number(row.id), target: row.target }));
}

export async function deleteRedirectFrom(trx: Transaction<DB>, fromPath: string): Promise<number> {
  const result = await trx.deleteFrom('redirects').where('from_path', '=', fromPath).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteRedirectById(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Adds counted hits (no updated_at: hits do not make other instances read the table again). */
export async function addRedirectHits(db: Db, id: number, hits: number, lastHitAt: string): Promise<void> {
  await db
    .updateTable('redirects')
    .set((eb) => ({
      hits: eb('hits', '+', hits),
      last_hit_at: eb
        .case()
        .when('last_hit_at', 'is', null)
        .then(lastHitAt)
        .when('last_hit_at', '<', lastHitAt)
        .then(lastHitAt)
        .else(eb.ref('last_hit_at'))
        .end(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Whether a post or project (published or not) has this slug: its address is its own, never redirected. */
export async function slugInUse(db: Db, table: 'blog_posts' | 'portfolio_projects', slug: string) {
  return Boolean(await db.selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirst());
}

/** Of these paths, the ones that are old addresses (the sitemap leaves them out). */
export async function redirectedAmong(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db.selectFrom('redirects').select('from_path').where('from_path', 'in', paths).execute();
  return new Set(rows.map((row) => row.from_path));
}
