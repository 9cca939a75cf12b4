import type { Insertable, Kysely, Transaction } from 'kysely';
import { forUpdate, mentionsAny } from '../../db/query-helpers';
import { insertReturningId } from '../../db/insert-id';
import type { DB } from '../../db/schema';

export async function findProfile(db: Kysely<DB>) {
  return db.selectFrom('company_profile').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

export async function listCoreServices(db: Kysely<DB>) {
  return db.selectFrom('company_core_services').select(['name']).orderBy('sort_order').orderBy('id').execute();
}

export async function listSocialLinks(db: Kysely<DB>) {
  return db
    .selectFrom('social_links')
    .select(['id', 'platform', 'title', 'url'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** The profile's row (the first), locked until the transaction ends; undefined before it was ever saved. */
export async function lockProfile(trx: Transaction<DB>) {
  return forUpdate(
    trx,
    trx.selectFrom('company_profile').select(['id', 'updated_at']).orderBy('id').limit(1),
  ).executeTakeFirst();
}

/**
 * Replaces the profile (the row `id`, or a new one when there is none), the core services and the social
 * links, in one transaction: the public pages never see half a change. Returns the profile's id.
 */
export async function replaceProfile(
  trx: Transaction<DB>,
  id: number | undefined,
  profile: Omit<Insertable<DB['company_profile']>, 'id'>,
  coreServices: string[],
  socialLinks: Array<{ platform: string; title: string; url: string }>,
): Promise<number> {
  if (id !== undefined) await trx.updateTable('company_profile').set(profile).where('id', '=', id).execute();
  const profileId = id ?? (await insertReturningId(trx, 'company_profile', profile));
  await trx.deleteFrom('company_core_services').execute();
  if (coreServices.length > 0) {
    await trx
      .insertInto('company_core_services')
      .values(coreServices.map((name, sort_order) => ({ name, sort_order })))
      .execute();
  }
  await trx.deleteFrom('social_links').execute();
  if (socialLinks.length > 0) {
    await trx
      .insertInto('social_links')
      .values(socialLinks.map((link, sort_order) => ({ ...link, sort_order })))
      .execute();
  }
  return profileId;
}

/**
 * The company profile's hero video and poster, which may be uploads (the media library's "where used", a
 * port of the uploads feature); with `stems`, only when they mention one of them.
 */
export async function companyUploadReferences(db: Kysely<DB>, stems: readonly string[] | null) {
  let company = db.selectFrom('company_profile').select(['hero_video_url', 'hero_poster_url']);
  if (stems) company = company.where(mentionsAny(stems, ['hero_video_url', 'hero_poster_url']));
  return (await company.execute()).map((c) => ({
    kind: 'company' as const,
    label: 'Company profile (hero video or poster)',
    admin_path: '/admin/content/company',
    texts: [c.hero_video_url, c.hero_poster_url],
  }));
}

/** Deleted uploads leave the company profile: its hero video and poster emptied. */
export async function removeCompanyUploadReferences(
  trx: Kysely<DB>,
  { stems }: { stems: readonly string[] },
): Promise<void> {
  if (stems.length === 0) return;
  await trx
    .updateTable('company_profile')
    .set({ hero_poster_url: null })
    .where(mentionsAny(stems, ['hero_poster_url']))
    .execute();
  await trx
    .updateTable('company_profile')
    .set({ hero_video_url: null })
    .where(mentionsAny(stems, ['hero_video_url']))
    .execute();
}
