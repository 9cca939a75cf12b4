import { z } from '../zod';
import { ANALYTICS_ID_PATTERN } from './company.values';
import { expectedVersion } from './revisions';

export const socialPlatforms = ['linkedin', 'twitter', 'instagram', 'threads', 'facebook', 'github'] as const;

export const socialLinkSchema = z.object({
  id: z.number().int(),
  platform: z.enum(socialPlatforms),
  title: z.string(),
  url: z.url(),
});

/** The company profile as the public API returns it (GET /api/company). */
export const companyProfileSchema = z.object({
  name: z.string(),
  founder: z.string(),
  location: z.string(),
  email: z.email(),
  phone: z.string(),
  whatsapp: z.string(),
  valueProposition: z.string(),
  coreServices: z.array(z.string()),
  tagline: z.string(),
  description: z.string(),
  socialLinks: z.array(socialLinkSchema),
  /** The hero's looping background video and its poster (a site path or https address); null: none. */
  heroVideoUrl: z.string().nullable(),
  heroPosterUrl: z.string().nullable(),
});

export type SocialLink = z.infer<typeof socialLinkSchema>;
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

const chars = (value: string) => [...value].length;
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => chars(v) <= max, `${label} must be at most ${max} characters`);

/** A video or image address: a site path (/demo/hero.webm) or an https address; blank is null. */
const mediaAddress = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine(
      (v) => v === '' || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/\S+$/.test(v),
      `${label}: use a site path starting with / or an address starting with https://`,
    )
    .nullish()
    .transform((v) => (v ? v : null));

/** The names the social platforms are shown by (the link's title). */
export const socialPlatformLabels: Record<(typeof socialPlatforms)[number], string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  instagram: 'Instagram',
  threads: 'Threads',
  facebook: 'Facebook',
  github: 'GitHub',
};

/**
 * PUT /api/company: every field of the profile, the core services (the quote form's choices and
 * the footer's list) and the social links, each platform at most once with an https address. The whole
 * profile is replaced; lists keep the order given.
 */
export const companyWriteSchema = z.object({
  name: required('Company name', 200),
  founder: required('Founder', 200),
  location: required('Location', 200),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid e-mail address').max(320, 'Email must be at most 320 characters')),
  phone: required('Phone', 50),
  whatsapp: required('WhatsApp', 50),
  valueProposition: required('Value proposition', 500),
  tagline: required('Tagline', 300),
  description: required('Description', 5000),
  heroVideoUrl: mediaAddress('Hero video'),
  heroPosterUrl: mediaAddress('Hero poster image'),
  coreServices: z
    .array(z.string({ error: 'Each core service must be text' }), { error: 'Core services must be a list' })
    .max(40, 'At most 10 core services')
    .transform((items) => items.map((item) => item.trim()).filter(Boolean))
    .refine((items) => items.length >= 1, 'Name at least one core service')
    .refine((items) => items.length <= 10, 'At most 10 core services')
    .refine((items) => items.every((item) => chars(item) <= 200), 'Each core service must be at most 200 characters')
    .refine(
      (items) => new Set(items.map((item) => item.toLowerCase())).size === items.length,
      'Each core service may appear only once',
    ),
  socialLinks: z
    .array(
      z.object({
        platform: z.enum(socialPlatforms, { error: `Platform must be one of: ${socialPlatforms.join(', ')}` }),
        url: z
          .string({ error: 'The address is required' })
          .trim()
          .max(500, 'The address must be at most 500 characters')
          .pipe(z.url({ protocol: /^https$/, error: 'Use an address starting with https://' })),
      }),
      { error: 'Social links must be a list' },
    )
    .max(socialPlatforms.length, `At most ${socialPlatforms.length} social links`)
    .refine(
      (links) => new Set(links.map((link) => link.platform)).size === links.length,
      'Each platform may appear only once',
    ),
});
export type CompanyWrite = z.infer<typeof companyWriteSchema>;

/**
 * Staff's copy (GET /api/company/admin) and their save (PUT /api/company): with the profile's version
 * (ADR 0041), 0 before the profile was ever saved, when every field is empty. A save naming another version than the stored one is
 * refused with 409 STALE_VERSION.
 */
export const companyAdminSchema = companyProfileSchema.extend({
  /** '' (as every field) before the profile was ever saved. */
  email: z.string(),
  version: z.number().int(),
});
export type CompanyAdmin = z.infer<typeof companyAdminSchema>;
export const companySaveSchema = companyWriteSchema.extend({ version: expectedVersion(0).optional() });

// ---------------------------------------------------------------- SEO settings

/** The settings row that holds them. */
export const SEO_SETTINGS_KEY = 'seo';

/** What every page's meta tags start from: the home page's title, the default description, keywords. */
export const seoSettingsSchema = z.object({
  siteTitle: z.string(),
  metaDescription: z.string(),
  keywords: z.array(z.string()),
  /** A Google Analytics 4 measurement ID (G-…); '' for none. */
  analyticsId: z.string().default(''),
});

export type SeoSettings = z.infer<typeof seoSettingsSchema>;

/** PUT /api/company/seo. */
export const seoWriteSchema = z.object({
  siteTitle: required('Site title', 120),
  metaDescription: required('Meta description', 300),
  keywords: z
    .array(z.string({ error: 'Each keyword must be text' }), { error: 'Keywords must be a list' })
    .max(80, 'At most 20 keywords')
    .transform((items) => items.map((item) => item.trim()).filter(Boolean))
    .refine((items) => items.length <= 20, 'At most 20 keywords')
    .refine((items) => items.every((item) => chars(item) <= 50), 'Each keyword must be at most 50 characters')
    .refine(
      (items) => new Set(items.map((item) => item.toLowerCase())).size === items.length,
      'Each keyword may appear only once',
    ),
  analyticsId: z
    .string({ error: 'Analytics ID must be text' })
    .trim()
    .toUpperCase()
    .refine(
      (v) => v === '' || ANALYTICS_ID_PATTERN.test(v),
      'Analytics ID must be a Google Analytics 4 measurement ID such as G-1A2B3C4D5E, or empty',
    )
    .default(''),
});
export type SeoWrite = z.infer<typeof seoWriteSchema>;

/** Staff's copy (GET /api/company/seo/admin) and their save (PUT /api/company/seo), versioned as the profile. */
export const seoAdminSchema = seoSettingsSchema.extend({ version: z.number().int() });
export type SeoAdmin = z.infer<typeof seoAdminSchema>;
export const seoSaveSchema = seoWriteSchema.extend({ version: expectedVersion(0).optional() });
