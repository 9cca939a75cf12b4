import { sql, type Kysely } from 'kysely';
import { insertReturningId } from '../../db/insert-id';
import { forUpdate } from '../../db/query-helpers';
import type { DB } from '../../db/schema';
import type { ContentCollection } from './content-collections';

/*
 * Staff writes to the landing content's tables, one implementation for every collection
 * (content-collections.ts). Kysely cannot follow a table name chosen at run time through its builder, so the
 * tables are named as the first collection's here: every content table has the columns these queries touch
 * (id, active, sort_order, created_at, updated_at), and each collection's write schema names only its own
 * columns. `db` is the caller's transaction.
 */

type Db = Kysely<DB>;
type Values = Record<string, unknown>;

const parent = (c: ContentCollection) => c.table as 'services';

/** Replaces the item's child rows with the lists of `input`, in their order. */
export async function replaceItemLists(db: Db, c: ContentCollection, id: number, input: Values): Promise<void> {
  for (const list of c.lists) {
    const table = list.table as 'tech_stack_items';
    await db.deleteFrom(table).where(sql.ref(list.fk), '=', id).execute();
    const items = (input[list.field] as string[] | undefined) ?? [];
    if (items.length === 0) continue;
    await db
      .insertInto(table)
      .values(items.map((text, position) => ({ [list.fk]: id, [list.column]: text, position }) as never))
      .execute();
  }
}

/** Locks the item's row for the rest of the transaction; false when there is none. */
export async function lockItem(db: Db, c: ContentCollection, id: number): Promise<boolean> {
  const row = await forUpdate(db, db.selectFrom(parent(c)).select('id').where('id', '=', id)).executeTakeFirst();
  return row !== undefined;
}

/** Locks every item of the collection and returns their ids. */
export async function lockAllItemIds(db: Db, c: ContentCollection): Promise<number[]> {
  const rows = await forUpdate(db, db.selectFrom(parent(c)).select('id')).execute();
  return rows.map((row) => row.id);
}

/** The highest sort_order of the collection, -1 when it is empty. */
export async function lastSortOrder(db: Db, c: ContentCollection): Promise<number> {
  const last = await db
    .selectFrom(parent(c))
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .executeTakeFirst();
  return Number(last?.last ?? -1);
}

export function insertItem(db: Db, c: ContentCollection, columns: Values): Promise<number> {
  return insertReturningId(db, parent(c), columns as never);
}

export async function updateItemRow(db: Db, c: ContentCollection, id: number, columns: Values): Promise<void> {
  await db
    .updateTable(parent(c))
    .set(columns as never)
    .where('id', '=', id)
    .execute();
}

/** Shows or hides the item, counting a new version of it. */
export async function setItemActive(db: Db, c: ContentCollection, id: number, active: boolean, now: string) {
  await db
    .updateTable(parent(c))
    .set({ active: active ? 1 : 0, updated_at: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function setItemSortOrder(db: Db, c: ContentCollection, id: number, sortOrder: number, now: string) {
  await db.updateTable(parent(c)).set({ sort_order: sortOrder, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteItemRow(db: Db, c: ContentCollection, id: number): Promise<void> {
  await db.deleteFrom(parent(c)).where('id', '=', id).execute();
}
