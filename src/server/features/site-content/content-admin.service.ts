import type { Kysely, Transaction } from 'kysely';
import { SiteContentStaffMessage } from '../../../shared/contracts/site-content';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { claimVersion, deleteItemHistory, type SaveOptions } from '../../revisions/revision-store';
import type { ContentCollection } from './content-collections';
import {
  deleteItemRow,
  insertItem,
  lastSortOrder,
  lockAllItemIds,
  lockItem,
  replaceItemLists,
  setItemActive,
  setItemSortOrder,
  updateItemRow,
} from './content-items.repository';
import { itemRevisionFields, keepItemRevision, readAllVersioned } from './content-revision-fields';

/*
 * Staff writes of the landing content, one implementation for every collection (content-collections.ts):
 * each in one transaction with its revision; the SQL is in content-items.repository.ts.
 */

type Db = Kysely<DB>;
type Trx = Transaction<DB>;
type Values = Record<string, unknown>;

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

async function lockedId(trx: Trx, c: ContentCollection, id: number): Promise<void> {
  if (!(await lockItem(trx, c, id))) throw itemNotFound(c);
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
    const last = await lastSortOrder(trx, c);
    const now = new Date().toISOString();
    const id = await insertItem(trx, c, {
      ...columnsOf(c, input),
      sort_order: last + 1,
      created_at: now,
      updated_at: now,
    });
    await replaceItemLists(trx, c, id, input);
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
    await updateItemRow(trx, c, id, { ...columnsOf(c, input), updated_at: now });
    await replaceItemLists(trx, c, id, input);
    await keepItemRevision(trx, c, { id, version, before, save, now });
  });
}

/** Shows or hides an item on the public site. */
export async function setItemVisibility(db: Db, c: ContentCollection, id: number, active: boolean): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await lockedId(trx, c, id);
    await setItemActive(trx, c, id, active, new Date().toISOString());
  });
}

/**
 * Puts the items in the order of `ids`, which must name every item of the collection once: a list changed
 * by someone else since it was loaded (an item added or deleted) is a 409, and nothing moves.
 */
export async function reorderItems(db: Db, c: ContentCollection, ids: number[]): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const stored = new Set(await lockAllItemIds(trx, c));
    if (stored.size !== ids.length || ids.some((id) => !stored.has(id))) {
      throw new AppError(409, ErrorCode.CONFLICT, SiteContentStaffMessage.ORDER_CHANGED);
    }
    const now = new Date().toISOString();
    for (const [sortOrder, id] of ids.entries()) {
      await setItemSortOrder(trx, c, id, sortOrder, now);
    }
  });
}

/** Deletes an item with its lists. */
export async function deleteItem(db: Db, c: ContentCollection, id: number): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await lockedId(trx, c, id);
    await deleteItemRow(trx, c, id);
    await deleteItemHistory(trx, c.table, [id]);
  });
}
