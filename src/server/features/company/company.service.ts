import type { Kysely } from 'kysely';
import {
  SEO_SETTINGS_KEY,
  seoSettingsSchema,
  socialPlatformLabels,
  type CompanyAdmin,
  type CompanyProfile,
  type CompanyWrite,
  type SeoAdmin,
  type SeoSettings,
  type SeoWrite,
  type SocialLink,
} from '../../../shared/contracts/company';
import { ErrorMessage } from '../../../shared/errors';
import { lockSettingRow, readSetting, settingRowId, writeSetting } from '../../db/settings.repository';
import type { DB } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { writeTransaction } from '../../db/write-conflicts';
import {
  claimVersion,
  recordRevision,
  staleVersion,
  type SaveOptions,
  type Snapshot,
} from '../../revisions/revision-store';
import { findProfile, listCoreServices, listSocialLinks, lockProfile, replaceProfile } from './company.repository';

/*
 * The company profile and the SEO settings: single items, versioned and revisioned like the others (ADR
 * 0041). Their version is 0 before they were ever saved; a save naming another version than the stored one
 * is refused (409) and changes nothing.
 */

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

/**
 * What the pages are drawn with: the profile, or before it was ever saved a stand-in named "New website"
 * with no contacts. Only the admin's pages meet the stand-in: visitors get the setup page until then
 * (pages/setup-page.ts).
 */
export async function companyForPages(db: Kysely<DB>): Promise<CompanyProfile> {
  try {
    return await getCompanyProfile(db);
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    const { version: _version, ...empty } = EMPTY_PROFILE;
    return { ...empty, name: 'New website' };
  }
}

/** The profile before it was ever saved: every field empty, for staff to fill in. */
const EMPTY_PROFILE: CompanyAdmin = {
  name: '',
  founder: '',
  location: '',
  email: '',
  phone: '',
  whatsapp: '',
  valueProposition: '',
  coreServices: [],
  tagline: '',
  description: '',
  socialLinks: [],
  heroVideoUrl: null,
  heroPosterUrl: null,
  version: 0,
};

/** The profile with its version, for staff (GET /api/company/admin); empty, version 0, before the first save. */
export async function getCompanyAdmin(db: Kysely<DB>): Promise<CompanyAdmin> {
  const row = await findProfile(db);
  if (!row) return EMPTY_PROFILE;
  return { ...(await getCompanyProfile(db)), version: Number(row.version) };
}

/** The profile's revisioned fields, as PUT /api/company takes them; undefined before it was ever saved. */
export async function companyRevisionFields(db: Kysely<DB>): Promise<Snapshot | undefined> {
  const [profile, services, links] = await Promise.all([findProfile(db), listCoreServices(db), listSocialLinks(db)]);
  if (!profile) return undefined;
  return {
    name: profile.name,
    founder: profile.founder,
    tagline: profile.tagline,
    location: profile.location,
    email: profile.email,
    phone: profile.phone,
    whatsapp: profile.whatsapp,
    valueProposition: profile.value_proposition,
    description: profile.description,
    coreServices: services.map((s) => s.name),
    heroVideoUrl: profile.hero_video_url,
    heroPosterUrl: profile.hero_poster_url,
    socialLinks: links.map((l) => ({ platform: l.platform, url: l.url })),
  };
}

/**
 * Replaces the company profile, its core services and social links (PUT /api/company), keeps the saved
 * state as a revision, then reads it back.
 */
export async function updateCompanyProfile(
  db: Kysely<DB>,
  input: CompanyWrite,
  save: SaveOptions = {},
): Promise<CompanyAdmin> {
  await writeTransaction(db, async (trx) => {
    const current = await lockProfile(trx);
    const claimed = current && (await claimVersion(trx, 'company_profile', current.id, save.version));
    if (!current && save.version) throw staleVersion(save.version, 0);
    const before = current ? ((await companyRevisionFields(trx)) ?? null) : null;
    const now = new Date().toISOString();
    const id = await replaceProfile(
      trx,
      current?.id,
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
        updated_at: now,
      },
      input.coreServices,
      input.socialLinks.map((link) => ({ ...link, title: socialPlatformLabels[link.platform] })),
    );
    const after = await companyRevisionFields(trx);
    if (!after) return;
    await recordRevision(trx, {
      table: 'company_profile',
      id,
      // A new row starts at the column's default version, 1.
      version: claimed ?? 1,
      before,
      after,
      beforeAt: current?.updated_at,
      save,
      now,
    });
  });
  return getCompanyAdmin(db);
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

/** The SEO settings with their version, for staff (GET /api/company/seo/admin). */
export async function getSeoAdmin(db: Kysely<DB>): Promise<SeoAdmin> {
  const [settings, row] = await Promise.all([
    getSeoSettings(db),
    db.selectFrom('settings').select('version').where('key', '=', SEO_SETTINGS_KEY).executeTakeFirst(),
  ]);
  return { ...settings, version: row ? Number(row.version) : 0 };
}

/** The SEO settings' revisioned fields, as PUT /api/company/seo takes them; undefined before any were saved. */
export async function seoRevisionFields(db: Kysely<DB>): Promise<Snapshot | undefined> {
  const stored = seoSettingsSchema.safeParse(await readSetting(db, SEO_SETTINGS_KEY));
  return stored.success ? { ...stored.data } : undefined;
}

/** Saves the SEO settings, keeping any other values stored in the row, and the saved state as a revision. */
export async function updateSeoSettings(db: Kysely<DB>, input: SeoWrite, save: SaveOptions = {}): Promise<SeoAdmin> {
  await writeTransaction(db, async (trx) => {
    const current = await lockSettingRow(trx, SEO_SETTINGS_KEY);
    const claimed = current && (await claimVersion(trx, 'settings', current.id, save.version));
    if (!current && save.version) throw staleVersion(save.version, 0);
    const stored = await readSetting(trx, SEO_SETTINGS_KEY);
    const others = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
    const before = seoSettingsSchema.safeParse(stored);
    const after = seoSettingsSchema.parse({ ...others, ...input });
    await writeSetting(trx, SEO_SETTINGS_KEY, { ...others, ...input });
    const id = current?.id ?? (await settingRowId(trx, SEO_SETTINGS_KEY));
    if (id === undefined) return;
    await recordRevision(trx, {
      table: 'settings',
      id,
      // A new row starts at the column's default version, 1.
      version: claimed ?? 1,
      before: current && before.success ? { ...before.data } : null,
      after: { ...after },
      beforeAt: current?.updated_at,
      save,
      now: new Date().toISOString(),
    });
  });
  return getSeoAdmin(db);
}
