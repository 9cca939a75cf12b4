import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/*
 * Reads of the landing content in its order (sort_order, then id): the visible rows for the public, every
 * row for staff (`hidden`), with their child lists (skills, features, requirements, technology names) read
 * in one query per list, never one per row.
 */

type Db = Kysely<DB>;

/** Child rows grouped by their parent id, in `position` order. */
function byParent<R extends { parent: number }>(rows: R[]): Map<number, R[]> {
  const map = new Map<number, R[]>();
  for (const row of rows) {
    const list = map.get(row.parent);
    if (list) list.push(row);
    else map.set(row.parent, [row]);
  }
  return map;
}

export async function listServices(db: Db, options: { hidden: boolean; featured?: boolean }) {
  const { featured } = options;
  let query = db
    .selectFrom('services')
    .select(['id', 'title', 'text', 'icon', 'image_url', 'background_url', 'light', 'featured', 'active']);
  if (!options.hidden) query = query.where('active', '=', 1);
  if (featured !== undefined) query = query.where('featured', '=', featured ? 1 : 0);
  return query.orderBy('sort_order').orderBy('id').execute();
}

export async function listTeam(db: Db, hidden = false) {
  const members = await db
    .selectFrom('team_members')
    .select(['id', 'name', 'position', 'bio', 'image', 'linkedin', 'github', 'twitter', 'email', 'active'])
    .$if(!hidden, (q) => q.where('active', '=', 1))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (members.length === 0) return [];
  const skills = byParent(
    await db
      .selectFrom('team_member_skills')
      .select(['team_member_id as parent', 'name'])
      .where(
        'team_member_id',
        'in',
        members.map((m) => m.id),
      )
      .orderBy('position')
      .orderBy('id')
      .execute(),
  );
  return members.map((member) => ({ ...member, skills: (skills.get(member.id) ?? []).map((s) => s.name) }));
}

export async function listTestimonials(db: Db, hidden = false) {
  return db
    .selectFrom('testimonials')
    .select(['id', 'name', 'position', 'company', 'text', 'rating', 'image', 'active'])
    .$if(!hidden, (q) => q.where('active', '=', 1))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function listPackages(db: Db, hidden = false) {
  const packages = await db
    .selectFrom('pricing_packages')
    .select(['id', 'title', 'description', 'price', 'cta_text', 'cta_url', 'active'])
    .$if(!hidden, (q) => q.where('active', '=', 1))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (packages.length === 0) return [];
  const features = byParent(
    await db
      .selectFrom('package_features')
      .select(['package_id as parent', 'text'])
      .where(
        'package_id',
        'in',
        packages.map((p) => p.id),
      )
      .orderBy('position')
      .orderBy('id')
      .execute(),
  );
  return packages.map((pkg) => ({ ...pkg, features: (features.get(pkg.id) ?? []).map((f) => f.text) }));
}

export async function listInternships(db: Db, hidden = false) {
  const internships = await db
    .selectFrom('internships')
    .select(['id', 'title', 'duration', 'level', 'description', 'hours_per_week', 'active'])
    .$if(!hidden, (q) => q.where('active', '=', 1))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (internships.length === 0) return [];
  const ids = internships.map((i) => i.id);
  const [skills, requirements] = await Promise.all([
    db
      .selectFrom('internship_skills')
      .select(['internship_id as parent', 'name'])
      .where('internship_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute()
      .then(byParent),
    db
      .selectFrom('internship_requirements')
      .select(['internship_id as parent', 'text'])
      .where('internship_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute()
      .then(byParent),
  ]);
  return internships.map((internship) => ({
    ...internship,
    skills: (skills.get(internship.id) ?? []).map((s) => s.name),
    requirements: (requirements.get(internship.id) ?? []).map((r) => r.text),
  }));
}

export async function listTechStack(db: Db, hidden = false) {
  const groups = await db
    .selectFrom('tech_stack_groups')
    .select(['id', 'title', 'active'])
    .$if(!hidden, (q) => q.where('active', '=', 1))
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (groups.length === 0) return [];
  const items = byParent(
    await db
      .selectFrom('tech_stack_items')
      .select(['group_id as parent', 'name'])
      .where(
        'group_id',
        'in',
        groups.map((g) => g.id),
      )
      .orderBy('position')
      .orderBy('id')
      .execute(),
  );
  return groups.map((group) => ({ ...group, items: (items.get(group.id) ?? []).map((i) => i.name) }));
}
