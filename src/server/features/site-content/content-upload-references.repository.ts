import type { Kysely } from 'kysely';
import type { UploadUsage } from '../../../shared/contracts/uploads';
import { mentionsAny } from '../../db/query-helpers';
import type { DB } from '../../db/schema';

/**
 * The landing content's pictures that may be uploads (the media library's "where used", a port of the
 * uploads feature): services, team members, testimonials; with `stems`, only the rows mentioning one.
 */
export async function contentUploadReferences(db: Kysely<DB>, stems: readonly string[] | null) {
  const found: Array<UploadUsage & { texts: (string | null)[] }> = [];
  let services = db.selectFrom('services').select(['title', 'image_url', 'background_url']);
  if (stems) services = services.where(mentionsAny(stems, ['image_url', 'background_url']));
  for (const s of await services.execute()) {
    found.push({
      kind: 'service',
      label: `Service “${s.title}”`,
      admin_path: '/admin/content/services',
      texts: [s.image_url, s.background_url],
    });
  }

  let team = db.selectFrom('team_members').select(['name', 'image']);
  if (stems) team = team.where(mentionsAny(stems, ['image']));
  for (const m of await team.execute()) {
    found.push({
      kind: 'team_member',
      label: `Team member ${m.name}`,
      admin_path: '/admin/content/team',
      texts: [m.image],
    });
  }

  let testimonials = db.selectFrom('testimonials').select(['name', 'image']);
  if (stems) testimonials = testimonials.where(mentionsAny(stems, ['image']));
  for (const m of await testimonials.execute()) {
    found.push({
      kind: 'testimonial',
      label: `Testimonial by ${m.name}`,
      admin_path: '/admin/content/testimonials',
      texts: [m.image],
    });
  }
  return found;
}

/** Deleted uploads leave the landing content: services', team members' and testimonials' pictures emptied. */
export async function removeContentUploadReferences(
  trx: Kysely<DB>,
  { stems }: { stems: readonly string[] },
): Promise<void> {
  if (stems.length === 0) return;
  await trx
    .updateTable('services')
    .set({ image_url: null })
    .where(mentionsAny(stems, ['image_url']))
    .execute();
  await trx
    .updateTable('services')
    .set({ background_url: null })
    .where(mentionsAny(stems, ['background_url']))
    .execute();
  await trx
    .updateTable('team_members')
    .set({ image: null })
    .where(mentionsAny(stems, ['image']))
    .execute();
  await trx
    .updateTable('testimonials')
    .set({ image: null })
    .where(mentionsAny(stems, ['image']))
    .execute();
}
