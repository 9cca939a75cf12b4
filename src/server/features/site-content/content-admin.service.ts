import { sql, type Kysely, type Transaction } from 'kysely';
import { SiteContentStaffMessage } from '../../../shared/contracts/site-content';
import { ErrorCode } from '../../../shared/errors';
import { insertReturningId } from '../../db/insert-id';
import { forUpdate } from '../../db/query-helpers';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { claimVersion, deleteItemHistory, type SaveOptions } from '../../revisions/revision-store';
import type { ContentCollection } from './content-collections';
import { itemRevisionFields, keepItemRevision, readAllVersioned } from './content-revision-fields';

/*
 * Staff writes of the landing content, one implementation for every collection (content-collections.ts).
 * Kysely cannot follow a table name chosen at run time through its builder, so the tables are named as
 * the first collection's here: every content table has the columns these queries touch (id, active,
 * sort_order, created_at, updated_at), and each collection's write schema names only its own columns.
 */

type Db = Kysely<DB>;
type Trx = Transaction<DB>;
type Values = Record<string, unknown>;

const parent = (c: ContentCollection) => c.table as 'services';

export const itemNotFound = (c: ContentCollection) => notFound(`${c.label} not found`);

/** The parent row's columns of a checked write: the lists left out, flags as 0/1. */
function columnsOf(c: ContentCollection, input: Values): Values {
  const lists = new Set(c.lists.map((list) => list.field));
  return Object.fromEntries(
    Object.entries(input)
      .filter(([key]) => !lists.has(key))
      .map(([key, value]) => [key, typeof value === 'boolean' ? (value ? 1 : 0) : value]),
  );
}

/** Replaces the item's child rows with the lists of `input`, in their order. */
async function writeLists(trx: Trx, c: ContentCollection, id: number, input: Values): Promise<void> {
  for (const list of c.lists) {
    const table = list.table as 'tech_stack_items';
    await trx.deleteFrom(table).where(sql.ref(list.fk), '=', id).execute();
    const items = (input[list.field] as string[] | undefined) ?? [];
    if (items.length === 0) continue;
    await trx
      .insertInto(table)
      .values(items.map((text, position) => ({ [list.fk]: id, [list.column]: text, position }) as never))
      .execute();
  }
}

async function lockedId(trx: Trx, c: ContentCollection, id: number): Promise<void> {
  const row = await forUpdate(trx, trx.selectFrom(parent(c)).select('id').where('id', '=', id)).executeTakeFirst();
  if (!row) throw itemNotFound(c);
}

/** The item as staff see it; 404 when there is none. */
export async function readItem(db: Db, c: ContentCollection, id: number) {
  const item = (await readAllVersioned(db, c)).find((candidate) => candidate.id === id);
  if (!item) throw itemNotFound(c);
  return item;
}

/** What the recent activity calls an item: its title (services, packages…) or name (team, testimonials). */
export function itemName(item: Record<string, unknown>): string | null {
  const name = item.title ?? item.name;
  return typeof name === 'string' ? name : null;
}

/** The item's name, for the recent activity of a delete; null when there is none. */
export async function itemNameOf(db: Db, c: ContentCollection, id: number): Promise<string | null> {
  const item = (await c.readAll(db)).find((candidate) => candidate.id === id);
  return item ? itemName(item) : null;
}

/** Adds an item at the end of its list. */
export async function createItem(db: Db, c: ContentCollection, input: Values, save: SaveOptions = {}): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const last = await trx
      .selectFrom(parent(c))
      .select((eb) => eb.fn.max('sort_order').as('last'))
      .executeTakeFirst();
    const now = new Date().toISOString();
    const id = await insertReturningId(trx, parent(c), {
      ...columnsOf(c, input),
      sort_order: Number(last?.last ?? -1) + 1,
      created_at: now,
      updated_at: now,
    } as never);
    await writeLists(trx, c, id, input);
    await keepItemRevision(trx, c, { id, version: 1, before: null, save, now });
    return id;
  });
}

/** Replaces an item's fields and lists (its place in the order is kept). */
export async function updateItem(
  db: Db,
  c: ContentCollection,
  id: number,
  input: Values,
  save: SaveOptions = {},
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    // Locks the row; a save made from an older version is refused before anything changes (ADR 0041).
    const version = await claimVersion(trx, c.table, id, save.version);
    const before = await itemRevisionFields(trx, c, id);
    if (version === undefined || !before) throw itemNotFound(c);
    const now = new Date().toISOString();
    await trx
      .updateTable(parent(c))
      .set({ ...columnsOf(c, input), updated_at: now } as never)
      .where('id', '=', id)
      .execute();
    await writeLists(trx, c, id, input);
    await keepItemRevision(trx, c, { id, version, before, save, now });
  });
}

/** Shows or hides an item on the public site. */
export async function setItemVisibility(db: Db, c: ContentCollection, id: number, active: boolean): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await lockedId(trx, c, id);
    await trx
      .updateTable(parent(c))
      .set({ active: active ? 1 : 0, updated_at: new Date().toISOString(), version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
  });
}

/**
 * Puts the items in the order of `ids`, which must name every item of the collection once: a list changed
 * by someone else since it was loaded (an item added or deleted) is a 409, and nothing moves.
 */
export async function reorderItems(db: Db, c: ContentCollection, ids: number[]): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const rows = await forUpdate(trx, trx.selectFrom(parent(c)).select('id')).execute();
    const stored = new Set(rows.map((row) => row.id));
    if (stored.size !== ids.length || ids.some((id) => !stored.has(id))) {
      throw new AppError(409, ErrorCode.CONFLICT, SiteContentStaffMessage.ORDER_CHANGED);
    }
    const now = new Date().toISOString();
    for (const [sortOrder, id] of ids.entries()) {
      await trx.updateTable(parent(c)).set({ sort_order: sortOrder, updated_at: now }).where('id', '=', id).execute();
    }
  });
}

/** Deletes an item with its lists. */
export async function deleteItem(db: Db, c: ContentCollection, id: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await lockedId(trx, c, id);
    await trx.deleteFrom(parent(c)).where('id', '=', id).execute();
    await deleteItemHistory(trx, c.table, [id]);
  });
}
