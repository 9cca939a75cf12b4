import { sql, type Kysely, type Transaction } from 'kysely';
import { RevisionMessage, type RevisionKind, type RevisionSummary } from '../../shared/contracts/revisions';
import { ErrorCode, ErrorMessage, formatMessage } from '../../shared/errors';
import type { DB } from '../db/schema';
import { AppError, notFound } from '../lib/errors';

/*
 * Versions and revisions of the items staff edit in a form (ADR 0041). A save runs, inside its own write
 * transaction: claimVersion (refuses a stale version, increments the item's), the feature's own writes,
 * then recordRevision with the item's content fields before and after. A restore is a save of a revision's
 * fields through the feature's normal update path, so redirects and page-cache purges follow as for any save.
 */

/** The tables whose rows carry a `version` and keep revisions. */
export const REVISIONED_TABLES = [
  'blog_posts',
  'portfolio_projects',
  'services',
  'team_members',
  'testimonials',
  'pricing_packages',
  'internships',
  'tech_stack_groups',
  // A single row, and the settings row 'seo' (company.service.ts).
  'company_profile',
  'settings',
] as const;
export type VersionedTable = (typeof REVISIONED_TABLES)[number];

export type Snapshot = Record<string, unknown>;

export interface RevisionAuthor {
  id: number;
  name: string;
}

/** How many revisions an item keeps unless the configuration says otherwise (REVISIONS_KEEP). */
export const DEFAULT_REVISIONS_KEEP = 50;

/** Who saves and how: what a route passes to a feature's create or update. All optional. */
export interface SaveOptions {
  /** The version the client edited; a different stored version is a 409 and nothing changes. */
  version?: number;
  author?: RevisionAuthor | null;
  /** Revisions kept per item (the newest). */
  keep?: number;
  /** Set when the save restores this revision. */
  restoredFrom?: number;
}

/** The author of a save, from the signed-in user. */
export const authorOf = (user: { id: number; username: string } | null | undefined): RevisionAuthor | null =>
  user ? { id: Number(user.id), name: user.username } : null;

export const staleVersion = (expected: number, current: number) =>
  new AppError(409, ErrorCode.STALE_VERSION, formatMessage(ErrorMessage.STALE_VERSION, { expected, current }), [
    { field: 'version', message: formatMessage(ErrorMessage.STALE_VERSION, { expected, current }) },
  ]);

// Kysely cannot follow a table chosen at run time: every versioned table has id and version.
const asTable = (table: VersionedTable) => table as 'services';

/** The stored version of an item, or undefined when there is no such item. */
export async function currentVersion(db: Kysely<DB>, table: VersionedTable, id: number): Promise<number | undefined> {
  const row = await db.selectFrom(asTable(table)).select('version').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.version) : undefined;
}

/**
 * Increments the item's version, only if it is still `expected` when that is given: one conditional update,
 * so that of two saves made from the same version exactly one passes (the other waits for the row, then
 * finds the version changed). Returns the new version; undefined when the item does not exist.
 */
export async function claimVersion(
  trx: Transaction<DB>,
  table: VersionedTable,
  id: number,
  expected?: number,
): Promise<number | undefined> {
  let update = trx
    .updateTable(asTable(table))
    .set({ version: sql<number>`version + 1` })
    .where('id', '=', id);
  if (expected !== undefined) update = update.where('version', '=', expected);
  const result = await update.executeTakeFirst();
  const now = await currentVersion(trx, table, id);
  if (now === undefined) return undefined;
  if (Number(result.numUpdatedRows) === 0 && expected !== undefined) throw staleVersion(expected, now);
  return now;
}

/** Increments the versions of items changed outside their editor (a switch in a list, a bulk action). */
export async function bumpVersions(trx: Kysely<DB>, table: VersionedTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable(asTable(table))
    .set({ version: sql<number>`version + 1` })
    .where('id', 'in', ids)
    .execute();
}

/** The fields whose values differ, in the order of `after` (then fields only `before` has). */
export function changedFields(before: Snapshot | null, after: Snapshot): string[] {
  if (!before) return [];
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
}

interface NewRevision {
  table: VersionedTable;
  id: number;
  version: number;
  /** The item's fields before the save; null for a new item. */
  before: Snapshot | null;
  after: Snapshot;
  /** When the state `before` was saved (its updated_at): the time of a baseline revision. */
  beforeAt?: string;
  save: SaveOptions;
  now: string;
}

async function hasRevisions(trx: Kysely<DB>, table: VersionedTable, id: number): Promise<boolean> {
  const row = await trx
    .selectFrom('revisions')
    .select('id')
    .where('item_type', '=', table)
    .where('item_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Keeps the saved state as a revision, and the state before it as a baseline when the item has none yet
 * (it was saved before revisions were kept). A save that changed no field keeps nothing new; a restore is
 * always kept. Then only the newest `keep` revisions of the item stay. The author's draft of the item goes.
 */
export async function recordRevision(trx: Transaction<DB>, revision: NewRevision): Promise<void> {
  const { table, id, version, before, after, save, now } = revision;
  // A save settles its author's autosaved draft of the item (of a new one, for a create).
  if (save.author) {
    await trx
      .deleteFrom('autosaves')
      .where('user_id', '=', save.author.id)
      .where('item_type', '=', table)
      .where('item_id', 'in', before ? [id] : [id, 0])
      .execute();
  }
  const changed = changedFields(before, after);
  const kind: RevisionKind = save.restoredFrom !== undefined ? 'restored' : before ? 'saved' : 'created';
  if (kind === 'saved' && changed.length === 0) return;
  if (before && !(await hasRevisions(trx, table, id))) {
    await trx
      .insertInto('revisions')
      .values({
        item_type: table,
        item_id: id,
        version: Math.max(1, version - 1),
        kind: 'baseline',
        snapshot: JSON.stringify(before),
        changed_fields: '[]',
        author_id: null,
        author_name: '',
        restored_from: null,
        created_at: revision.beforeAt ?? now,
      })
      .execute();
  }
  await trx
    .insertInto('revisions')
    .values({
      item_type: table,
      item_id: id,
      version,
      kind,
      snapshot: JSON.stringify(after),
      changed_fields: JSON.stringify(changed),
      author_id: save.author?.id ?? null,
      author_name: save.author?.name ?? '',
      restored_from: save.restoredFrom ?? null,
      created_at: now,
    })
    .execute();
  await trimRevisions(trx, table, id, save.keep ?? DEFAULT_REVISIONS_KEEP);
}

/** Deletes all but the newest `keep` revisions of an item. */
export async function trimRevisions(trx: Kysely<DB>, table: VersionedTable, id: number, keep: number): Promise<void> {
  // The id of the newest revision that goes (MySQL has no LIMIT inside IN): everything up to it goes.
  const cut = await trx
    .selectFrom('revisions')
    .select('id')
    .where('item_type', '=', table)
    .where('item_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .offset(Math.max(1, keep))
    .executeTakeFirst();
  if (!cut) return;
  await trx
    .deleteFrom('revisions')
    .where('item_type', '=', table)
    .where('item_id', '=', id)
    .where('id', '<=', cut.id)
    .execute();
}

/** The revisions and drafts of items that are deleted (in the transaction of the delete). */
export async function deleteItemHistory(trx: Kysely<DB>, table: VersionedTable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('revisions').where('item_type', '=', table).where('item_id', 'in', ids).execute();
  await trx.deleteFrom('autosaves').where('item_type', '=', table).where('item_id', 'in', ids).execute();
}

type RevisionRow = {
  id: number;
  version: number;
  kind: string;
  created_at: string;
  author_id: number | null;
  author_name: string;
  changed_fields: string;
  restored_from: number | null;
};

function summaryOf(row: RevisionRow): RevisionSummary {
  return {
    id: Number(row.id),
    version: Number(row.version),
    kind: row.kind as RevisionKind,
    created_at: row.created_at,
    author:
      row.kind === 'baseline'
        ? null
        : { id: row.author_id === null ? null : Number(row.author_id), name: row.author_name },
    changed_fields: JSON.parse(row.changed_fields) as string[],
    restored_from: row.restored_from === null ? null : Number(row.restored_from),
  };
}

const summaryColumns = [
  'id',
  'version',
  'kind',
  'created_at',
  'author_id',
  'author_name',
  'changed_fields',
  'restored_from',
] as const;

/** An item's revisions, newest first. */
export async function listRevisions(db: Kysely<DB>, table: VersionedTable, id: number): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom('revisions')
    .select(summaryColumns)
    .where('item_type', '=', table)
    .where('item_id', '=', id)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(summaryOf);
}

/** One revision of the item with its fields; 404 when the item has no such revision. */
export async function findRevision(
  db: Kysely<DB>,
  table: VersionedTable,
  id: number,
  revisionId: number,
): Promise<RevisionSummary & { snapshot: Snapshot }> {
  const row = await db
    .selectFrom('revisions')
    .select([...summaryColumns, 'snapshot'])
    .where('id', '=', revisionId)
    .where('item_type', '=', table)
    .where('item_id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(RevisionMessage.NOT_FOUND);
  return { ...summaryOf(row), snapshot: JSON.parse(row.snapshot) as Snapshot };
}
