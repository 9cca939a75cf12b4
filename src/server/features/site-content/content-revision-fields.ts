import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { recordRevision, type SaveOptions, type Snapshot } from '../../revisions/revision-store';
import type { z } from '../../../shared/zod';
import type { ContentCollection } from './content-collections';

/*
 * The revisions of a landing-content item (ADR 0041): the unit is the item staff edit and save in one
 * dialog (a service, a team member…). Its fields are those of its write schema except `active`, which the
 * list's Show/Hide switch changes and a restore leaves as it is; the list fields come from the child rows.
 */

const parent = (c: ContentCollection) => c.table as 'services';
const shapeOf = (c: ContentCollection) => (c.write as unknown as z.ZodObject).shape as Record<string, z.ZodType>;

/** A column the write schema takes as true/false, stored as 0/1. */
const isFlag = (schema: z.ZodType) => schema.safeParse(true).success && !schema.safeParse('text').success;

/** The item's revisioned fields as stored now; undefined when there is no such item. */
export async function itemRevisionFields(
  db: Kysely<DB>,
  c: ContentCollection,
  id: number,
): Promise<Snapshot | undefined> {
  const row = (await db.selectFrom(parent(c)).selectAll().where('id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined;
  if (!row) return undefined;
  const lists = new Map(c.lists.map((list) => [list.field, list]));
  const fields: Snapshot = {};
  for (const [key, schema] of Object.entries(shapeOf(c))) {
    if (key === 'active') continue;
    const list = lists.get(key);
    if (list) {
      const items = await db
        .selectFrom(list.table as 'tech_stack_items')
        .select(sql<string>`${sql.ref(list.column)}`.as('text'))
        .where(sql.ref(list.fk), '=', id)
        .orderBy('position')
        .execute();
      fields[key] = items.map((item) => item.text);
    } else {
      const value = row[key] ?? null;
      fields[key] = isFlag(schema) ? Number(value) === 1 : value;
    }
  }
  return fields;
}

/** Every item of the collection as staff see it, with its version. */
export async function readAllVersioned(db: Kysely<DB>, c: ContentCollection) {
  const [items, versions] = await Promise.all([
    c.readAll(db),
    db.selectFrom(parent(c)).select(['id', 'version']).execute(),
  ]);
  const byId = new Map(versions.map((row) => [Number(row.id), Number(row.version)]));
  return items.map((item) => ({ ...item, version: byId.get(item.id) ?? 1 }));
}

/** Keeps the item's fields as saved now as a revision, after `before` (null: a new item). */
export async function keepItemRevision(
  trx: Transaction<DB>,
  c: ContentCollection,
  revision: { id: number; version: number; before: Snapshot | null; save: SaveOptions; now: string },
): Promise<void> {
  const after = await itemRevisionFields(trx, c, revision.id);
  if (!after) return;
  await recordRevision(trx, { table: c.table, ...revision, after });
}
