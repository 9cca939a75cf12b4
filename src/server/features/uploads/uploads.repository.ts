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

/**
 * Deletes uploads (their variants go with them) and every reference to them in image columns: featured
 * images become empty, gallery rows disappear (references inside post content: postsMentioning). A
 * column refers to an upload when it names the upload's generated stem, however the address is spelled
 * (relative, absolute, with a query, or one of its sizes). Runs in the caller's transaction.
 */
export async function deleteUploadsAndReferences(
  db: Kysely<DB>,
  ids: readonly number[],
  stems: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const naming = (column: string) =>
    sql<boolean>`(${sql.join(
      stems.map((stem) => sql`${sql.ref(column)} like ${likeContains(stem)}`),
      sql` or `,
    )})`;
  if (stems.length > 0) {
    await db.updateTable('blog_posts').set({ image_url: null }).where(naming('image_url')).execute();
    await db.updateTable('portfolio_projects').set({ image_url: null }).where(naming('image_url')).execute();
    await db
      .updateTable('portfolio_projects')
      .set({ share_image_url: null })
      .where(naming('share_image_url'))
      .execute();
    await db.updateTable('project_team_members').set({ image: null }).where(naming('image')).execute();
    await db.updateTable('services').set({ image_url: null }).where(naming('image_url')).execute();
    await db.updateTable('services').set({ background_url: null }).where(naming('background_url')).execute();
    await db.updateTable('team_members').set({ image: null }).where(naming('image')).execute();
    await db.updateTable('testimonials').set({ image: null }).where(naming('image')).execute();
    await db.updateTable('company_profile').set({ hero_poster_url: null }).where(naming('hero_poster_url')).execute();
    await db.updateTable('company_profile').set({ hero_video_url: null }).where(naming('hero_video_url')).execute();
  }
  await db
    .deleteFrom('project_gallery_images')
    .where((eb) => {
      const byId = eb('upload_id', 'in', ids);
      return stems.length > 0 ? eb.or([byId, naming('url')]) : byId;
    })
    .execute();
  await db.deleteFrom('upload_variants').where('upload_id', 'in', ids).execute();
  await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

/** Posts whose content mentions any of the stored files' names or stems (an image or a link in the text). */
export async function postsMentioning(
  db: Kysely<DB>,
  filenames: readonly string[],
): Promise<{ id: number; content: string }[]> {
  if (filenames.length === 0) return [];
  const rows = await db
    .selectFrom('blog_posts')
    .select(['id', 'content'])
    .where((eb) => eb.or(filenames.map((name) => eb('content', 'like', likeContains(name)))))
    .execute();
  return rows.map((r) => ({ id: Number(r.id), content: r.content }));
}

export async function setPostContent(db: Kysely<DB>, id: number, content: string, now: string): Promise<void> {
  await db.updateTable('blog_posts').set({ content, updated_at: now }).where('id', '=', id).execute();
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
