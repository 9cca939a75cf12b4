import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { registerRevisionRoutes, restorable } from '../../revisions/revision-routes';
import type { Snapshot, SaveOptions } from '../../revisions/revision-store';
import { itemNameOf, itemNotFound, updateItem } from './content-admin.service';
import { contentCollections, type ContentCollection } from './content-collections';
import { itemRevisionFields } from './content-revision-fields';

/** A restore brings back the fields; whether the item is shown stays as it is now. */
async function restoreItem(db: Kysely<DB>, c: ContentCollection, id: number, fields: Snapshot, save: SaveOptions) {
  const row = await db
    .selectFrom(c.table as 'services')
    .select('active')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw itemNotFound(c);
  const input = restorable(c.write, { ...fields, active: Number(row.active) === 1 });
  await updateItem(db, c, id, input, save);
}

/** /api/{collection}/{id}/revisions for every landing-content collection (ADR 0041). */
export async function siteContentRevisionRoutes(app: FastifyInstance): Promise<void> {
  for (const c of contentCollections) {
    await registerRevisionRoutes(app, {
      path: `/${c.path}/:id`,
      table: c.table,
      noun: c.label.toLowerCase(),
      activityType: 'content',
      tags: ['site content'],
      notFoundMessage: `${c.label} not found`,
      purges: ['landing'],
      fields: (db, id) => itemRevisionFields(db, c, id),
      name: (db, id) => itemNameOf(db, c, id),
      restore: (db, id, fields, save) => restoreItem(db, c, id, fields, save),
    });
  }
}
