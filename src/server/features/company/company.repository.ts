import type { Kysely } from 'kysely';
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
