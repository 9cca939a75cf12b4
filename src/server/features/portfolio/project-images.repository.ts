import { sql, type Kysely } from 'kysely';
import { escapeLike } from '../../db/query-helpers';
import type { DB } from '../../db/schema';

/*
 * Projects' images as the upload endpoints need them: which project a gallery upload goes to, how full its
 * gallery is, appending to it, and the references an image deletion finds and removes.
 */

export interface ProjectRef {
  id: number;
  title: string;
}

export async function findProjectRef(
  db: Kysely<DB>,
  ref: { id?: number; slug?: string },
): Promise<ProjectRef | undefined> {
  let query = db.selectFrom('portfolio_projects').select(['id', 'title']);
  if (ref.id !== undefined) query = query.where('id', '=', ref.id);
  else if (ref.slug !== undefined) query = query.where('slug', '=', ref.slug);
  else return undefined;
  const row = await query.executeTakeFirst();
  return row ? { id: Number(row.id), title: row.title } : undefined;
}

export async function countGalleryImages(db: Kysely<DB>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('project_gallery_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the project's row lock for the rest of the caller's transaction (PostgreSQL and MySQL lock the
 * updated row; SQLite holds its single write lock), so two concurrent gallery uploads to one project
 * are counted one after the other.
 */
export async function lockProject(db: Kysely<DB>, projectId: number, now: string): Promise<void> {
  await db.updateTable('portfolio_projects').set({ updated_at: now }).where('id', '=', projectId).execute();
}

/** Appends images after the last one of the project's gallery. */
export async function appendGalleryImages(
  db: Kysely<DB>,
  projectId: number,
  images: ReadonlyArray<{ url: string; title: string | null; uploadId: number }>,
): Promise<void> {
  if (images.length === 0) return;
  const last = await db
    .selectFrom('project_gallery_images')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  const start = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
  await db
    .insertInto('project_gallery_images')
    .values(
      images.map((image, index) => ({
        project_id: projectId,
        url: image.url,
        title: image.title,
        position: start + index,
        upload_id: image.uploadId,
      })),
    )
    .execute();
}

/** LIKE patterns of an address ending in /{filename}, with or without a query or fragment ('!' escapes). */
function filenamePatterns(filename: string): string[] {
  const escaped = escapeLike(filename);
  return [`%/${escaped}`, `%/${escaped}?%`, `%/${escaped}#%`];
}

type RefColumn = 'url' | 'image_url';

/** The address is the file name itself or ends with /{filename} (gallery matching is by file name). */
function matchesFilename(column: RefColumn, filename: string) {
  return sql<boolean>`(${sql.ref(column)} = ${filename} or ${sql.join(
    filenamePatterns(filename).map((pattern) => sql`${sql.ref(column)} like ${pattern} escape '!'`),
    sql` or `,
  )})`;
}

export interface ReferenceCounts {
  mainImages: number;
  galleryImages: number;
}

/** How many project references name the file (all projects, or only one). */
export async function countProjectReferences(
  db: Kysely<DB>,
  filename: string,
  projectId?: number,
): Promise<ReferenceCounts> {
  let main = db
    .selectFrom('portfolio_projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matchesFilename('image_url', filename));
  let gallery = db
    .selectFrom('project_gallery_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matchesFilename('url', filename));
  if (projectId !== undefined) {
    main = main.where('id', '=', projectId);
    gallery = gallery.where('project_id', '=', projectId);
  }
  const [m, g] = await Promise.all([main.executeTakeFirstOrThrow(), gallery.executeTakeFirstOrThrow()]);
  return { mainImages: Number(m.n), galleryImages: Number(g.n) };
}

/** Clears main images and removes gallery entries naming the file (all projects, or only one). */
export async function removeProjectReferences(db: Kysely<DB>, filename: string, projectId?: number): Promise<void> {
  let main = db
    .updateTable('portfolio_projects')
    .set({ image_url: null })
    .where(matchesFilename('image_url', filename));
  let gallery = db.deleteFrom('project_gallery_images').where(matchesFilename('url', filename));
  if (projectId !== undefined) {
    main = main.where('id', '=', projectId);
    gallery = gallery.where('project_id', '=', projectId);
  }
  await main.execute();
  await gallery.execute();
}

/** How many projects there are, how many have a main image, gallery images in all, and full galleries. */
export async function projectImageTotals(db: Kysely<DB>, galleryMax: number) {
  const [projects, gallery, full] = await Promise.all([
    db
      .selectFrom('portfolio_projects')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('image_url').as('with_image')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('project_gallery_images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(
        db
          .selectFrom('project_gallery_images')
          .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('project_id')
          .as('g'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('g.n', '>=', galleryMax)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    projects: Number(projects.n),
    projectsWithMainImage: Number(projects.with_image),
    galleryImages: Number(gallery.n),
    fullGalleries: Number(full.n),
  };
}
