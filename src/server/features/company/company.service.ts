import type { Kysely } from 'kysely';
import {
  SEO_SETTINGS_KEY,
  seoSettingsSchema,
  socialPlatformLabels,
  type CompanyProfile,
  type CompanyWrite,
  type SeoSettings,
  type SeoWrite,
  type SocialLink,
} from '../../../shared/contracts/company';
import { ErrorMessage } from '../../../shared/errors';
import { readSetting, writeSetting } from '../../plugins/settings.repository';
import type { DB } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { writeTransaction } from '../../db/write-conflicts';
import { findProfile, listCoreServices, listSocialLinks, replaceProfile } from './company.repository';

export async function getCompanyProfile(db: Kysely<DB>): Promise<CompanyProfile> {
  const [profile, services, links] = await Promise.all([findProfile(db), listCoreServices(db), listSocialLinks(db)]);
  if (!profile) throw notFound(ErrorMessage.COMPANY_NOT_CONFIGURED);
  return {
    name: profile.name,
    founder: profile.founder,
    location: profile.location,
    email: profile.email,
    phone: profile.phone,
    whatsapp: profile.whatsapp,
    valueProposition: profile.value_proposition,
    coreServices: services.map((s) => s.name),
    tagline: profile.tagline,
    description: profile.description,
    socialLinks: links.map((l) => ({ ...l, platform: l.platform as SocialLink['platform'] })),
    heroVideoUrl: profile.hero_video_url,
    heroPosterUrl: profile.hero_poster_url,
  };
}

/** Replaces the company profile, its core services and social links (PUT /api/company), then reads it back. */
export async function updateCompanyProfile(db: Kysely<DB>, input: CompanyWrite): Promise<CompanyProfile> {
  await writeTransaction(db, (trx) =>
    replaceProfile(
      trx,
      {
        name: input.name,
        founder: input.founder,
        location: input.location,
        email: input.email,
        phone: input.phone,
        whatsapp: input.whatsapp,
        value_proposition: input.valueProposition,
        tagline: input.tagline,
        description: input.description,
        hero_video_url: input.heroVideoUrl,
        hero_poster_url: input.heroPosterUrl,
        updated_at: new Date().toISOString(),
      },
      input.coreServices,
      input.socialLinks.map((link) => ({ ...link, title: socialPlatformLabels[link.platform] })),
    ),
  );
  return getCompanyProfile(db);
}

/**
 * The SEO settings (the settings row 'seo'); before any are saved, the company's name and tagline as the
 * site title and its value proposition as the description.
 */
export async function getSeoSettings(db: Kysely<DB>): Promise<SeoSettings> {
  const stored = seoSettingsSchema.safeParse(await readSetting(db, SEO_SETTINGS_KEY));
  if (stored.success) return stored.data;
  const profile = await findProfile(db);
  return {
    siteTitle: profile ? `${profile.name} | ${profile.tagline}` : '',
    metaDescription: profile?.value_proposition ?? '',
    keywords: [],
    analyticsId: '',
  };
}

/** Saves the SEO settings, keeping any other values stored in the row. */
export async function updateSeoSettings(db: Kysely<DB>, input: SeoWrite): Promise<SeoSettings> {
  await writeTransaction(db, async (trx) => {
    const current = await readSetting(trx, SEO_SETTINGS_KEY);
    const others = current && typeof current === 'object' && !Array.isArray(current) ? current : {};
    await writeSetting(trx, SEO_SETTINGS_KEY, { ...others, ...input });
  });
  return getSeoSettings(db);
}
