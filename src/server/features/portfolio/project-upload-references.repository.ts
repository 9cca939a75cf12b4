import type { Kysely } from 'kysely';
import type { UploadUsage } from '../../../shared/contracts/uploads';
import { mentionsAny } from '../../db/query-helpers';
import type { DB } from '../../db/schema';

/**
 * The projects' texts that may refer to uploads (the media library's "where used", a port of the uploads
 * feature): main and share images, gallery images, team members' pictures; with `stems`, only the rows
 * mentioning one of them.
 */
export async function projectUploadReferences(db: Kysely<DB>, stems: readonly string[] | null) {
  const found: Array<UploadUsage & { texts: (string | null)[] }> = [];
  let projects = db.selectFrom('portfolio_projects').select(['id', 'title', 'image_url', 'share_image_url']);
  if (stems) projects = projects.where(mentionsAny(stems, ['image_url', 'share_image_url']));
  for (const p of await projects.execute()) {
    const admin_path = `/admin/portfolio/${p.id}/edit`;
    const label = `Project “${p.title}”`;
    found.push({ kind: 'project_image', label: `${label} (main image)`, admin_path, texts: [p.image_url] });
    found.push({ kind: 'project_image', label: `${label} (share image)`, admin_path, texts: [p.share_image_url] });
  }

  let gallery = db
    .selectFrom('project_gallery_images as g')
    .innerJoin('portfolio_projects as p', 'p.id', 'g.project_id')
    .select(['p.id', 'p.title', 'g.url']);
  if (stems) gallery = gallery.where(mentionsAny(stems, ['g.url']));
  for (const g of await gallery.execute()) {
    found.push({
      kind: 'project_gallery',
      label: `Project “${g.title}” (gallery)`,
      admin_path: `/admin/portfolio/${g.id}/edit`,
      texts: [g.url],
    });
  }

  let team = db
    .selectFrom('project_team_members as m')
    .innerJoin('portfolio_projects as p', 'p.id', 'm.project_id')
    .select(['p.id', 'p.title', 'm.name', 'm.image']);
  if (stems) team = team.where(mentionsAny(stems, ['m.image']));
  for (const m of await team.execute()) {
    found.push({
      kind: 'project_team',
      label: `Project “${m.title}” (team member ${m.name})`,
      admin_path: `/admin/portfolio/${m.id}/edit`,
      texts: [m.image],
    });
  }
  return found;
}

/** Deleted uploads leave the projects: main, share and team pictures emptied, gallery rows removed. */
export async function removeProjectUploadReferences(
  trx: Kysely<DB>,
  { ids, stems }: { ids: readonly number[]; stems: readonly string[] },
): Promise<void> {
  if (stems.length > 0) {
    await trx
      .updateTable('portfolio_projects')
      .set({ image_url: null })
      .where(mentionsAny(stems, ['image_url']))
      .execute();
    await trx
      .updateTable('portfolio_projects')
      .set({ share_image_url: null })
      .where(mentionsAny(stems, ['share_image_url']))
      .execute();
    await trx
      .updateTable('project_team_members')
      .set({ image: null })
      .where(mentionsAny(stems, ['image']))
      .execute();
  }
  if (ids.length === 0) return;
  await trx
    .deleteFrom('project_gallery_images')
    .where((eb) => {
      const byId = eb('upload_id', 'in', ids);
      return stems.length > 0 ? eb.or([byId, mentionsAny(stems, ['url'])]) : byId;
    })
    .execute();
}
