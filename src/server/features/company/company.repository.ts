import type { Insertable, Kysely, Transaction } from 'kysely';
import { forUpdate } from '../../db/query-helpers';
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

/**
 * Replaces the profile (the first row, or a new one), the core services and the social links, in one
 * transaction: the public pages never see half a change.
 */
export async function replaceProfile(
  trx: Transaction<DB>,
  profile: Omit<Insertable<DB['company_profile']>, 'id'>,
  coreServices: string[],
  socialLinks: Array<{ platform: string; title: string; url: string }>,
): Promise<void> {
  const current = await forUpdate(
    trx,
    trx.selectFrom('company_profile').select('id').orderBy('id').limit(1),
  ).executeTakeFirst();
  if (current) await trx.updateTable('company_profile').set(profile).where('id', '=', current.id).execute();
  else await trx.insertInto('company_profile').values(profile).execute();
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
}
