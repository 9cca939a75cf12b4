import { z } from '../zod';

/* The public calls of the landing content: GET /api/services, /api/team,
 * /api/testimonials, /api/packages, /api/internships and /api/tech-stack. Visible items only, in order. */

const nullableText = z.string().nullable();

export const serviceCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  icon: nullableText,
  image_url: nullableText,
  background_url: nullableText,
  light: z.boolean(),
  featured: z.boolean(),
});

export const teamMemberCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  bio: nullableText,
  image: nullableText,
  skills: z.array(z.string()),
  social: z.object({ linkedin: nullableText, github: nullableText, twitter: nullableText, email: nullableText }),
});

export const testimonialCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: nullableText,
  company: nullableText,
  text: z.string(),
  rating: z.number().int().min(1).max(5),
  image: nullableText,
});

export const pricingPackageCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: nullableText,
  price: nullableText,
  cta_text: z.string(),
  cta_url: z.string(),
  features: z.array(z.string()),
});

export const internshipCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  duration: z.string(),
  level: z.string(),
  description: z.string(),
  hours_per_week: nullableText,
  skills: z.array(z.string()),
  requirements: z.array(z.string()),
});

export const techStackGroupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  items: z.array(z.string()),
});

/**
 * GET /api/services: visible cards only (`active=true`, the spec client's call, is accepted and changes
 * nothing; hidden cards are for staff); `featured=true` keeps the featured ones, `false` the others.
 */
export const serviceListQuerySchema = z.object({
  active: z.literal('true', { error: 'active must be true: hidden services are not public' }).optional(),
  featured: z.enum(['true', 'false'], { error: 'featured must be true or false' }).optional(),
});
export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;

// ---------------------------------------------------------------- staff calls

/*
 * Staff write the landing content through /api/{collection}: GET /admin (hidden items too), POST, PUT /{id},
 * PATCH /{id}/visibility, PUT /order and DELETE /{id}. Editors and admins write; viewers read.
 */

const count = (value: string) => [...value].length;

/** A required one-line text of at most `max` characters. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => count(v) <= max, `${label} must be at most ${max} characters`);

/** An optional text: blank or absent is null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((v) => count(v) <= max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ADDRESS_MESSAGE = 'Use a web address starting with https:// or a site path starting with /';

/** True for a site path (/images/a.png) or an http(s) address. */
export function isSiteAddress(value: string): boolean {
  if (/^\/(?!\/)[^\s]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** An image or link address: a site path or an http(s) address; blank is null. */
const optionalAddress = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((v) => count(v) <= 500, `${label} must be at most 500 characters`)
    .refine((v) => v === '' || isSiteAddress(v), `${label}: ${ADDRESS_MESSAGE}`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A list of short texts (skills, features…): trimmed, blanks dropped, no repeats, at most `maxItems`. */
const textList = (label: string, maxItems: number, maxLength: number) =>
  z
    .array(z.string({ error: `Each ${label} must be text` }), { error: `${label}s must be a list` })
    .max(maxItems * 4, `At most ${maxItems} ${label}s`)
    .default([])
    .transform((items) => items.map((item) => item.trim()).filter(Boolean))
    .refine((items) => items.length <= maxItems, `At most ${maxItems} ${label}s`)
    .refine(
      (items) => items.every((item) => count(item) <= maxLength),
      `Each ${label} must be at most ${maxLength} characters`,
    )
    .refine(
      (items) => new Set(items.map((item) => item.toLowerCase())).size === items.length,
      `Each ${label} may appear only once`,
    );

const flag = (label: string, fallback: boolean) =>
  z.boolean({ error: `${label} must be true or false` }).default(fallback);

export const serviceWriteSchema = z.object({
  title: requiredText('Title', 200),
  text: requiredText('Text', 2000),
  icon: optionalText('Icon', 100),
  image_url: optionalAddress('Image'),
  background_url: optionalAddress('Background image'),
  light: flag('Light', false),
  featured: flag('Featured', false),
  active: flag('Visible', true),
});

export const teamMemberWriteSchema = z.object({
  name: requiredText('Name', 200),
  position: requiredText('Position', 200),
  bio: optionalText('Bio', 2000),
  image: optionalAddress('Image'),
  skills: textList('skill', 12, 100),
  linkedin: optionalAddress('LinkedIn'),
  github: optionalAddress('GitHub'),
  twitter: optionalAddress('Twitter'),
  email: z
    .string({ error: 'E-mail must be text' })
    .trim()
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid e-mail address')
    .refine((v) => count(v) <= 320, 'E-mail must be at most 320 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  active: flag('Visible', true),
});

export const testimonialWriteSchema = z.object({
  name: requiredText('Name', 200),
  position: optionalText('Position', 200),
  company: optionalText('Company', 200),
  text: requiredText('Text', 2000),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5')
    .default(5),
  image: optionalAddress('Image'),
  active: flag('Visible', true),
});

export const pricingPackageWriteSchema = z.object({
  title: requiredText('Title', 200),
  description: optionalText('Description', 1000),
  price: optionalText('Price', 100),
  cta_text: z
    .string({ error: 'Button text must be text' })
    .trim()
    .refine((v) => count(v) <= 100, 'Button text must be at most 100 characters')
    .nullish()
    .transform((v) => v || 'Get Started'),
  cta_url: z
    .string({ error: 'Button link must be text' })
    .trim()
    .refine((v) => count(v) <= 500, 'Button link must be at most 500 characters')
    .refine(
      (v) => v === '' || /^#[\w-]+$/.test(v) || isSiteAddress(v),
      `Button link: ${ADDRESS_MESSAGE}, or an anchor such as #get-quote`,
    )
    .nullish()
    .transform((v) => v || '#get-quote'),
  features: textList('feature', 20, 500),
  active: flag('Visible', true),
});

export const internshipWriteSchema = z.object({
  title: requiredText('Title', 200),
  duration: requiredText('Duration', 100),
  level: requiredText('Level', 100),
  description: requiredText('Description', 2000),
  hours_per_week: optionalText('Hours per week', 100),
  skills: textList('skill', 12, 100),
  requirements: textList('requirement', 12, 500),
  active: flag('Visible', true),
});

export const techStackGroupWriteSchema = z.object({
  title: requiredText('Title', 100),
  items: textList('technology', 20, 100),
  active: flag('Visible', true),
});

export const visibilityRequestSchema = z.object({
  active: z.boolean({ error: 'active must be true or false' }),
});

/** PUT /api/{collection}/order: every id of the collection, once, in the new order. */
export const orderRequestSchema = z.object({
  ids: z
    .array(
      z.number({ error: 'ids must be whole numbers' }).int('ids must be whole numbers').min(1).max(2_147_483_647),
      {
        error: 'ids must be a list of ids',
      },
    )
    .min(1, 'ids must name every item')
    .max(500, 'ids must name every item')
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear only once'),
});

export const SiteContentStaffMessage = {
  ORDER_CHANGED: 'The list has changed since it was loaded. Please reload it and try again.',
} as const;
