import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  PortfolioCategoriesData,
  PortfolioFacet,
  PortfolioListData,
  PortfolioListQuery,
  PortfolioSearchRequest,
  PortfolioSort,
  PortfolioStatsData,
  ProjectDetail,
  ProjectDetailData,
  ProjectLikeData,
  ProjectSummary,
} from '../../../shared/contracts/portfolio';
import {
  PORTFOLIO_RELATED_COUNT,
  PORTFOLIO_TOP_TECHNOLOGIES,
  PortfolioMessage,
  portfolioSorts,
  publicIndustryOptions,
  publicTechnologyOptions,
} from '../../../shared/contracts/portfolio.values';
import { publicationStatus } from '../../../shared/contracts/publishing.values';
import type { DB } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { slugify } from './portfolio-text';
import { projectSeoOf } from './project-seo';
import {
  addProjectLike,
  countByIndustry,
  countByTechnology,
  countPublishedByCategory,
  countPublishedByIndustry,
  findProjectById,
  findProjectBySlug,
  listGalleryOfProject,
  listProjects as listProjectRows,
  listRelatedProjects,
  listTeamOfProject,
  listTechnologiesOfProjects,
  listTestimonialsOfProject,
  projectTotals,
  type ProjectDetailRow,
  type ProjectFilter,
  type ProjectOrder,
  type ProjectRow,
} from './portfolio.repository';
import { isRowIdText } from '../../../shared/contracts/common';

/** Who is asking: staff see unpublished projects and internal fields; visitors never do. */
export interface Viewer {
  staff: boolean;
}

const SORT_PRESETS: Record<PortfolioSort, ProjectOrder> = {
  newest: { field: 'created_at', direction: 'desc' },
  oldest: { field: 'created_at', direction: 'asc' },
  title: { field: 'title', direction: 'asc' },
  alphabetical: { field: 'title', direction: 'asc' },
  client: { field: 'client', direction: 'asc' },
};

const isAll = (value: string | undefined) => value === undefined || value.toLowerCase() === 'all';

/** A list-page sort value wins; otherwise sortBy (default created_at) in the direction of sortOrder or sort. */
export function resolveOrder(query: Pick<PortfolioListQuery, 'sort' | 'sortBy' | 'sortOrder'>): ProjectOrder {
  const { sort, sortBy, sortOrder } = query;
  if (sort && (portfolioSorts as readonly string[]).includes(sort)) return SORT_PRESETS[sort as PortfolioSort];
  const field = sortBy ?? 'created_at';
  const ascendingByDefault = field === 'title' || field === 'client' || field === 'sort_order';
  const direction = sortOrder ?? (sort === 'asc' || sort === 'desc' ? sort : ascendingByDefault ? 'asc' : 'desc');
  return { field, direction };
}

/** The published filter a viewer gets: visitors always published; staff as asked, everything by default. */
function publishedFor(viewer: Viewer, asked: string | undefined): boolean | undefined {
  if (!viewer.staff) return true;
  if (asked === 'true' || asked === '1') return true;
  if (asked === 'false' || asked === '0') return false;
  return undefined;
}

type FilterInput = Pick<
  PortfolioListQuery,
  'search' | 'q' | 'industry' | 'category' | 'technology' | 'status' | 'exclude'
> & { featured?: boolean; query?: string };

function toFilter(input: FilterInput, published: boolean | undefined): ProjectFilter {
  const filter: ProjectFilter = { published, search: input.query ?? input.search ?? input.q, featured: input.featured };
  if (!isAll(input.industry)) filter.industry = input.industry;
  if (!isAll(input.category)) filter.categoryOrIndustry = [input.category as string];
  if (!isAll(input.technology)) filter.technology = input.technology;
  if (input.status && input.status !== 'all') filter.status = input.status === 'progress' ? 'progress' : 'done';
  if (input.exclude) {
    filter.exclude = { slug: input.exclude, id: isRowIdText(input.exclude) ? Number(input.exclude) : undefined };
  }
  return filter;
}

async function technologiesByProject(db: Kysely<DB>, ids: number[]): Promise<Map<number, string[]>> {
  const byProject = new Map<number, string[]>();
  for (const row of await listTechnologiesOfProjects(db, ids)) {
    const id = Number(row.project_id);
    byProject.set(id, [...(byProject.get(id) ?? []), row.name]);
  }
  return byProject;
}

function toSummary(row: ProjectRow, technologies: string[], viewer: Viewer): ProjectSummary {
  const summary: ProjectSummary = {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    short_description: row.short_description,
    client: row.client,
    industry: row.industry,
    category: row.category,
    status: row.status === 'done' ? 'done' : 'progress',
    image_url: row.image_url,
    live_url: row.live_url,
    case_study_url: row.case_study_url,
    completion_date: row.completion_date,
    featured: Number(row.featured) === 1,
    colorful: Number(row.colorful) === 1,
    likes: Number(row.likes),
    technologies,
    created_at: row.created_at,
  };
  if (viewer.staff) {
    summary.published = Number(row.published) === 1;
    summary.publication_status = publicationStatus(summary.published, row.publish_at);
    summary.publish_at = row.publish_at;
    summary.sort_order = Number(row.sort_order);
    summary.updated_at = row.updated_at;
    summary.version = Number(row.version);
  }
  return summary;
}

async function toSummaries(db: Kysely<DB>, rows: ProjectRow[], viewer: Viewer): Promise<ProjectSummary[]> {
  const technologies = await technologiesByProject(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => toSummary(row, technologies.get(Number(row.id)) ?? [], viewer));
}

async function page(
  db: Kysely<DB>,
  filter: ProjectFilter,
  order: ProjectOrder,
  pageNumber: number,
  limit: number,
  viewer: Viewer,
): Promise<PortfolioListData> {
  const { rows, total } = await listProjectRows(db, filter, order, pageNumber, limit);
  const pages = Math.ceil(total / limit);
  return {
    projects: await toSummaries(db, rows, viewer),
    total,
    page: pageNumber,
    pages,
    pagination: { page: pageNumber, limit, total, pages },
  };
}

export async function listProjects(db: Kysely<DB>, query: PortfolioListQuery, viewer: Viewer) {
  const filter = toFilter(query, publishedFor(viewer, query.published));
  return page(db, filter, resolveOrder(query), query.page, query.limit, viewer);
}

export async function searchProjects(db: Kysely<DB>, body: PortfolioSearchRequest, viewer: Viewer) {
  const filter = toFilter(body, publishedFor(viewer, undefined));
  return page(db, filter, resolveOrder(body), body.page, body.limit, viewer);
}

/** Up to `limit` featured published projects in the staff's chosen order, then newest. */
export async function listFeaturedProjects(db: Kysely<DB>, limit: number): Promise<ProjectSummary[]> {
  const filter = { published: true, featured: true };
  const { rows } = await listProjectRows(db, filter, { field: 'sort_order', direction: 'asc' }, 1, limit);
  return toSummaries(db, rows, { staff: false });
}

export async function listRecentProjects(db: Kysely<DB>, limit: number): Promise<ProjectSummary[]> {
  const { rows } = await listProjectRows(db, { published: true }, SORT_PRESETS.newest, 1, limit);
  return toSummaries(db, rows, { staff: false });
}

/** A project by slug, else by numeric id, as the viewer may see it; otherwise not found. */
async function findVisible(db: Kysely<DB>, slugOrId: string, viewer: Viewer): Promise<ProjectDetailRow> {
  const published = viewer.staff ? undefined : true;
  const bySlug = await findProjectBySlug(db, slugOrId, published);
  if (bySlug) return bySlug;
  const byId = isRowIdText(slugOrId) ? await findProjectById(db, Number(slugOrId), published) : undefined;
  if (!byId) throw notFound(PortfolioMessage.PROJECT_NOT_FOUND);
  return byId;
}

export async function toDetail(db: Kysely<DB>, row: ProjectDetailRow, viewer: Viewer): Promise<ProjectDetail> {
  const id = Number(row.id);
  const [technologies, gallery, team, testimonials] = await Promise.all([
    technologiesByProject(db, [id]),
    listGalleryOfProject(db, id),
    listTeamOfProject(db, id),
    listTestimonialsOfProject(db, id),
  ]);
  return {
    ...toSummary(row, technologies.get(id) ?? [], viewer),
    description: row.description,
    results: row.results,
    technical_specs: row.technical_specs,
    ...projectSeoOf(row),
    gallery: gallery.map((image) => ({ url: image.url, title: image.title })),
    team: team.map((member) => ({ name: member.name, role: member.role, bio: member.bio, image: member.image })),
    testimonials: testimonials.map((t) => ({
      id: Number(t.id),
      name: t.name,
      position: t.position,
      company: t.company,
      text: t.text,
      rating: Number(t.rating),
    })),
  };
}

async function related(db: Kysely<DB>, project: ProjectSummary, limit: number): Promise<ProjectSummary[]> {
  const rows = await listRelatedProjects(db, project, limit);
  return toSummaries(db, rows, { staff: false });
}

export async function getProject(db: Kysely<DB>, slugOrId: string, viewer: Viewer): Promise<ProjectDetailData> {
  const project = await toDetail(db, await findVisible(db, slugOrId, viewer), viewer);
  return { project, related: await related(db, project, PORTFOLIO_RELATED_COUNT) };
}

export async function listRelated(db: Kysely<DB>, slugOrId: string, limit: number, viewer: Viewer) {
  const row = await findVisible(db, slugOrId, viewer);
  const technologies = await technologiesByProject(db, [Number(row.id)]);
  const summary = toSummary(row, technologies.get(Number(row.id)) ?? [], viewer);
  return related(db, summary, limit);
}

/** Counts merged across spellings ('E-commerce' and 'E-Commerce' are one), documented names first. */
function facets(documented: readonly string[], rows: Array<{ name: string | null; n: number | string }>) {
  const byKey = new Map<string, { name: string; count: number }>();
  for (const name of documented) byKey.set(name.toLowerCase(), { name, count: 0 });
  for (const row of rows) {
    if (!row.name) continue;
    const key = row.name.toLowerCase();
    const entry = byKey.get(key);
    if (entry) entry.count += Number(row.n);
    else byKey.set(key, { name: row.name, count: Number(row.n) });
  }
  const documentedKeys = new Set(documented.map((name) => name.toLowerCase()));
  const extra = [...byKey.entries()]
    .filter(([key]) => !documentedKeys.has(key))
    .map(([, entry]) => entry)
    .sort((a, b) => a.name.localeCompare(b.name));
  const first = documented.map((name) => byKey.get(name.toLowerCase()) as { name: string; count: number });
  return [...first, ...extra];
}

const withSlug = (entries: Array<{ name: string; count: number }>): PortfolioFacet[] =>
  entries.map((entry) => ({ name: entry.name, slug: slugify(entry.name), count: entry.count }));

export async function listCategories(db: Kysely<DB>): Promise<PortfolioCategoriesData> {
  const [industries, categories, technologies] = await Promise.all([
    countPublishedByIndustry(db),
    countPublishedByCategory(db),
    countByTechnology(db, true),
  ]);
  return {
    industries: withSlug(facets(publicIndustryOptions, industries)),
    categories: withSlug(facets([], categories)),
    technologies: withSlug(facets(publicTechnologyOptions, technologies)),
  };
}

/**
 * Published projects of a category or industry, named or by its slug ('e-commerce', 'web-application').
 */
export async function listProjectsOfCategory(db: Kysely<DB>, category: string, limit: number) {
  const { industries, categories } = await listCategories(db);
  const key = category.toLowerCase();
  const names = [...industries, ...categories]
    .filter((facet) => facet.slug === key || facet.name.toLowerCase() === key)
    .map((facet) => facet.name);
  const filter: ProjectFilter = { published: true, categoryOrIndustry: names.length > 0 ? names : [category] };
  const { rows } = await listProjectRows(db, filter, SORT_PRESETS.newest, 1, limit);
  return toSummaries(db, rows, { staff: false });
}

const byCountThenName = (a: { name: string; count: number }, b: { name: string; count: number }) =>
  b.count - a.count || a.name.localeCompare(b.name);

export async function getStats(db: Kysely<DB>, viewer: Viewer): Promise<PortfolioStatsData> {
  const published = viewer.staff ? undefined : true;
  const [totals, industries, technologies] = await Promise.all([
    projectTotals(db, published),
    countByIndustry(db, published),
    countByTechnology(db, published),
  ]);
  const stats: PortfolioStatsData = {
    total: totals.total,
    completed: totals.completed,
    in_progress: totals.total - totals.completed,
    featured: totals.featured,
    success_rate: totals.total === 0 ? 0 : Math.round((totals.completed * 100) / totals.total),
    likes: totals.likes,
    industries: facets([], industries)
      .filter((entry) => entry.count > 0)
      .sort(byCountThenName),
    top_technologies: facets([], technologies).sort(byCountThenName).slice(0, PORTFOLIO_TOP_TECHNOLOGIES),
  };
  if (viewer.staff) {
    stats.published = totals.published;
    stats.unpublished = totals.total - totals.published;
  }
  return stats;
}

/** Who liked: a keyed hash of address and browser, so the table holds no address and a replay counts once. */
export function visitorKey(ip: string, userAgent: string | undefined, secret: string): string {
  return createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}\n${secret}`)
    .digest('hex');
}

export async function likeProject(db: Kysely<DB>, slugOrId: string, visitor: string): Promise<ProjectLikeData> {
  const project = await findVisible(db, slugOrId, { staff: false });
  const likes = await addProjectLike(db, Number(project.id), visitor, new Date().toISOString());
  return { likes, liked: true };
}
