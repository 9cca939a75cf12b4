import { MysqlAdapter, sql, type Expression, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { PortfolioSortDirection, PortfolioSortField } from '../../../shared/contracts/portfolio';
import { insertReturningId } from '../../db/insert-id';
import { forUpdate, likeContains, likePrefix, pageWithTotal } from '../../db/query-helpers';
import type { DB, PortfolioProjectsTable } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { deleteItemHistory } from '../../revisions/revision-store';

/** What a project list may filter on. `published` undefined means every project (staff only). */
export interface ProjectFilter {
  published?: boolean;
  search?: string;
  /** Case-insensitive names. */
  industry?: string;
  /** Matches the category or the industry, case-insensitively, against any of the names. */
  categoryOrIndustry?: string[];
  technology?: string;
  featured?: boolean;
  status?: 'progress' | 'done';
  /** Leave out the project with this id or slug. */
  exclude?: { id?: number; slug: string };
}

export interface ProjectOrder {
  field: PortfolioSortField;
  direction: PortfolioSortDirection;
}

const projectColumns = [
  'p.id',
  'p.slug',
  'p.title',
  'p.short_description',
  'p.client',
  'p.industry',
  'p.category',
  'p.status',
  'p.image_url',
  'p.live_url',
  'p.case_study_url',
  'p.completion_date',
  'p.featured',
  'p.colorful',
  'p.published',
  'p.publish_at',
  'p.likes',
  'p.sort_order',
  'p.created_at',
  'p.updated_at',
  'p.version',
] as const;

const detailColumns = [
  ...projectColumns,
  'p.description',
  'p.results',
  'p.technical_specs',
  'p.seo_title',
  'p.seo_description',
  'p.share_image_url',
] as const;

function projects(db: Kysely<DB>, published: boolean | undefined) {
  const query = db.selectFrom('portfolio_projects as p');
  return published === undefined ? query : query.where('p.published', '=', published ? 1 : 0);
}

type ProjectQuery = ReturnType<typeof projects>;

function applyFilter(query: ProjectQuery, filter: ProjectFilter): ProjectQuery {
  let q = query;
  if (filter.search) {
    const pattern = likeContains(filter.search);
    q = q.where((eb) =>
      eb.or([
        ...(['p.title', 'p.short_description', 'p.description', 'p.client', 'p.industry', 'p.category'] as const).map(
          (column) => eb(eb.fn('lower', [column]), 'like', pattern),
        ),
        eb.exists(
          eb
            .selectFrom('project_technologies as st')
            .whereRef('st.project_id', '=', 'p.id')
            .where((inner) => inner(inner.fn('lower', ['st.name']), 'like', pattern))
            .select('st.id'),
        ),
      ]),
    );
  }
  const industry = filter.industry?.toLowerCase();
  if (industry !== undefined) q = q.where((eb) => eb(eb.fn('lower', ['p.industry']), '=', industry));
  const names = filter.categoryOrIndustry?.map((n) => n.toLowerCase());
  if (names !== undefined) {
    if (names.length === 0) return q.where(sql<boolean>`1 = 0`);
    q = q.where((eb) =>
      eb.or([eb(eb.fn('lower', ['p.category']), 'in', names), eb(eb.fn('lower', ['p.industry']), 'in', names)]),
    );
  }
  const technology = filter.technology?.toLowerCase();
  if (technology !== undefined) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_technologies as ft')
          .whereRef('ft.project_id', '=', 'p.id')
          .where((inner) => inner(inner.fn('lower', ['ft.name']), '=', technology))
          .select('ft.id'),
      ),
    );
  }
  if (filter.featured !== undefined) q = q.where('p.featured', '=', filter.featured ? 1 : 0);
  if (filter.status !== undefined) q = q.where('p.status', '=', filter.status);
  if (filter.exclude) {
    const { id, slug } = filter.exclude;
    q = q.where('p.slug', '<>', slug);
    if (id !== undefined) q = q.where('p.id', '<>', id);
  }
  return q;
}

function orderExpression(field: PortfolioSortField): Expression<unknown> {
  switch (field) {
    case 'title':
      // lower(): the same order on every database, whatever its collation.
      return sql`lower(${sql.ref('p.title')})`;
    case 'client':
      return sql`lower(${sql.ref('p.client')})`;
    case 'completion_date':
      // Undated projects (in progress) last in both directions would need NULLS LAST, which MySQL lacks;
      // an empty string sorts them first ascending and last descending on all three databases.
      return sql`coalesce(${sql.ref('p.completion_date')}, '')`;
    default:
      return sql.ref(`p.${field}`);
  }
}

export async function listProjects(
  db: Kysely<DB>,
  filter: ProjectFilter,
  order: ProjectOrder,
  page: number,
  limit: number,
) {
  const query = applyFilter(projects(db, filter.published), filter);
  const byDate = order.field === 'created_at' || order.field === 'updated_at';
  return pageWithTotal(
    query,
    (q) =>
      q
        .select(projectColumns)
        .orderBy(orderExpression(order.field), order.direction)
        // Ties: newest first for the non-date keys, then by id in the direction of a date key.
        .$call((page) => (byDate ? page : page.orderBy('p.created_at', 'desc')))
        .orderBy('p.id', byDate ? order.direction : 'desc'),
    page,
    limit,
  );
}

export type ProjectRow = Awaited<ReturnType<typeof listProjects>>['rows'][number];

export async function findProjectBySlug(db: Kysely<DB>, slug: string, published: boolean | undefined) {
  return projects(db, published).select(detailColumns).where('p.slug', '=', slug).executeTakeFirst();
}

export async function findProjectById(db: Kysely<DB>, id: number, published: boolean | undefined) {
  return projects(db, published).select(detailColumns).where('p.id', '=', id).executeTakeFirst();
}

export type ProjectDetailRow = NonNullable<Awaited<ReturnType<typeof findProjectById>>>;

/**
 * Published projects sharing the industry or a technology with a project, most alike first (the same
 * industry counts as three shared technologies), then newest.
 */
export async function listRelatedProjects(
  db: Kysely<DB>,
  source: { id: number; industry: string; technologies: string[] },
  limit: number,
) {
  const industry = source.industry.toLowerCase();
  const technologies = [...new Set(source.technologies.map((t) => t.toLowerCase()))];
  const industryScore = sql<number>`case when lower(${sql.ref('p.industry')}) = ${industry} then 3 else 0 end`;
  const shared = db
    .selectFrom('project_technologies as rt')
    // Correlated with the outer query's project.
    .where(sql<boolean>`${sql.ref('rt.project_id')} = ${sql.ref('p.id')}`)
    .where((eb) => eb(eb.fn('lower', ['rt.name']), 'in', technologies.length > 0 ? technologies : ['']))
    .select((eb) => eb.fn.countAll().as('n'));
  const score = sql<number>`(${industryScore}) + (${shared})`;
  return projects(db, true)
    .select(projectColumns)
    .where('p.id', '<>', source.id)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['p.industry']), '=', industry),
        ...(technologies.length > 0 ? [eb.exists(shared.clearSelect().select('rt.id'))] : []),
      ]),
    )
    .orderBy(score, 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** Technology names of the given projects, in each project's own order. */
export async function listTechnologiesOfProjects(db: Kysely<DB>, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom('project_technologies')
    .select(['project_id', 'name'])
    .where('project_id', 'in', projectIds)
    .orderBy('project_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function listGalleryOfProject(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('project_gallery_images')
    .select(['url', 'title', 'upload_id'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function listTeamOfProject(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('project_team_members')
    .select(['name', 'role', 'bio', 'image'])
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function listTestimonialsOfProject(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('project_testimonials')
    .select(['id', 'name', 'position', 'company', 'text', 'rating'])
    .where('project_id', '=', projectId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** Published projects per industry (as stored; the service merges spellings). */
export async function countPublishedByIndustry(db: Kysely<DB>) {
  return projects(db, true)
    .groupBy('p.industry')
    .select((eb) => ['p.industry as name', eb.fn.countAll<number | string>().as('n')])
    .execute();
}

export async function countPublishedByCategory(db: Kysely<DB>) {
  return projects(db, true)
    .where('p.category', 'is not', null)
    .groupBy('p.category')
    .select((eb) => ['p.category as name', eb.fn.countAll<number | string>().as('n')])
    .execute();
}

/** Projects per technology name (published ones, or all when `published` is undefined). */
export async function countByTechnology(db: Kysely<DB>, published: boolean | undefined) {
  return db
    .selectFrom('project_technologies as t')
    .innerJoin('portfolio_projects as p', 'p.id', 't.project_id')
    .$call((q) => (published === undefined ? q : q.where('p.published', '=', published ? 1 : 0)))
    .groupBy('t.name')
    .select((eb) => ['t.name', eb.fn.count<number | string>('t.project_id').distinct().as('n')])
    .execute();
}

export async function countByIndustry(db: Kysely<DB>, published: boolean | undefined) {
  return projects(db, published)
    .groupBy('p.industry')
    .select((eb) => ['p.industry as name', eb.fn.countAll<number | string>().as('n')])
    .execute();
}

/** Totals for the stats call (published projects, or all when `published` is undefined). */
export async function projectTotals(db: Kysely<DB>, published: boolean | undefined) {
  const flagSum = (condition: Expression<unknown>) =>
    sql<number | string | null>`sum(case when ${condition} then 1 else 0 end)`;
  const row = await projects(db, published)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      flagSum(sql`${sql.ref('p.status')} = 'done'`).as('completed'),
      flagSum(sql`${sql.ref('p.featured')} = 1`).as('featured'),
      flagSum(sql`${sql.ref('p.published')} = 1`).as('published'),
      sql<number | string | null>`sum(${sql.ref('p.likes')})`.as('likes'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    completed: Number(row.completed ?? 0),
    featured: Number(row.featured ?? 0),
    published: Number(row.published ?? 0),
    likes: Number(row.likes ?? 0),
  };
}

/**
 * Records one visitor's like of a project and counts it only when it is new, in one transaction that
 * locks the project first (see forUpdate); a repeated like changes nothing. Returns the like count afterwards.
 */
export async function addProjectLike(db: Kysely<DB>, projectId: number, visitorKey: string, now: string) {
  return writeTransaction(db, async (trx) => {
    await forUpdate(trx, trx.selectFrom('portfolio_projects').select('id').where('id', '=', projectId)).execute();
    const insert = trx
      .insertInto('project_likes')
      .values({ project_id: projectId, visitor_key: visitorKey, created_at: now });
    // MySQL has no ON CONFLICT; INSERT IGNORE skips the duplicate of the unique (project_id, visitor_key) pair.
    const result = await (
      trx.getExecutor().adapter instanceof MysqlAdapter
        ? insert.ignore()
        : insert.onConflict((oc) => oc.columns(['project_id', 'visitor_key']).doNothing())
    ).executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx
        .updateTable('portfolio_projects')
        .set((eb) => ({ likes: eb('likes', '+', 1) }))
        .where('id', '=', projectId)
        .execute();
    }
    const row = await trx
      .selectFrom('portfolio_projects')
      .select('likes')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.likes);
  });
}

// ---------------------------------------------------------------- writes

/** Slugs equal to `base` or of the form `base-N`. */
export async function listSlugsLike(db: Kysely<DB>, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('portfolio_projects')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', likePrefix(`${base}-`))]))
    .execute();
  return rows.map((r) => r.slug);
}

export async function insertProject(db: Kysely<DB>, values: Insertable<PortfolioProjectsTable>): Promise<number> {
  return insertReturningId(db, 'portfolio_projects', values);
}

export async function updateProject(db: Kysely<DB>, id: number, values: Updateable<PortfolioProjectsTable>) {
  await db.updateTable('portfolio_projects').set(values).where('id', '=', id).execute();
}

/** Sets the same values on several projects. */
export async function updateProjects(db: Kysely<DB>, ids: number[], values: Updateable<PortfolioProjectsTable>) {
  await db.updateTable('portfolio_projects').set(values).where('id', 'in', ids).execute();
}

export async function listExistingProjectIds(
  db: Kysely<DB>,
  ids: number[],
): Promise<Array<{ id: number; title: string }>> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('portfolio_projects').select(['id', 'title']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}

/** Deletes projects; their technologies, images, team, testimonials and likes go with them (cascade). */
export async function deleteProjects(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return;
  await db.deleteFrom('portfolio_projects').where('id', 'in', ids).execute();
  await deleteItemHistory(db, 'portfolio_projects', ids);
}

export async function replaceTechnologies(db: Kysely<DB>, projectId: number, names: string[]) {
  await db.deleteFrom('project_technologies').where('project_id', '=', projectId).execute();
  if (names.length === 0) return;
  await db
    .insertInto('project_technologies')
    .values(names.map((name, position) => ({ project_id: projectId, name, position })))
    .execute();
}

/** Replaces the gallery; an image kept at the same address keeps its link to the uploaded file. */
export async function replaceGallery(
  db: Kysely<DB>,
  projectId: number,
  images: Array<{ url: string; title: string | null }>,
) {
  const previous = await listGalleryOfProject(db, projectId);
  const uploadByUrl = new Map(previous.map((image) => [image.url, image.upload_id]));
  await db.deleteFrom('project_gallery_images').where('project_id', '=', projectId).execute();
  if (images.length === 0) return;
  await db
    .insertInto('project_gallery_images')
    .values(
      images.map((image, position) => ({
        project_id: projectId,
        url: image.url,
        title: image.title,
        position,
        upload_id: uploadByUrl.get(image.url) ?? null,
      })),
    )
    .execute();
}

export async function replaceTeam(
  db: Kysely<DB>,
  projectId: number,
  members: Array<{ name: string; role: string | null; bio: string | null; image: string | null }>,
) {
  await db.deleteFrom('project_team_members').where('project_id', '=', projectId).execute();
  if (members.length === 0) return;
  await db
    .insertInto('project_team_members')
    .values(members.map((member, position) => ({ project_id: projectId, ...member, position })))
    .execute();
}

export async function replaceTestimonials(
  db: Kysely<DB>,
  projectId: number,
  testimonials: Array<{ name: string; position: string | null; company: string | null; text: string; rating: number }>,
) {
  await db.deleteFrom('project_testimonials').where('project_id', '=', projectId).execute();
  if (testimonials.length === 0) return;
  await db
    .insertInto('project_testimonials')
    .values(testimonials.map((t, sort_order) => ({ project_id: projectId, ...t, sort_order })))
    .execute();
}

export async function setSortOrders(db: Kysely<DB>, entries: Array<{ id: number; order: number }>, now: string) {
  // Rows are locked in id order whatever the order sent, so that two reorders at once cannot deadlock.
  for (const { id, order } of [...entries].sort((a, b) => a.id - b.id)) {
    await db
      .updateTable('portfolio_projects')
      .set({ sort_order: order, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}
