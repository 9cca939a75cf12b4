import type { Kysely } from 'kysely';
import type { ProjectDetail } from '../../../shared/contracts/portfolio';
import { PortfolioMessage, DEFAULT_INDUSTRY } from '../../../shared/contracts/portfolio.values';
import {
  parseJsonList,
  projectInputSchema,
  splitTechnologies,
  type ProjectBulkOperation,
  type ProjectBulkResult,
  type ProjectInput,
  type ProjectInputValues,
  type ProjectOrderRequest,
  type ProjectWriteRequest,
} from '../../../shared/contracts/portfolio-admin';
import type { Schedule } from '../../../shared/contracts/publishing.values';
import { ErrorCode, type FieldError } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';
import { recordSlugChange } from '../../pages/redirect-rules';
import { scheduleOfWrite } from '../../jobs/scheduled-publishing';
import { bumpVersions, claimVersion, type SaveOptions } from '../../revisions/revision-store';
import { keepProjectRevision } from './portfolio-revision-fields';
import { slugify, toAddress, toPlainText } from './portfolio-text';
import { projectSeoOf, projectSeoValues } from './project-seo';
import {
  deleteProjects,
  findProjectById,
  insertProject,
  listExistingProjectIds,
  listSlugsLike,
  replaceGallery,
  replaceTeam,
  replaceTechnologies,
  replaceTestimonials,
  setSortOrders,
  updateProject as updateProjectRow,
  updateProjects,
} from './portfolio.repository';
import { toDetail, type Viewer } from './portfolio.service';

/*
 * Staff writes to the portfolio: the project form's values read from a request (documented aliases,
 * plain text, JSON lists), validated, and saved with their revision; flags, order and bulk operations.
 */

const STAFF: Viewer = { staff: true };

/** The first value that was sent among a field's documented names (null counts as sent). */
function pick<K extends keyof ProjectWriteRequest>(body: ProjectWriteRequest, ...keys: K[]): ProjectWriteRequest[K] {
  for (const key of keys) if (body[key] !== undefined) return body[key];
  return undefined as ProjectWriteRequest[K];
}

const text = (value: unknown, multiline = false): string =>
  typeof value === 'string' ? toPlainText(value, multiline) : typeof value === 'number' ? String(value) : '';
const optionalText = (value: unknown, multiline = false): string | null => text(value, multiline) || null;

function flag(value: ProjectWriteRequest['featured'], fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  return value === true || value === 1 || value === 'true' || value === '1';
}

function completionDate(value: unknown): string | null {
  const raw = typeof value === 'string' ? value.trim() : '';
  if (!raw) return null;
  // A full ISO timestamp (from a date-time picker) keeps its calendar date.
  return /^\d{4}-\d{2}-\d{2}T/.test(raw) ? raw.slice(0, 10) : raw;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Split, made plain, then split again: a name that was only markup disappears, duplicates merge. */
const technologiesOf = (body: ProjectWriteRequest) =>
  splitTechnologies(splitTechnologies(body.technologies).map((name) => toPlainText(name)));

function galleryOf(body: ProjectWriteRequest): ProjectInputValues['gallery'] {
  const images = parseJsonList(pick(body, 'gallery', 'gallery_images'));
  const titles = parseJsonList(body.gallery_titles);
  return images
    .map((item, index) => {
      const entry = typeof item === 'string' ? { url: item } : record(item);
      const title = entry.title ?? titles[index];
      return { url: toAddress(entry.url) ?? '', title: optionalText(title) };
    })
    .filter((image) => image.url !== '' || image.title !== null);
}

function teamOf(body: ProjectWriteRequest): ProjectInputValues['team'] {
  return parseJsonList(body.team)
    .map((item) => {
      const member = record(item);
      return {
        name: text(member.name),
        role: optionalText(member.role),
        bio: optionalText(member.bio, true),
        image: toAddress(member.image),
      };
    })
    .filter((member) => member.name || member.role || member.bio || member.image);
}

function ratingOf(value: unknown): number {
  if (value === undefined || value === null || value === '') return 5;
  const rating = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof rating === 'number' ? rating : Number.NaN;
}

function testimonialsOf(body: ProjectWriteRequest): ProjectInputValues['testimonials'] {
  return (pick(body, 'testimonials', 'projectTestimonials') ?? [])
    .map((t) => ({
      name: text(t.name),
      position: optionalText(t.position),
      company: optionalText(t.company),
      text: text(t.text, true),
      rating: ratingOf(t.rating),
    }))
    .filter((t) => t.name || t.text || t.position || t.company);
}

/** The stored values of a project, as the form would send them back (PUT fills absent fields from these). */
export async function currentValues(
  db: Kysely<DB>,
  id: number,
): Promise<ProjectInputValues & { slug: string; publish_at: string | null }> {
  const row = await findProjectById(db, id, undefined);
  if (!row) throw notFound(PortfolioMessage.PROJECT_NOT_FOUND);
  const detail = await toDetail(db, row, STAFF);
  return {
    slug: detail.slug,
    title: detail.title,
    short_description: detail.short_description,
    client: detail.client,
    results: detail.results ?? '',
    technologies: detail.technologies,
    description: detail.description,
    technical_specs: detail.technical_specs,
    industry: detail.industry,
    category: detail.category,
    status: detail.status,
    completion_date: detail.completion_date,
    image_url: detail.image_url,
    live_url: detail.live_url,
    case_study_url: detail.case_study_url,
    ...projectSeoOf(detail),
    gallery: detail.gallery,
    team: detail.team,
    testimonials: detail.testimonials.map(({ id: _id, ...t }) => t),
    featured: detail.featured,
    colorful: detail.colorful,
    published: detail.published ?? true,
    publish_at: detail.publish_at ?? null,
  };
}

/** The schedule fields as sent (`published` read as the form rules read it, only when sent). */
function sentSchedule(body: ProjectWriteRequest, input: ProjectInput) {
  return { published: body.published === undefined ? undefined : input.published, publish_at: body.publish_at };
}

/**
 * The form values of a request: documented aliases resolved, text made plain, lists parsed (JSON text
 * accepted, invalid JSON an empty list). A field that was not sent keeps `current` (PUT) or its default.
 */
function formValues(body: ProjectWriteRequest, current?: ProjectInputValues): ProjectInputValues {
  const sent = (...keys: Array<keyof ProjectWriteRequest>) => keys.some((key) => body[key] !== undefined);
  const or = <T>(keys: Array<keyof ProjectWriteRequest>, read: () => T, fallback: T): T =>
    sent(...keys) || !current ? read() : fallback;
  const c = current;
  const industry = or(['industry'], () => text(body.industry), c?.industry ?? '');
  return {
    title: or(['title'], () => text(body.title), c?.title ?? ''),
    short_description: or(
      ['short_description', 'text'],
      () => text(pick(body, 'short_description', 'text'), true),
      c?.short_description ?? '',
    ),
    client: or(['client'], () => text(body.client), c?.client ?? ''),
    results: or(['results'], () => text(body.results, true), c?.results ?? ''),
    technologies: or(['technologies'], () => technologiesOf(body), c?.technologies ?? []),
    description: or(['description'], () => optionalText(body.description, true), c?.description ?? null),
    technical_specs: or(
      ['technical_specs'],
      () => optionalText(body.technical_specs, true),
      c?.technical_specs ?? null,
    ),
    industry: industry || DEFAULT_INDUSTRY,
    category: or(['category'], () => optionalText(body.category), c?.category ?? null),
    status: or(['status'], () => text(body.status) || 'progress', c?.status ?? 'progress'),
    completion_date: or(
      ['completion_date', 'completionDate', 'date'],
      () => completionDate(pick(body, 'completion_date', 'completionDate', 'date')),
      c?.completion_date ?? null,
    ),
    image_url: or(
      ['image_url', 'imageUrl', 'featured_image'],
      () => toAddress(pick(body, 'image_url', 'imageUrl', 'featured_image')),
      c?.image_url ?? null,
    ),
    live_url: or(['live_url', 'liveUrl'], () => toAddress(pick(body, 'live_url', 'liveUrl')), c?.live_url ?? null),
    case_study_url: or(
      ['case_study_url', 'caseStudyUrl'],
      () => toAddress(pick(body, 'case_study_url', 'caseStudyUrl')),
      c?.case_study_url ?? null,
    ),
    ...projectSeoValues(body, c),
    gallery: or(['gallery', 'gallery_images', 'gallery_titles'], () => galleryOf(body), c?.gallery ?? []),
    team: or(['team'], () => teamOf(body), c?.team ?? []),
    testimonials: or(['testimonials', 'projectTestimonials'], () => testimonialsOf(body), c?.testimonials ?? []),
    featured: flag(body.featured, c?.featured ?? false),
    colorful: flag(body.colorful, c?.colorful ?? false),
    published: flag(body.published, c?.published ?? true),
  };
}

function validate(values: ProjectInputValues): ProjectInput {
  const result = projectInputSchema.safeParse(values);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new AppError(400, ErrorCode.VALIDATION_ERROR, errors[0]?.message ?? PortfolioMessage.TITLE_REQUIRED, errors);
}

const RESERVED_SLUGS = new Set(['featured', 'recent', 'related', 'search', 'bulk', 'order']);

/** A slug of the title not used by another project: 'title', else 'title-2', 'title-3'... */
async function uniqueSlug(db: Kysely<DB>, title: string): Promise<string> {
  let base = slugify(title) || 'project';
  // An all-digit slug would be read as an id, and these are paths of their own.
  if (/^\d+$/.test(base) || RESERVED_SLUGS.has(base)) base = `project-${base}`;
  const taken = new Set(await listSlugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function columnsOf(input: ProjectInput, schedule: Schedule) {
  return {
    title: input.title,
    short_description: input.short_description,
    description: input.description,
    client: input.client,
    industry: input.industry,
    category: input.category,
    results: input.results,
    technical_specs: input.technical_specs,
    status: input.status,
    image_url: input.image_url,
    live_url: input.live_url,
    case_study_url: input.case_study_url,
    completion_date: input.completion_date,
    ...projectSeoOf(input),
    featured: input.featured ? 1 : 0,
    colorful: input.colorful ? 1 : 0,
    published: schedule.published ? 1 : 0,
    publish_at: schedule.publish_at,
  };
}

async function saveChildren(db: Kysely<DB>, id: number, input: ProjectInput) {
  await replaceTechnologies(db, id, input.technologies);
  await replaceGallery(db, id, input.gallery);
  await replaceTeam(db, id, input.team);
  await replaceTestimonials(db, id, input.testimonials);
}

async function staffDetail(db: Kysely<DB>, id: number): Promise<ProjectDetail> {
  const row = await findProjectById(db, id, undefined);
  if (!row) throw notFound(PortfolioMessage.PROJECT_NOT_FOUND);
  return toDetail(db, row, STAFF);
}

export async function createProject(db: Kysely<DB>, body: ProjectWriteRequest, save: SaveOptions = {}) {
  const input = validate(formValues(body));
  const schedule = scheduleOfWrite(sentSchedule(body, input), undefined, new Date());
  const now = new Date().toISOString();
  // Two projects with the same title created at once both pick the same free slug; the loser retries.
  const id = await writeTransaction(db, async (trx) => {
    const slug = await uniqueSlug(trx, input.title);
    // The new project's address is its own: a redirect from it goes (ADR 0039).
    await recordSlugChange(trx, { section: 'portfolio', oldSlug: null, newSlug: slug, wasPublished: false, now });
    const newId = await insertProject(trx, {
      ...columnsOf(input, schedule),
      slug,
      sort_order: 0,
      likes: 0,
      created_at: now,
      updated_at: now,
    });
    await saveChildren(trx, newId, input);
    const after = await currentValues(trx, newId);
    await keepProjectRevision(trx, { id: newId, version: 1, before: null, after, save, now });
    return newId;
  });
  return staffDetail(db, id);
}

export async function updateProject(db: Kysely<DB>, id: number, body: ProjectWriteRequest, save: SaveOptions = {}) {
  const current = await currentValues(db, id);
  const input = validate(formValues(body, current));
  const stored = { published: current.published, publish_at: current.publish_at };
  const schedule = scheduleOfWrite(sentSchedule(body, input), stored, new Date());
  const now = new Date().toISOString();
  await writeTransaction(db, async (trx) => {
    // A save made from an older version is refused before anything changes (ADR 0041).
    const version = await claimVersion(trx, 'portfolio_projects', id, save.version);
    if (version === undefined) throw notFound(PortfolioMessage.PROJECT_NOT_FOUND);
    const before = await currentValues(trx, id);
    // The slug stays as it was made: links to the project keep working after a title change.
    await updateProjectRow(trx, id, { ...columnsOf(input, schedule), updated_at: now });
    await saveChildren(trx, id, input);
    await keepProjectRevision(trx, { id, version, before, after: await currentValues(trx, id), save, now });
  });
  return staffDetail(db, id);
}

export async function deleteProject(db: Kysely<DB>, id: number) {
  const [project] = await listExistingProjectIds(db, [id]);
  if (!project) throw notFound(PortfolioMessage.PROJECT_NOT_FOUND);
  await writeTransaction(db, (trx) => deleteProjects(trx, [id]));
}

/** A project's title, for the recent activity of a delete; null when there is none. */
export async function projectTitle(db: Kysely<DB>, id: number): Promise<string | null> {
  const [project] = await listExistingProjectIds(db, [id]);
  return project?.title ?? null;
}

/** Sets a flag to the value sent, or flips it when none was sent. */
export async function setProjectFlag(
  db: Kysely<DB>,
  id: number,
  name: 'featured' | 'published',
  value: boolean | undefined,
) {
  const current = await staffDetail(db, id);
  const next = value ?? !(name === 'featured' ? current.featured : current.published);
  const now = new Date().toISOString();
  // Publishing or unpublishing outright ends a schedule.
  const schedule = name === 'published' ? { publish_at: null } : {};
  await writeTransaction(db, async (trx) => {
    await updateProjectRow(trx, id, { [name]: next ? 1 : 0, ...schedule, updated_at: now });
    await bumpVersions(trx, 'portfolio_projects', [id]);
  });
  return staffDetail(db, id);
}

export async function reorderProjects(db: Kysely<DB>, body: ProjectOrderRequest) {
  const entries = body.projectIds ? body.projectIds.map((id, order) => ({ id, order })) : (body.order ?? []);
  const ids = entries.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError(400, ErrorCode.VALIDATION_ERROR, PortfolioMessage.ORDER_DUPLICATES, [
      { field: 'projectIds', message: PortfolioMessage.ORDER_DUPLICATES },
    ]);
  }
  const existing = new Set((await listExistingProjectIds(db, ids)).map((p) => p.id));
  const missing = ids.filter((id) => !existing.has(id));
  if (missing.length > 0) {
    throw new AppError(
      404,
      ErrorCode.NOT_FOUND,
      PortfolioMessage.PROJECT_NOT_FOUND,
      missing.map((id) => ({ field: `projectIds.${ids.indexOf(id)}`, message: PortfolioMessage.PROJECT_NOT_FOUND })),
    );
  }
  const now = new Date().toISOString();
  await writeTransaction(db, (trx) => setSortOrders(trx, entries, now));
  return entries;
}

const BULK_CHANGES: Record<
  Exclude<ProjectBulkOperation, 'delete'>,
  { status?: 'done'; featured?: number; published?: number; publish_at?: null }
> = {
  complete: { status: 'done' },
  feature: { featured: 1 },
  unfeature: { featured: 0 },
  publish: { published: 1, publish_at: null },
  unpublish: { published: 0, publish_at: null },
};

/**
 * Applies one operation to every listed project that exists; each id that does not is reported as a
 * failure and skipped, the others still change.
 */
export async function bulkProjects(
  db: Kysely<DB>,
  operation: ProjectBulkOperation,
  projectIds: number[],
): Promise<ProjectBulkResult> {
  const ids = [...new Set(projectIds)];
  const existing = await listExistingProjectIds(db, ids);
  const found = new Set(existing.map((p) => p.id));
  const succeeded = ids.filter((id) => found.has(id));
  const failed = ids.filter((id) => !found.has(id)).map((id) => ({ id, message: PortfolioMessage.PROJECT_NOT_FOUND }));
  if (succeeded.length > 0) {
    const now = new Date().toISOString();
    await writeTransaction(db, async (trx) => {
      if (operation === 'delete') await deleteProjects(trx, succeeded);
      else await updateProjects(trx, succeeded, { ...BULK_CHANGES[operation], updated_at: now });
      if (operation !== 'delete') await bumpVersions(trx, 'portfolio_projects', succeeded);
    });
  }
  return { operation, succeeded, failed };
}
