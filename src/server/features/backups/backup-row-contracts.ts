import { analyticsEventRequestSchema } from '../../../shared/contracts/analytics';
import { appSettingsSchema } from '../../../shared/contracts/app-settings';
import { DEFAULT_FIRST_ADMIN_EMAIL, registerRequestSchema, roles, userStatuses } from '../../../shared/contracts/auth';
import { backupScheduleInputSchema } from '../../../shared/contracts/backups';
import { commentStatuses } from '../../../shared/contracts/blog.values';
import { blogCategoryUpdateSchema, blogPostInputSchema } from '../../../shared/contracts/blog-admin';
import { certificateStatusSchema, recipientTypeSchema } from '../../../shared/contracts/certificates';
import { isCertificateNumber } from '../../../shared/contracts/certificates.values';
import {
  companyProfileSchema,
  companyWriteSchema,
  SEO_SETTINGS_KEY,
  seoSettingsSchema,
  socialLinkSchema,
} from '../../../shared/contracts/company';
import { contactPriorities, contactSources, contactStatuses } from '../../../shared/contracts/contacts.values';
import { variantFormats, variantLabels } from '../../../shared/contracts/image-variants';
import { isEmailAddress, storedSubscriberStatuses } from '../../../shared/contracts/newsletter.values';
import { notificationKinds, notificationTypes } from '../../../shared/contracts/notifications';
import { projectStatuses } from '../../../shared/contracts/portfolio.values';
import { projectInputSchema } from '../../../shared/contracts/portfolio-admin';
import {
  pricingPackageWriteSchema,
  serviceWriteSchema,
  teamMemberWriteSchema,
  testimonialWriteSchema,
} from '../../../shared/contracts/site-content';
import { revisionKinds } from '../../../shared/contracts/revisions';
import { systemSettingsSchema } from '../../../shared/contracts/system-settings';
import { SYSTEM_SETTINGS_KEY } from '../../../shared/contracts/system-settings.values';
import { signInPolicySchema, SIGN_IN_POLICY_KEY } from '../../../shared/contracts/two-factor';
import { passkeyCredentialIdSchema, passkeyTransportsSchema } from '../../../shared/contracts/passkeys';
import { uploadCategorySchema } from '../../../shared/contracts/uploads';
import { z } from '../../../shared/zod';
import { REVISIONED_TABLES as revisionedTables } from '../../revisions/revision-store';
import { SCHEDULE_SETTING } from './backups.service';

/*
 * The API's own contracts for the values of restored rows (ADR 0032): a column whose values the API
 * constrains (an enum, a slug, an e-mail address, an address, JSON of a shape the API defines) is checked
 * with the very schema or check the API uses, imported from shared/contracts. Where the API's write schema
 * is stricter than what the site legitimately stores (values the server sets itself, older statuses the
 * lists still allow), the stored form is what is checked: the enum of stored values, the answer's schema.
 * A null passes here: whether the column may be null is the column rule's business (backup-row-checks.ts).
 */

/** A column's contract, or a function of the whole row choosing it (a settings value depends on its key). */
export type ColumnContract = z.ZodType | ((row: Record<string, unknown>) => z.ZodType | undefined);

/** JSON text whose value must pass `shape`. */
const jsonText = (shape: z.ZodType) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON text' });
        return z.NEVER;
      }
    })
    .pipe(shape);

/** An address the public pages and forms accept (the pattern of zod's z.email(), shared with the forms). */
const emailAddress = z.string().refine(isEmailAddress, 'not an e-mail address');

/** The settings the API reads with a schema, by key: anything else must still be JSON text. */
const SETTING_VALUES = new Map<unknown, z.ZodType>([
  // Read as a partial (fields not yet saved take their defaults), and refused whole when it does not fit.
  [SYSTEM_SETTINGS_KEY, jsonText(systemSettingsSchema.partial())],
  [SEO_SETTINGS_KEY, jsonText(seoSettingsSchema)],
  [SCHEDULE_SETTING, jsonText(backupScheduleInputSchema)],
  [SIGN_IN_POLICY_KEY, jsonText(signInPolicySchema)],
]);
const anyJson = jsonText(z.unknown());
const settingValue = (row: Record<string, unknown>) => SETTING_VALUES.get(row.key) ?? anyJson;

const { gallery, team, testimonials } = projectInputSchema.shape;
const member = teamMemberWriteSchema.shape;

export const ROW_CONTRACTS: Readonly<Record<string, Readonly<Record<string, ColumnContract>>>> = {
  users: {
    role: z.enum(roles),
    status: z.enum(userStatuses),
    username: registerRequestSchema.shape.username,
    // What the API accepts, or the address the server gives the first admin itself.
    email: registerRequestSchema.shape.email.or(z.literal(DEFAULT_FIRST_ADMIN_EMAIL)),
  },
  user_app_settings: {
    theme_mode: appSettingsSchema.shape.theme.shape.mode,
    font_size: appSettingsSchema.shape.theme.shape.fontSize,
    notification_position: appSettingsSchema.shape.notifications.shape.position,
    time_format: appSettingsSchema.shape.localization.shape.timeFormat,
  },
  company_profile: {
    email: companyProfileSchema.shape.email,
    hero_video_url: companyWriteSchema.shape.heroVideoUrl,
    hero_poster_url: companyWriteSchema.shape.heroPosterUrl,
  },
  social_links: {
    platform: socialLinkSchema.shape.platform,
    url: socialLinkSchema.shape.url,
  },
  services: {
    image_url: serviceWriteSchema.shape.image_url,
    background_url: serviceWriteSchema.shape.background_url,
  },
  team_members: {
    image: member.image,
    linkedin: member.linkedin,
    github: member.github,
    twitter: member.twitter,
    email: member.email,
  },
  testimonials: {
    image: testimonialWriteSchema.shape.image,
    rating: testimonialWriteSchema.shape.rating,
  },
  pricing_packages: {
    cta_url: pricingPackageWriteSchema.shape.cta_url,
  },
  blog_categories: {
    slug: blogCategoryUpdateSchema.shape.slug,
    color: blogCategoryUpdateSchema.shape.color,
  },
  blog_posts: {
    slug: blogPostInputSchema.shape.slug,
    image_url: blogPostInputSchema.shape.image_url,
  },
  blog_comments: {
    status: z.enum(commentStatuses),
    email: emailAddress,
  },
  uploads: {
    category: uploadCategorySchema,
  },
  upload_variants: {
    label: z.enum(variantLabels),
    format: z.enum(variantFormats),
  },
  portfolio_projects: {
    status: z.enum(projectStatuses),
    image_url: projectInputSchema.shape.image_url,
    live_url: projectInputSchema.shape.live_url,
    case_study_url: projectInputSchema.shape.case_study_url,
    share_image_url: projectInputSchema.shape.share_image_url,
  },
  project_gallery_images: {
    url: gallery.element.shape.url,
  },
  project_team_members: {
    image: team.element.shape.image,
  },
  project_testimonials: {
    rating: testimonials.element.shape.rating,
  },
  contacts: {
    status: z.enum(contactStatuses),
    priority: z.enum(contactPriorities),
    source: z.enum(contactSources),
    email: emailAddress,
  },
  certificates: {
    certificate_number: z.string().refine(isCertificateNumber, 'not a certificate number (SST-YYYY-NNNNN)'),
    recipient_type: recipientTypeSchema,
    status: certificateStatusSchema,
  },
  analytics_events: {
    event_type: analyticsEventRequestSchema.shape.event_type,
    custom_data: jsonText(analyticsEventRequestSchema.shape.custom_data),
  },
  settings: {
    value: settingValue,
  },
  notifications: {
    type: z.enum(notificationTypes),
    kind: z.enum(notificationKinds),
  },
  newsletter_subscribers: {
    // The stored two values: pending and bounced are read from confirmed_at and bounced_at (ADR 0046).
    status: z.enum(storedSubscriberStatuses),
    email: emailAddress,
  },
  revisions: {
    item_type: z.enum(revisionedTables),
    kind: z.enum(revisionKinds),
    snapshot: jsonText(z.record(z.string(), z.unknown())),
    changed_fields: jsonText(z.array(z.string())),
  },
  autosaves: {
    item_type: z.enum(['blog_posts', 'portfolio_projects']),
    data: jsonText(z.record(z.string(), z.unknown())),
  },
  webauthn_credentials: {
    credential_id: passkeyCredentialIdSchema,
    transports: jsonText(passkeyTransportsSchema),
  },
};

/** The contract of this column for this row, if the API has one. */
export function contractOf(table: string, column: string, row: Record<string, unknown>): z.ZodType | undefined {
  const contract = ROW_CONTRACTS[table]?.[column];
  return typeof contract === 'function' ? contract(row) : contract;
}
