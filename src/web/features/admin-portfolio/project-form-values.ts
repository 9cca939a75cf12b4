import type { ProjectDetail, ProjectStatus } from '../../../shared/contracts/portfolio';
import { DEFAULT_INDUSTRY, adminIndustryOptions } from '../../../shared/contracts/portfolio.values';
import {
  projectInputSchema,
  splitTechnologies,
  type ProjectInputValues,
} from '../../../shared/contracts/portfolio-admin';
import { publishAtOfField, toSiteLocal } from '../../lib/site-time';

/** A gallery image of the form; `key` is stable across edits (React keys, optimistic removal). */
export interface GalleryItem {
  key: string;
  url: string;
  title: string;
}

export interface TeamMemberValues {
  key: string;
  name: string;
  role: string;
  bio: string;
  image: string;
}

/** Testimonial ids come from the timestamp; the server ignores them. */
export interface TestimonialValues {
  id: number;
  name: string;
  position: string;
  company: string;
  text: string;
  rating: number;
}

/** The project form as typed: text fields as text, technologies as the comma-separated field. */
export interface ProjectFormValues {
  title: string;
  short_description: string;
  description: string;
  client: string;
  industry: string;
  category: string;
  technologies: string;
  results: string;
  technical_specs: string;
  completion_date: string;
  status: ProjectStatus;
  live_url: string;
  case_study_url: string;
  /** Search and share fields ('' falls back to the title, the short description and the main image). */
  seo_title: string;
  seo_description: string;
  share_image_url: string;
  featured: boolean;
  colorful: boolean;
  published: boolean;
  /** The site's wall-clock time to go live ("YYYY-MM-DDTHH:mm"), or '' when not scheduled (ADR 0040). */
  publish_at: string;
  team: TeamMemberValues[];
  image_url: string;
  gallery: GalleryItem[];
  testimonials: TestimonialValues[];
}

export type ProjectFormTab = 'details' | 'media' | 'testimonials';

/** Default rating of a new testimonial. */
export const DEFAULT_RATING = 5;

let keySequence = 0;
/** A key unique within this page. */
export function newKey(prefix: string): string {
  keySequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${keySequence}`;
}

/** A timestamp id that never repeats within the page, even for two testimonials added in one millisecond. */
let lastTestimonialId = 0;
export function newTestimonialId(): number {
  lastTestimonialId = Math.max(Date.now(), lastTestimonialId + 1);
  return lastTestimonialId;
}

export function newProjectValues(): ProjectFormValues {
  return {
    title: '',
    short_description: '',
    description: '',
    client: '',
    industry: DEFAULT_INDUSTRY,
    category: '',
    technologies: '',
    results: '',
    technical_specs: '',
    completion_date: '',
    status: 'progress',
    live_url: '',
    case_study_url: '',
    seo_title: '',
    seo_description: '',
    share_image_url: '',
    featured: false,
    colorful: false,
    published: true,
    publish_at: '',
    team: [],
    image_url: '',
    gallery: [],
    testimonials: [],
  };
}

export function newTeamMember(): TeamMemberValues {
  return { key: newKey('member'), name: '', role: '', bio: '', image: '' };
}

export function newTestimonial(): TestimonialValues {
  return { id: newTestimonialId(), name: '', position: '', company: '', text: '', rating: DEFAULT_RATING };
}

export function galleryItem(url: string, title: string | null = ''): GalleryItem {
  return { key: newKey('image'), url, title: title ?? '' };
}

/**
 * The Industry select's option for a stored industry, matched whatever its letter case: the demo projects
 * (and the public filter) spell it "E-Commerce", the form's documented option is "E-commerce". Filters
 * compare industries case-insensitively, so saving the documented spelling changes nothing for visitors.
 * An industry that is no option stays as it is (the select adds it).
 */
export function industryOption(industry: string): string {
  const wanted = industry.trim().toLowerCase();
  return adminIndustryOptions.find((option) => option.toLowerCase() === wanted) ?? industry;
}

/** A stored project in the form; its publish time in the site's time zone. */
export function projectToValues(project: ProjectDetail, siteTimeZone: string): ProjectFormValues {
  return {
    title: project.title,
    short_description: project.short_description,
    description: project.description ?? '',
    client: project.client,
    industry: industryOption(project.industry || DEFAULT_INDUSTRY),
    category: project.category ?? '',
    technologies: project.technologies.join(', '),
    results: project.results ?? '',
    technical_specs: project.technical_specs ?? '',
    completion_date: project.completion_date ?? '',
    status: project.status,
    live_url: project.live_url ?? '',
    case_study_url: project.case_study_url ?? '',
    seo_title: project.seo_title ?? '',
    seo_description: project.seo_description ?? '',
    share_image_url: project.share_image_url ?? '',
    featured: project.featured,
    colorful: project.colorful,
    published: project.published ?? true,
    publish_at: project.publish_at ? toSiteLocal(project.publish_at, siteTimeZone) : '',
    team: project.team.map((member) => ({
      key: newKey('member'),
      name: member.name,
      role: member.role ?? '',
      bio: member.bio ?? '',
      image: member.image ?? '',
    })),
    image_url: project.image_url ?? '',
    gallery: project.gallery.map((image) => galleryItem(image.url, image.title)),
    testimonials: project.testimonials.map((t) => ({
      id: t.id,
      name: t.name,
      position: t.position ?? '',
      company: t.company ?? '',
      text: t.text,
      rating: t.rating,
    })),
  };
}

const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The values the server stores, by the same rules (trimmed, blanks as null, technologies split on
 * commas with empties and duplicates dropped, empty team rows and testimonials left out).
 */
export function valuesToInput(values: ProjectFormValues): ProjectInputValues {
  return {
    title: values.title.trim(),
    short_description: values.short_description.trim(),
    client: values.client.trim(),
    results: values.results.trim(),
    technologies: splitTechnologies(values.technologies),
    description: optional(values.description),
    technical_specs: optional(values.technical_specs),
    industry: values.industry.trim() || DEFAULT_INDUSTRY,
    category: optional(values.category),
    status: values.status,
    completion_date: optional(values.completion_date),
    image_url: optional(values.image_url),
    live_url: optional(values.live_url),
    case_study_url: optional(values.case_study_url),
    seo_title: optional(values.seo_title),
    seo_description: optional(values.seo_description),
    share_image_url: optional(values.share_image_url),
    gallery: values.gallery.map((image) => ({ url: image.url.trim(), title: optional(image.title) })),
    team: values.team
      .filter((m) => m.name.trim() || m.role.trim() || m.bio.trim() || m.image.trim())
      .map((m) => ({ name: m.name.trim(), role: optional(m.role), bio: optional(m.bio), image: optional(m.image) })),
    testimonials: values.testimonials
      .filter((t) => t.name.trim() || t.text.trim() || t.position.trim() || t.company.trim())
      .map((t) => ({
        name: t.name.trim(),
        position: optional(t.position),
        company: optional(t.company),
        text: t.text.trim(),
        rating: t.rating,
      })),
    featured: values.featured,
    colorful: values.colorful,
    published: values.published,
  };
}

export interface FormProblem {
  /** A top-level field of the form ('title', 'gallery', 'testimonials', ...). */
  field: string;
  /** The path below it ('2.name' for the third testimonial's name). */
  path: string;
  message: string;
}

/** The problems of the form in the documented order (title, short text, client, results, technologies, ...). */
export function projectProblems(values: ProjectFormValues, siteTimeZone: string): FormProblem[] {
  const result = projectInputSchema.safeParse(valuesToInput(values));
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const [field, ...rest] = issue.path.map(String);
        return { field: field ?? 'title', path: rest.join('.'), message: issue.message };
      });
  const schedule = publishAtOfField(values.publish_at, siteTimeZone);
  if ('error' in schedule) problems.push({ field: 'publish_at', path: '', message: schedule.error });
  return problems;
}

/** The tab a field is on. */
export function tabOfField(field: string): ProjectFormTab {
  if (field === 'image_url' || field === 'gallery') return 'media';
  if (field === 'testimonials') return 'testimonials';
  return 'details';
}

/** The technologies field with a quick-pick added; a name already there (any letter case) changes nothing. */
export function addTechnology(field: string, name: string): string {
  const current = splitTechnologies(field);
  if (current.some((existing) => existing.toLowerCase() === name.toLowerCase())) return field;
  return [...current, name].join(', ');
}

/** The first two technologies of the table, each cut at 8 characters, and how many more there are. */
export const TABLE_TECHNOLOGIES = 2;
export const TABLE_TECHNOLOGY_LENGTH = 8;

export function tableTechnologies(technologies: readonly string[]): {
  /** `cut`: the label is shorter than the name. */
  shown: Array<{ name: string; label: string; cut: boolean }>;
  more: number;
} {
  return {
    shown: technologies.slice(0, TABLE_TECHNOLOGIES).map((name) => {
      const cut = [...name].length > TABLE_TECHNOLOGY_LENGTH;
      return { name, label: cut ? [...name].slice(0, TABLE_TECHNOLOGY_LENGTH).join('') : name, cut };
    }),
    more: Math.max(0, technologies.length - TABLE_TECHNOLOGIES),
  };
}
