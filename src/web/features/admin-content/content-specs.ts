import {
  internshipWriteSchema,
  pricingPackageWriteSchema,
  serviceWriteSchema,
  teamMemberWriteSchema,
  techStackGroupWriteSchema,
  testimonialWriteSchema,
} from '../../../shared/contracts/site-content';
import { type z } from '../../../shared/zod';

/*
 * The Content tab's collections, described by their fields: one list screen and one form serve all six
 * (the API is one implementation too, src/server/features/site-content/content-collections.ts).
 */

export type FieldKind = 'text' | 'textarea' | 'address' | 'image' | 'email' | 'lines' | 'rating' | 'flag';

export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  max?: number;
  hint?: string;
  placeholder?: string;
  /** Spans both columns of the form. */
  wide?: boolean;
}

/** What a staff item of any collection looks like to the screens: its id, visibility and fields. */
export type ContentItem = { id: number; active: boolean; version?: number } & Record<string, unknown>;
export type FormValues = Record<string, string | boolean | number>;

export interface CollectionSpec {
  /** The section's address (/admin/content/{path}) and the API's (/api/{path}). */
  path: string;
  label: string;
  plural: string;
  description: string;
  fields: FieldSpec[];
  write: z.ZodType;
  title: (item: ContentItem) => string;
  subtitle: (item: ContentItem) => string;
  /** The public section where the items show. */
  anchor: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const collectionSpecs: CollectionSpec[] = [
  {
    path: 'services',
    label: 'Service',
    plural: 'Services',
    description: 'The service cards of the Services section.',
    anchor: 'services',
    write: serviceWriteSchema,
    title: (item) => text(item.title),
    subtitle: (item) => [item.featured ? 'Featured' : '', text(item.icon)].filter(Boolean).join(' · '),
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true, max: 200 },
      {
        name: 'icon',
        label: 'Icon',
        kind: 'text',
        max: 100,
        placeholder: 'Code',
        hint: 'A lucide icon name: Code, Bot, ShoppingCart, Cpu, Smartphone, TrendingUp, Cloud, Database, Globe, Palette, Search, ShieldCheck…',
      },
      { name: 'text', label: 'Text', kind: 'textarea', required: true, max: 2000, wide: true },
      { name: 'image_url', label: 'Image', kind: 'image' },
      { name: 'background_url', label: 'Background image', kind: 'image' },
      { name: 'featured', label: 'Featured', kind: 'flag', hint: 'Listed by GET /api/services?featured=true.' },
      { name: 'light', label: 'Light card', kind: 'flag', hint: 'A tinted card instead of a white one.' },
    ],
  },
  {
    path: 'team',
    label: 'Team member',
    plural: 'Team',
    description: 'The team cards under About.',
    anchor: 'about',
    write: teamMemberWriteSchema,
    title: (item) => text(item.name),
    subtitle: (item) => text(item.position),
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, max: 200 },
      { name: 'position', label: 'Position', kind: 'text', required: true, max: 200 },
      { name: 'bio', label: 'Bio', kind: 'textarea', max: 2000, wide: true },
      { name: 'image', label: 'Photo', kind: 'image', wide: true },
      { name: 'skills', label: 'Skills', kind: 'lines', hint: 'One a line, at most 12.', wide: true },
      { name: 'linkedin', label: 'LinkedIn', kind: 'address', placeholder: 'https://www.linkedin.com/in/…' },
      { name: 'github', label: 'GitHub', kind: 'address', placeholder: 'https://github.com/…' },
      { name: 'twitter', label: 'Twitter', kind: 'address', placeholder: 'https://x.com/…' },
      { name: 'email', label: 'Email', kind: 'email' },
    ],
  },
  {
    path: 'testimonials',
    label: 'Testimonial',
    plural: 'Testimonials',
    description: 'What clients say, in the Testimonials section.',
    anchor: 'testimonials',
    write: testimonialWriteSchema,
    title: (item) => text(item.name),
    subtitle: (item) => [text(item.company), `${String(item.rating)} ★`].filter(Boolean).join(' · '),
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, max: 200 },
      { name: 'rating', label: 'Rating', kind: 'rating', required: true },
      { name: 'position', label: 'Position', kind: 'text', max: 200 },
      { name: 'company', label: 'Company', kind: 'text', max: 200 },
      { name: 'text', label: 'Text', kind: 'textarea', required: true, max: 2000, wide: true },
      { name: 'image', label: 'Photo', kind: 'image', wide: true },
    ],
  },
  {
    path: 'packages',
    label: 'Package',
    plural: 'Pricing',
    description: 'The pricing packages; a package without a price shows “Custom Quote”.',
    anchor: 'pricing',
    write: pricingPackageWriteSchema,
    title: (item) => text(item.title),
    subtitle: (item) => text(item.price) || 'Custom Quote',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true, max: 200 },
      {
        name: 'price',
        label: 'Price',
        kind: 'text',
        max: 100,
        placeholder: 'Starting at $999',
        hint: 'Leave empty for a custom quote.',
      },
      { name: 'description', label: 'Description', kind: 'textarea', max: 1000, wide: true },
      { name: 'features', label: 'Features', kind: 'lines', hint: 'One a line, at most 20.', wide: true },
      { name: 'cta_text', label: 'Button text', kind: 'text', max: 100, placeholder: 'Get Started' },
      {
        name: 'cta_url',
        label: 'Button link',
        kind: 'text',
        max: 500,
        placeholder: '#get-quote',
        hint: '#get-quote opens the quote form with the package named.',
      },
    ],
  },
  {
    path: 'internships',
    label: 'Internship',
    plural: 'Internships',
    description: 'The internship programs; Apply leads to the quote form.',
    anchor: 'internships',
    write: internshipWriteSchema,
    title: (item) => text(item.title),
    subtitle: (item) => [text(item.duration), text(item.level)].filter(Boolean).join(' · '),
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true, max: 200, wide: true },
      { name: 'duration', label: 'Duration', kind: 'text', required: true, max: 100, placeholder: '3-6 months' },
      { name: 'level', label: 'Level', kind: 'text', required: true, max: 100, placeholder: 'Beginner' },
      { name: 'hours_per_week', label: 'Hours per week', kind: 'text', max: 100, placeholder: '20-25 hours/week' },
      { name: 'description', label: 'Description', kind: 'textarea', required: true, max: 2000, wide: true },
      { name: 'skills', label: 'Skills', kind: 'lines', hint: 'One a line, at most 12.' },
      { name: 'requirements', label: 'Requirements', kind: 'lines', hint: 'One a line, at most 12.' },
    ],
  },
  {
    path: 'tech-stack',
    label: 'Technology column',
    plural: 'Technology',
    description: 'The columns of the Technology stack section.',
    anchor: 'how-to-use',
    write: techStackGroupWriteSchema,
    title: (item) => text(item.title),
    subtitle: (item) => (Array.isArray(item.items) ? (item.items as string[]).join(', ') : ''),
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true, max: 100, wide: true },
      { name: 'items', label: 'Technologies', kind: 'lines', hint: 'One a line, at most 20.', wide: true },
    ],
  },
];

/** The form's values of an item (new: empty, visible, rated 5). */
export function valuesOf(spec: CollectionSpec, item: ContentItem | null): FormValues {
  const social = (item?.social ?? {}) as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of spec.fields) {
    const raw = item ? (field.name in item ? item[field.name] : social[field.name]) : undefined;
    if (field.kind === 'flag') values[field.name] = raw === true;
    else if (field.kind === 'rating') values[field.name] = typeof raw === 'number' ? raw : 5;
    else if (field.kind === 'lines') values[field.name] = Array.isArray(raw) ? raw.join('\n') : '';
    else values[field.name] = typeof raw === 'string' ? raw : '';
  }
  values.active = item ? item.active : true;
  return values;
}

/** What POST and PUT send for the form's values. */
export function inputOf(spec: CollectionSpec, values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = { active: values.active === true };
  for (const field of spec.fields) {
    const value = values[field.name];
    input[field.name] =
      field.kind === 'lines'
        ? String(value ?? '')
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : value;
  }
  return input;
}

/** The form's problems by field, checked with the API's own schema. */
export function problemsOf(spec: CollectionSpec, values: FormValues): Record<string, string> {
  const result = spec.write.safeParse(inputOf(spec, values));
  const problems: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      problems[field] ??= issue.message;
    }
  }
  return problems;
}

export const CONTENT_ADMIN_BASE = '/admin/content';
export const COMPANY_SECTION = 'company';
export const SEO_SECTION = 'seo';
export const contentSections = [COMPANY_SECTION, SEO_SECTION, ...collectionSpecs.map((spec) => spec.path)] as const;

/** True when `section` (what follows /admin/content/) names a section: 'company' is /admin/content's too. */
export function isContentSection(section: string): boolean {
  return (contentSections as readonly string[]).includes(section);
}

export function contentPath(section: string): string {
  return section === COMPANY_SECTION ? CONTENT_ADMIN_BASE : `${CONTENT_ADMIN_BASE}/${section}`;
}
