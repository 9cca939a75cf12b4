import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { demoCompany, demoCoreServices, demoSocialLinks } from './demo-content';

/** True when no content has been created yet (the company profile is the first thing seeded). */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('company_profile').select('id').limit(1).executeTakeFirst();
  return !row;
}

/** Loads the demo content in one transaction: all or nothing. */
export async function seedDemoContent(db: Kysely<DB>): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('company_profile')
      .values({ ...demoCompany, updated_at: now })
      .execute();
    await trx
      .insertInto('company_core_services')
      .values(demoCoreServices.map((name, i) => ({ name, sort_order: i })))
      .execute();
    await trx
      .insertInto('social_links')
      .values(demoSocialLinks.map((link, i) => ({ ...link, sort_order: i })))
      .execute();
  });
}
