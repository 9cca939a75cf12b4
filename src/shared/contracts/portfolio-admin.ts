import { z } from '../zod';
import { expectedVersion } from './revisions';
import { isRealDate, rowId } from './common';
import {
  PORTFOLIO_GALLERY_MAX,
  PortfolioMessage,
  PROJECT_LIMITS,
  projectStatusInputs,
  type ProjectStatus,
} from './portfolio.values';

/*
 * The portfolio's staff contracts: the project form's body and the rules that turn it into a project (the
 * server and the admin form apply the same), flags, order and bulk calls. What visitors read is in
 * portfolio.ts.
 */

const loose = z.string().max(100_000).nullable().optional();
const flagInput = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])]).optional();
/** A list, or JSON text of a list (invalid JSON counts as an empty list). */
const listOrText = <T extends z.ZodType>(item: T) => z.union([z.array(item).max(1000), z.string().max(200_000)]);

export const projectGalleryInputSchema = z.union([
  z.string().max(10_000),
  z.object({ url: z.string().max(10_000).nullable().optional(), title: loose }),
]);
export const projectTeamMemberInputSchema = z.object({
  name: loose,
  role: loose,
  bio: loose,
  image: loose,
});
export const projectTestimonialInputSchema = z.object({
  /** Ignored: the form's temporary ids. */
  id: z.union([z.string(), z.number()]).nullable().optional(),
  name: loose,
  position: loose,
  company: loose,
  text: loose,
  rating: z
    .union([z.number(), z.string().max(10)])
    .nullable()
    .optional(),
});

/**
 * POST /api/portfolio/projects and PUT /api/portfolio/projects/{id} body. Only the types are checked
 * here; the server checks the values in the documented order so that the first problem answers with
 * the documented message. The documented aliases are accepted (text for short_description, date or
 * completionDate, imageUrl or featured_image, gallery_images, liveUrl, caseStudyUrl, projectTestimonials).
 * On PUT an absent field keeps its value. `id` and `slug` are ignored: the slug is made from the
 * first title and stays stable.
 */
export const projectWriteRequestSchema = z.object({
  id: z.union([z.string(), z.number()]).nullable().optional(),
  slug: loose,
  title: loose,
  short_description: loose,
  text: loose,
  description: loose,
  client: loose,
  industry: loose,
  category: loose,
  technologies: listOrText(z.string().max(10_000)).nullable().optional(),
  results: loose,
  technical_specs: loose,
  completion_date: loose,
  completionDate: loose,
  date: loose,
  status: loose,
  image_url: loose,
  imageUrl: loose,
  featured_image: loose,
  gallery: listOrText(projectGalleryInputSchema).nullable().optional(),
  gallery_images: listOrText(projectGalleryInputSchema).nullable().optional(),
  gallery_titles: listOrText(z.string().max(10_000).nullable()).nullable().optional(),
  team: listOrText(projectTeamMemberInputSchema).nullable().optional(),
  testimonials: z.array(projectTestimonialInputSchema).max(1000).nullable().optional(),
  projectTestimonials: z.array(projectTestimonialInputSchema).max(1000).nullable().optional(),
  live_url: loose,
  liveUrl: loose,
  case_study_url: loose,
  caseStudyUrl: loose,
  /** Blank: null (the title, the short description and the main image are used instead). */
  seo_title: loose,
  seo_description: loose,
  share_image_url: loose,
  featured: flagInput,
  colorful: flagInput,
  published: flagInput,
  /**
   * ISO 8601 with an offset: a future time schedules the project (unpublished until then), a past one
   * publishes it now, null takes a schedule off (ADR 0040).
   */
  publish_at: z.string().max(100).nullable().optional(),
  /** PUT: the version the form was loaded at; a different stored version is a 409 (ADR 0041). */
  version: expectedVersion().optional(),
});
export type ProjectWriteRequest = z.infer<typeof projectWriteRequestSchema>;

/** PATCH .../{id}/featured and .../{id}/published: the new value, or absent to toggle. */
export const projectFeaturedRequestSchema = z.object({ featured: z.boolean().optional() }).nullish();
export const projectPublishedRequestSchema = z.object({ published: z.boolean().optional() }).nullish();

const projectIds = z.array(rowId()).min(1).max(500);

/**
 * PATCH /api/portfolio/order: `projectIds` in the new order (positions 0, 1, 2...), or `order` with
 * explicit positions. Lower positions come first when a list is sorted by sort_order.
 */
export const projectOrderRequestSchema = z
  .object({
    projectIds: projectIds.optional(),
    order: z
      .array(z.object({ id: rowId(), order: z.number().int().min(0).max(1_000_000) }))
      .min(1)
      .max(500)
      .optional(),
  })
  .refine((body) => Boolean(body.projectIds) !== Boolean(body.order), {
    message: PortfolioMessage.ORDER_REQUIRED,
    path: ['projectIds'],
  });
export type ProjectOrderRequest = z.infer<typeof projectOrderRequestSchema>;

export const projectBulkOperations = ['complete', 'feature', 'unfeature', 'publish', 'unpublish', 'delete'] as const;
export type ProjectBulkOperation = (typeof projectBulkOperations)[number];
export const projectBulkRequestSchema = z.object({ operation: z.enum(projectBulkOperations), projectIds });
export const projectBulkDeleteRequestSchema = z.object({ projectIds });

export const projectBulkResultSchema = z.object({
  operation: z.enum(projectBulkOperations),
  succeeded: z.array(z.number().int()),
  failed: z.array(z.object({ id: z.number().int(), message: z.string() })),
});
export type ProjectBulkResult = z.infer<typeof projectBulkResultSchema>;

/** Past-tense words of the bulk success message. */
export const projectBulkActionWords: Record<ProjectBulkOperation, string> = {
  complete: 'marked complete',
  feature: 'featured',
  unfeature: 'unfeatured',
  publish: 'published',
  unpublish: 'unpublished',
  delete: 'deleted',
};

// ---------------------------------------------------------------- form rules (server and admin form)

export function formatPortfolioMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

const charCount = (value: string) => [...value].length;
const tooLong = (label: string, max: number) => formatPortfolioMessage(PortfolioMessage.TOO_LONG, { label, max });
const limited = (label: string, max: number) => z.string().refine((v) => charCount(v) <= max, tooLong(label, max));
const optionalLimited = (label: string, max: number) => limited(label, max).nullable();
/** Required (its own message when empty), then at most `max` characters. */
const requiredLimited = (required: string, label: string, max: number) =>
  z.string().min(1, required).pipe(limited(label, max));

/**
 * A stored address: an absolute http(s) URL, or a path on this site ('/demo/x.svg', '/uploads/...').
 * Protocol-relative ('//host') addresses and every other scheme (javascript:, data:) are refused.
 */
export function isAllowedProjectUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const urlField = (label: string) =>
  z
    .string()
    .refine((v) => charCount(v) <= PROJECT_LIMITS.url, tooLong(label, PROJECT_LIMITS.url))
    .refine(isAllowedProjectUrl, formatPortfolioMessage(PortfolioMessage.URL_INVALID, { label }))
    .nullable();

/**
 * A list sent as a list, or as JSON text of a list. Invalid JSON, or JSON that is not a list, is an
 * empty list; null and blank text too.
 */
export function parseJsonList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Technologies from a list, JSON text of a list, or comma-separated text: split on commas, trimmed,
 * empties dropped, duplicates (ignoring case) dropped keeping the first spelling.
 */
export function splitTechnologies(value: unknown): string[] {
  const items = typeof value === 'string' && !value.trim().startsWith('[') ? [value] : parseJsonList(value);
  const seen = new Set<string>();
  const names: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') continue;
    for (const part of String(item).split(',')) {
      const name = part.trim();
      if (!name || seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}

/**
 * The values of a project as stored, with the form's messages. Keys are in the documented check order
 * (title, short description, client, results, technologies, then the rest): the first issue is the
 * message of the answer.
 */
export const projectInputSchema = z.object({
  title: requiredLimited(PortfolioMessage.TITLE_REQUIRED, 'Title', PROJECT_LIMITS.title),
  short_description: requiredLimited(
    PortfolioMessage.DESCRIPTION_REQUIRED,
    'Short description',
    PROJECT_LIMITS.short_description,
  ),
  client: requiredLimited(PortfolioMessage.CLIENT_REQUIRED, 'Client', PROJECT_LIMITS.client),
  results: requiredLimited(PortfolioMessage.RESULTS_REQUIRED, 'Results', PROJECT_LIMITS.longText),
  technologies: z
    .array(limited('Technology name', PROJECT_LIMITS.technology))
    .min(1, PortfolioMessage.TECHNOLOGY_REQUIRED)
    .max(
      PROJECT_LIMITS.technologies,
      formatPortfolioMessage(PortfolioMessage.TOO_MANY, { max: PROJECT_LIMITS.technologies, items: 'technologies' }),
    ),
  description: optionalLimited('Detailed description', PROJECT_LIMITS.longText),
  technical_specs: optionalLimited('Technical specifications', PROJECT_LIMITS.longText),
  industry: limited('Industry', PROJECT_LIMITS.industry),
  category: optionalLimited('Category', PROJECT_LIMITS.category),
  status: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(projectStatusInputs, { error: PortfolioMessage.STATUS_INVALID }))
    .transform((v): ProjectStatus => (v === 'completed' ? 'done' : v)),
  completion_date: z.string().refine(isRealDate, PortfolioMessage.DATE_INVALID).nullable(),
  image_url: urlField('Main image'),
  live_url: urlField('Live Demo URL'),
  case_study_url: urlField('Case Study URL'),
  seo_title: optionalLimited('SEO title', PROJECT_LIMITS.seoTitle),
  seo_description: optionalLimited('SEO description', PROJECT_LIMITS.seoDescription),
  share_image_url: urlField('Share image'),
  gallery: z
    .array(
      z.object({
        url: z.string().min(1, PortfolioMessage.GALLERY_URL_REQUIRED).pipe(urlField('Gallery image').unwrap()),
        title: optionalLimited('Image title', PROJECT_LIMITS.galleryTitle),
      }),
    )
    .superRefine((list, ctx) => {
      if (list.length > PORTFOLIO_GALLERY_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: formatPortfolioMessage(PortfolioMessage.GALLERY_FULL, {
            count: list.length,
            remaining: PORTFOLIO_GALLERY_MAX,
          }),
        });
      }
    }),
  team: z
    .array(
      z.object({
        name: requiredLimited(PortfolioMessage.TEAM_NAME_REQUIRED, 'Team member name', PROJECT_LIMITS.teamName),
        role: optionalLimited('Team member role', PROJECT_LIMITS.teamRole),
        bio: optionalLimited('Team member bio', PROJECT_LIMITS.longText),
        image: urlField('Team member image'),
      }),
    )
    .max(
      PROJECT_LIMITS.teamMembers,
      formatPortfolioMessage(PortfolioMessage.TOO_MANY, { max: PROJECT_LIMITS.teamMembers, items: 'team members' }),
    ),
  testimonials: z
    .array(
      z.object({
        name: requiredLimited(
          PortfolioMessage.TESTIMONIAL_NAME_REQUIRED,
          'Testimonial name',
          PROJECT_LIMITS.testimonialName,
        ),
        position: optionalLimited('Testimonial position', PROJECT_LIMITS.testimonialPosition),
        company: optionalLimited('Testimonial company', PROJECT_LIMITS.testimonialCompany),
        text: requiredLimited(PortfolioMessage.TESTIMONIAL_TEXT_REQUIRED, 'Testimonial text', PROJECT_LIMITS.longText),
        rating: z
          .number({ error: PortfolioMessage.RATING_INVALID })
          .int(PortfolioMessage.RATING_INVALID)
          .min(1, PortfolioMessage.RATING_INVALID)
          .max(5, PortfolioMessage.RATING_INVALID),
      }),
    )
    .max(
      PROJECT_LIMITS.testimonials,
      formatPortfolioMessage(PortfolioMessage.TOO_MANY, { max: PROJECT_LIMITS.testimonials, items: 'testimonials' }),
    ),
  featured: z.boolean(),
  colorful: z.boolean(),
  published: z.boolean(),
});
export type ProjectInputValues = z.input<typeof projectInputSchema>;
export type ProjectInput = z.output<typeof projectInputSchema>;
