import { sql, type Kysely } from 'kysely';
import type { UploadUsage, UploadUsageKind } from '../../../shared/contracts/uploads';
import { likeContains } from '../../db/query-helpers';
import { stemsIn } from './content-references';
import type { DB } from '../../db/schema';

/*
 * Where uploads are used. A reference is any stored text that names the upload's generated stem (32 hex
 * characters, unique): its address relative or absolute, with a query string, or one of its sizes
 * (/uploads/thumbnails/640w/{stem}.webp). So one rule finds image columns, galleries, settings and
 * images or links inside post content alike.
 */

/** The stem of a stored file name (`{stem}.{ext}`). */
export const stemOf = (filename: string) => filename.replace(/\.[a-z0-9]+$/, '');

/** A row that may refer to uploads: the place it stands for and its texts. */
interface Referrer {
  kind: UploadUsageKind;
  label: string;
  admin_path: string;
  texts: (string | null)[];
}

type Filter = readonly string[] | null;

/** `column like %stem%` for any of the stems over any of the columns. */
function mentions(stems: readonly string[], columns: readonly string[]) {
  const tests = stems.flatMap((stem) => columns.map((column) => sql`${sql.ref(column)} like ${likeContains(stem)}`));
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

const quoted = (title: string) => `“${title}”`;

/** Every place that may refer to uploads; with `stems`, only the rows that mention one of them. */
async function referrers(db: Kysely<DB>, stems: Filter): Promise<Referrer[]> {
  if (stems !== null && stems.length === 0) return [];
  const where = (columns: readonly string[]) => mentions(stems ?? [], columns);
  const found: Referrer[] = [];

  // Post content can be long: read a page at a time.
  let after = 0;
  for (;;) {
    let q = db
      .selectFrom('blog_posts')
      .select(['id', 'title', 'image_url', 'content'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(200);
    if (stems) q = q.where(where(['image_url', 'content']));
    const posts = await q.execute();
    for (const p of posts) {
      const admin_path = `/admin/blog/${p.id}/edit`;
      found.push({
        kind: 'blog_image',
        label: `Blog post ${quoted(p.title)} (featured image)`,
        admin_path,
        texts: [p.image_url],
      });
      found.push({
        kind: 'blog_content',
        label: `Blog post ${quoted(p.title)} (content)`,
        admin_path,
        texts: [p.content],
      });
    }
    if (posts.length < 200) break;
    after = Number(posts[posts.length - 1]!.id);
  }

  let projects = db.selectFrom('portfolio_projects').select(['id', 'title', 'image_url', 'share_image_url']);
  if (stems) projects = projects.where(where(['image_url', 'share_image_url']));
  for (const p of await projects.execute()) {
    const admin_path = `/admin/portfolio/${p.id}/edit`;
    found.push({
      kind: 'project_image',
      label: `Project ${quoted(p.title)} (main image)`,
      admin_path,
      texts: [p.image_url],
    });
    found.push({
      kind: 'project_image',
      label: `Project ${quoted(p.title)} (share image)`,
      admin_path,
      texts: [p.share_image_url],
    });
  }

  let gallery = db
    .selectFrom('project_gallery_images as g')
    .innerJoin('portfolio_projects as p', 'p.id', 'g.project_id')
    .select(['p.id', 'p.title', 'g.url']);
  if (stems) gallery = gallery.where(where(['g.url']));
  for (const g of await gallery.execute()) {
    found.push({
      kind: 'project_gallery',
      label: `Project ${quoted(g.title)} (gallery)`,
      admin_path: `/admin/portfolio/${g.id}/edit`,
      texts: [g.url],
    });
  }

  let projectTeam = db
    .selectFrom('project_team_members as m')
    .innerJoin('portfolio_projects as p', 'p.id', 'm.project_id')
    .select(['p.id', 'p.title', 'm.name', 'm.image']);
  if (stems) projectTeam = projectTeam.where(where(['m.image']));
  for (const m of await projectTeam.execute()) {
    found.push({
      kind: 'project_team',
      label: `Project ${quoted(m.title)} (team member ${m.name})`,
      admin_path: `/admin/portfolio/${m.id}/edit`,
      texts: [m.image],
    });
  }

  let services = db.selectFrom('services').select(['title', 'image_url', 'background_url']);
  if (stems) services = services.where(where(['image_url', 'background_url']));
  for (const s of await services.execute()) {
    found.push({
      kind: 'service',
      label: `Service ${quoted(s.title)}`,
      admin_path: '/admin/content/services',
      texts: [s.image_url, s.background_url],
    });
  }

  let team = db.selectFrom('team_members').select(['name', 'image']);
  if (stems) team = team.where(where(['image']));
  for (const m of await team.execute()) {
    found.push({
      kind: 'team_member',
      label: `Team member ${m.name}`,
      admin_path: '/admin/content/team',
      texts: [m.image],
    });
  }

  let testimonials = db.selectFrom('testimonials').select(['name', 'image']);
  if (stems) testimonials = testimonials.where(where(['image']));
  for (const m of await testimonials.execute()) {
    found.push({
      kind: 'testimonial',
      label: `Testimonial by ${m.name}`,
      admin_path: '/admin/content/testimonials',
      texts: [m.image],
    });
  }

  let company = db.selectFrom('company_profile').select(['hero_video_url', 'hero_poster_url']);
  if (stems) company = company.where(where(['hero_video_url', 'hero_poster_url']));
  for (const c of await company.execute()) {
    found.push({
      kind: 'company',
      label: 'Company profile (hero video or poster)',
      admin_path: '/admin/content/company',
      texts: [c.hero_video_url, c.hero_poster_url],
    });
  }

  let settings = db.selectFrom('settings').select(['key', 'value']);
  if (stems) settings = settings.where(where(['value']));
  for (const s of await settings.execute()) {
    found.push({ kind: 'setting', label: `Setting ${s.key}`, admin_path: '/admin/settings', texts: [s.value] });
  }
  return found;
}

/** The places that use each of the stems (a stem used nowhere maps to []). */
export async function usagesOf(db: Kysely<DB>, stems: readonly string[]): Promise<Map<string, UploadUsage[]>> {
  const result = new Map<string, UploadUsage[]>(stems.map((stem) => [stem, []]));
  for (const r of await referrers(db, stems)) {
    const named = new Set(r.texts.flatMap(stemsIn));
    for (const stem of stems) {
      if (named.has(stem)) result.get(stem)!.push({ kind: r.kind, label: r.label, admin_path: r.admin_path });
    }
  }
  return result;
}

/** A picture shipped with the demo content: an address under /demo/ (public/demo). */
const DEMO_IMAGE = /\/demo\/([A-Za-z0-9._-]+\.(?:svg|webp|png|jpe?g|gif))/g;

/** Each demo picture some place still shows, with those places (ADR 0044: demo content is replaced). */
export async function demoImageUsages(db: Kysely<DB>): Promise<Map<string, UploadUsage[]>> {
  const result = new Map<string, UploadUsage[]>();
  for (const r of await referrers(db, ['/demo/'])) {
    const urls = new Set(r.texts.flatMap((text) => [...(text ?? '').matchAll(DEMO_IMAGE)].map((m) => `/demo/${m[1]}`)));
    for (const url of urls) {
      const usages = result.get(url) ?? [];
      usages.push({ kind: r.kind, label: r.label, admin_path: r.admin_path });
      result.set(url, usages);
    }
  }
  return result;
}

/** Every stem some place refers to. */
export async function referencedStems(db: Kysely<DB>): Promise<Set<string>> {
  const stems = new Set<string>();
  for (const r of await referrers(db, null)) for (const text of r.texts) for (const s of stemsIn(text)) stems.add(s);
  return stems;
}

/** Every upload's id, stored name and time, oldest first (for the unused list and the sweeps). */
export function allUploads(db: Kysely<DB>, createdBefore?: string) {
  let q = db.selectFrom('uploads').select(['id', 'filename', 'created_at']).orderBy('created_at').orderBy('id');
  if (createdBefore) q = q.where('created_at', '<', createdBefore);
  return q.execute();
}
