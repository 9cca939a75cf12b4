import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { UploadSortField } from '../../../shared/contracts/uploads';
import { insertReturningId } from '../../db/insert-id';
import { likeContains, likePrefix, pageWithTotal } from '../../db/query-helpers';
import type { DB, UploadsTable, UploadVariantsTable } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';

export type UploadRow = Selectable<UploadsTable>;
export type VariantRow = Selectable<UploadVariantsTable>;

export interface UploadFilter {
  search?: string;
  category?: string;
  /** 'image/png', or a family such as 'image'. */
  mimeType?: string;
  /** ISO date or timestamp, inclusive. */
  createdFrom?: string;
  createdBefore?: string;
}

export interface UploadOrder {
  field: UploadSortField;
  direction: 'asc' | 'desc';
}

function filtered(db: Kysely<DB>, filter: UploadFilter) {
  let q = db.selectFrom('uploads as u');
  if (filter.search) {
    const pattern = likeContains(filter.search);
    q = q.where((eb) =>
      eb.or(
        (['u.original_name', 'u.alt_text', 'u.description', 'u.category'] as const).map((column) =>
          eb(eb.fn('lower', [column]), 'like', pattern),
        ),
      ),
    );
  }
  if (filter.category) q = q.where('u.category', '=', filter.category);
  if (filter.mimeType) {
    const mime = filter.mimeType.toLowerCase();
    q = mime.includes('/') ? q.where('u.mime_type', '=', mime) : q.where('u.mime_type', 'like', likePrefix(`${mime}/`));
  }
  if (filter.createdFrom) q = q.where('u.created_at', '>=', filter.createdFrom);
  if (filter.createdBefore) q = q.where('u.created_at', '<', filter.createdBefore);
  return q;
}

function orderColumn(field: UploadSortField) {
  switch (field) {
    case 'original_name':
      // lower(): the same order on every database, whatever its collation.
      return sql`lower(${sql.ref('u.original_name')})`;
    case 'size':
      return sql.ref('u.size');
    case 'mime_type':
      return sql.ref('u.mime_type');
    case 'category':
      return sql.ref('u.category');
    case 'created_at':
      return sql.ref('u.created_at');
  }
}

export async function listUploads(
  db: Kysely<DB>,
  filter: UploadFilter,
  order: UploadOrder,
  page: number,
  limit: number,
): Promise<{ rows: UploadRow[]; total: number }> {
  const query = filtered(db, filter);
  return pageWithTotal(
    query,
    (q) => q.selectAll('u').orderBy(orderColumn(order.field), order.direction).orderBy('u.id', order.direction),
    page,
    limit,
  );
}

export function findUpload(db: Kysely<DB>, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUploads(db: Kysely<DB>, ids: readonly number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('uploads').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export function variantsOf(db: Kysely<DB>, uploadIds: readonly number[]): Promise<VariantRow[]> {
  if (uploadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('upload_variants')
    .selectAll()
    .where('upload_id', 'in', uploadIds)
    .orderBy('upload_id')
    .orderBy('format')
    .orderBy('width')
    .orderBy('label')
    .execute();
}

/** The upload and its variants in one transaction; returns the new id. */
export async function insertUpload(
  db: Kysely<DB>,
  upload: Insertable<UploadsTable>,
  variants: Omit<Insertable<UploadVariantsTable>, 'upload_id'>[],
): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const id = await insertReturningId(trx, 'uploads', upload);
    if (variants.length > 0) {
      await trx
        .insertInto('upload_variants')
        .values(variants.map((v) => ({ ...v, upload_id: id })))
        .execute();
    }
    return id;
  });
}

export async function updateUploads(
  db: Kysely<DB>,
  ids: readonly number[],
  changes: Updateable<UploadsTable>,
): Promise<void> {
  if (ids.length === 0 || Object.keys(changes).length === 0) return;
  await db.updateTable('uploads').set(changes).where('id', 'in', ids).execute();
}

/** Deletes uploads and their variants (their references are taken out by their owners: deleteUploads). */
export async function deleteUploadRows(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('upload_variants').where('upload_id', 'in', ids).execute();
  await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

export async function countByCategory(db: Kysely<DB>): Promise<{ category: string; count: number }[]> {
  const rows = await db
    .selectFrom('uploads')
    .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('category')
    .orderBy('category')
    .execute();
  return rows.map((r) => ({ category: r.category, count: Number(r.n) }));
}

export async function uploadStats(db: Kysely<DB>) {
  const [byCategory, byMime] = await Promise.all([
    db
      .selectFrom('uploads')
      .select(['category', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('size').as('bytes')])
      .groupBy('category')
      .orderBy('category')
      .execute(),
    db
      .selectFrom('uploads')
      .select(['mime_type', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('size').as('bytes')])
      .groupBy('mime_type')
      .orderBy('mime_type')
      .execute(),
  ]);
  return {
    byCategory: byCategory.map((r) => ({ category: r.category, count: Number(r.n), size: Number(r.bytes ?? 0) })),
    byMimeType: byMime.map((r) => ({ mime_type: r.mime_type, count: Number(r.n), size: Number(r.bytes ?? 0) })),
  };
}
