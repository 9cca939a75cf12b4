import type { Insertable, Kysely } from 'kysely';
import { marked } from 'marked';
import { blogReadMinutes } from '../../shared/contracts/blog-admin';
import type { DB } from '../db/schema';
import { retryWriteConflicts } from '../db/write-conflicts';
import { sanitizePostHtml, slugify } from '../features/blog/blog-html';
import { demoBlogPosts } from './demo-blog-posts';
import {
  demoBlogCategories,
  demoCertificates,
  demoCompany,
  demoCoreServices,
  demoInternships,
  demoPackages,
  demoServices,
  demoSettings,
  demoSocialLinks,
  demoTeam,
  demoTechStack,
  demoTestimonials,
} from './demo-content';
import { demoProjects } from './demo-projects';

/** True when no content has been created yet (the company profile is the first thing seeded). */
export async function isEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('company_profile').select('id').limit(1).executeTakeFirst();
  return !row;
}

/**
 * Loads the demo content when the database has none; false when it already had some. Start-up calls it
 * under the bootstrap lease (bootstrap.ts), so instances starting together seed once. Should two still
 * race (a lease taken over from a holder thought dead), the loser's transaction fails on a unique key or
 * a conflict (a deadlock, possibly while the winner has not committed yet) and rolls back whole; it looks
 * again after a moment (retryWriteConflicts), and finding the winner's content then, reports false.
 */
export async function seedDemoContentIfEmpty(db: Kysely<DB>): Promise<boolean> {
  return retryWriteConflicts(async () => {
    if (!(await isEmpty(db))) return false;
    await seedDemoContent(db);
    return true;
  });
}

/** Loads the demo content in one transaction: all or nothing. */
export async function seedDemoContent(db: Kysely<DB>): Promise<void> {
  const nowDate = new Date();
  const now = nowDate.toISOString();
  const stamps = { created_at: now, updated_at: now };
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

    await trx
      .insertInto('services')
      .values(
        demoServices.map((s, i) => ({
          title: s.title,
          text: s.text,
          icon: s.icon,
          light: flag(s.light),
          featured: flag(s.featured),
          sort_order: i,
          ...stamps,
        })),
      )
      .execute();

    for (const [i, { skills, ...member }] of demoTeam.entries()) {
      const id = await insertId(trx, 'team_members', { ...member, sort_order: i, ...stamps });
      await trx
        .insertInto('team_member_skills')
        .values(skills.map((name, position) => ({ team_member_id: id, name, position })))
        .execute();
    }

    await trx
      .insertInto('testimonials')
      .values(demoTestimonials.map((t, i) => ({ ...t, sort_order: i, ...stamps })))
      .execute();

    for (const [i, { features, ...pkg }] of demoPackages.entries()) {
      const id = await insertId(trx, 'pricing_packages', { ...pkg, sort_order: i, ...stamps });
      await trx
        .insertInto('package_features')
        .values(features.map((text, position) => ({ package_id: id, text, position })))
        .execute();
    }

    for (const [i, { skills, requirements, ...internship }] of demoInternships.entries()) {
      const id = await insertId(trx, 'internships', { ...internship, sort_order: i, ...stamps });
      await trx
        .insertInto('internship_skills')
        .values(skills.map((name, position) => ({ internship_id: id, name, position })))
        .execute();
      await trx
        .insertInto('internship_requirements')
        .values(requirements.map((text, position) => ({ internship_id: id, text, position })))
        .execute();
    }

    for (const [i, { title, items }] of demoTechStack.entries()) {
      const id = await insertId(trx, 'tech_stack_groups', { title, sort_order: i, ...stamps });
      await trx
        .insertInto('tech_stack_items')
        .values(items.map((name, position) => ({ group_id: id, name, position })))
        .execute();
    }

    await seedBlog(trx, now);
    await seedPortfolio(trx);

    await trx
      .insertInto('certificates')
      .values(
        demoCertificates.map((c) => ({
          ...c,
          revoked_at: c.revoked_at ?? null,
          revocation_reason: c.revocation_reason ?? null,
          ...stamps,
        })),
      )
      .execute();

    await trx
      .insertInto('settings')
      .values(
        Object.entries(demoSettings).map(([key, value]) => ({ key, value: JSON.stringify(value), updated_at: now })),
      )
      .execute();

    await seedSampleTraffic(trx, nowDate);

    await trx
      .insertInto('activity_log')
      .values({ type: 'system', action: 'Demo content loaded', item: demoCompany.name, created_at: now })
      .execute();
  });
}

async function seedBlog(trx: Kysely<DB>, now: string): Promise<void> {
  const categoryIds = new Map<string, number>();
  for (const [i, category] of demoBlogCategories.entries()) {
    categoryIds.set(
      category.slug,
      await insertId(trx, 'blog_categories', { ...category, sort_order: i, created_at: now, updated_at: now }),
    );
  }

  const tagIds = new Map<string, number>();
  for (const name of new Set(demoBlogPosts.flatMap((p) => p.tags))) {
    tagIds.set(name, await insertId(trx, 'blog_tags', { name, slug: slugify(name) }));
  }

  for (const [i, post] of demoBlogPosts.entries()) {
    const { category, tags, keywords, featured, published, content: markdown, ...fields } = post;
    const createdAt = `${post.date}T09:00:00.000Z`;
    // The samples are Markdown: rendered, then cleaned exactly like a post saved in the admin.
    const content = demoPostHtml(markdown);
    const id = await insertId(trx, 'blog_posts', {
      ...fields,
      content,
      category_id: categoryIds.get(category) ?? null,
      read_time: blogReadMinutes(content),
      featured: flag(featured),
      published: flag(published),
      sort_order: i,
      published_at: published ? createdAt : null,
      created_at: createdAt,
      updated_at: createdAt,
    });
    await trx
      .insertInto('blog_post_tags')
      .values(tags.map((name, position) => ({ post_id: id, tag_id: tagIds.get(name) as number, position })))
      .execute();
    await trx
      .insertInto('blog_post_keywords')
      .values(keywords.map((keyword, position) => ({ post_id: id, keyword, position })))
      .execute();
  }
}

async function seedPortfolio(trx: Kysely<DB>): Promise<void> {
  for (const [i, project] of demoProjects.entries()) {
    const { technologies, gallery, team, testimonials, featured, colorful, published, ...fields } = project;
    const id = await insertId(trx, 'portfolio_projects', {
      ...fields,
      featured: flag(featured),
      colorful: flag(colorful),
      published: flag(published),
      sort_order: i,
      updated_at: project.created_at,
    });
    await trx
      .insertInto('project_technologies')
      .values(technologies.map((name, position) => ({ project_id: id, name, position })))
      .execute();
    await trx
      .insertInto('project_gallery_images')
      .values(gallery.map((image, position) => ({ project_id: id, ...image, position })))
      .execute();
    if (team.length > 0) {
      await trx
        .insertInto('project_team_members')
        .values(team.map((member, position) => ({ project_id: id, ...member, position })))
        .execute();
    }
    if (testimonials.length > 0) {
      await trx
        .insertInto('project_testimonials')
        .values(testimonials.map((t, sort_order) => ({ project_id: id, ...t, sort_order })))
        .execute();
    }
  }
}

/**
 * Thirty days of clearly labelled sample traffic (is_sample = 1) so that the analytics dashboard has
 * something to compute from on a fresh install. Visits by source follow the documented seed shares
 * exactly: Google 45%, Direct 32%, LinkedIn 14%, Twitter 6%, Other 3%.
 */
export const SAMPLE_SESSIONS = 400;
const SOURCE_SHARES: Array<[source: string, referrer: string | null, percent: number]> = [
  ['Google', 'https://www.google.com/', 45],
  ['Direct', null, 32],
  ['LinkedIn', 'https://www.linkedin.com/', 14],
  ['Twitter', 'https://t.co/', 6],
  ['Other', 'https://duckduckgo.com/', 3],
];

async function seedSampleTraffic(trx: Kysely<DB>, now: Date): Promise<void> {
  const random = mulberry32(20261121);

  const pages: Array<{ url: string; title: string; weight: number }> = [
    { url: '/', title: `${demoCompany.name} | ${demoCompany.tagline}`, weight: 30 },
    { url: '/blog', title: `Blog | ${demoCompany.name}`, weight: 12 },
    { url: '/portfolio', title: `Our Portfolio | ${demoCompany.name}`, weight: 12 },
    { url: '/verify-certificate', title: `Verify Certificate | ${demoCompany.name}`, weight: 3 },
    ...demoBlogPosts
      .filter((p) => p.published)
      .map((p) => ({ url: `/blog/${p.slug}`, title: `${p.title} | ${demoCompany.name}`, weight: 4 })),
    ...demoProjects
      .filter((p) => p.published)
      .map((p) => ({ url: `/portfolio/${p.slug}`, title: `${p.title} | ${demoCompany.name}`, weight: 2 })),
  ];
  const totalWeight = pages.reduce((sum, p) => sum + p.weight, 0);
  const pickPage = () => {
    let r = random() * totalWeight;
    for (const page of pages) {
      r -= page.weight;
      if (r < 0) return page;
    }
    return pages[0] as (typeof pages)[number];
  };

  // Exact shares: one slot per percent, repeated, then shuffled deterministically.
  const sources = SOURCE_SHARES.flatMap((share) => Array<(typeof SOURCE_SHARES)[number]>(share[2]).fill(share));
  const sessionSources = Array.from({ length: SAMPLE_SESSIONS }, (_, i) => sources[i % sources.length]!);
  for (let i = sessionSources.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sessionSources[i], sessionSources[j]] = [sessionSources[j]!, sessionSources[i]!];
  }

  const views: Array<Insertable<DB['analytics_page_views']>> = [];
  const events: Array<Insertable<DB['analytics_events']>> = [];
  const dayMs = 86_400_000;
  for (const [i, [source, referrer]] of sessionSources.entries()) {
    // Like a real visitor's salted hash (ADR 0016): one per visit, nothing that could identify anyone;
    // no user agent or session id is stored for real traffic either.
    const visitorHash = `sample-${i.toString(36).padStart(4, '0')}-${Math.floor(random() * 1e9).toString(36)}`;
    // More recent days get a little more traffic; every visit lies within the last 30 days.
    const daysAgo = Math.floor(30 * random() ** 1.3);
    let at = now.getTime() - daysAgo * dayMs - Math.floor(random() * dayMs) - 5 * 60_000;
    const length = 1 + Math.floor(random() * 4);
    for (let n = 0; n < length; n++) {
      const page = n === 0 && source === 'Direct' ? (pages[0] as (typeof pages)[number]) : pickPage();
      const createdAt = new Date(at).toISOString();
      views.push({
        page_url: page.url,
        page_title: page.title,
        referrer: n === 0 ? referrer : null,
        // Pages after the first were reached from within the site (not a traffic source).
        referrer_source: n === 0 ? source : 'Internal',
        visitor_hash: visitorHash,
        is_sample: 1,
        created_at: createdAt,
      });
      const seconds = 15 + Math.floor(random() * 150);
      // The time-on-page beacon a visible page sends when it is left (page_engagement).
      events.push({
        event_type: 'page_engagement',
        event_value: seconds,
        page_url: page.url,
        visitor_hash: visitorHash,
        is_sample: 1,
        created_at: new Date(at + seconds * 1000).toISOString(),
      });
      if (page.url.startsWith('/blog/') && random() < 0.08) {
        events.push({
          event_type: random() < 0.5 ? 'like' : 'share',
          event_category: 'blog',
          page_url: page.url,
          visitor_hash: visitorHash,
          is_sample: 1,
          created_at: new Date(at + 5_000).toISOString(),
        });
      }
      at += (seconds + 5) * 1000;
    }
  }
  for (let i = 0; i < views.length; i += 200) {
    await trx
      .insertInto('analytics_page_views')
      .values(views.slice(i, i + 200))
      .execute();
  }
  for (let i = 0; i < events.length; i += 200) {
    await trx
      .insertInto('analytics_events')
      .values(events.slice(i, i + 200))
      .execute();
  }
}

/** Inserts one row and returns its id (RETURNING where the database has it, insertId on MySQL). */
async function insertId<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  values: Insertable<DB[T]>,
): Promise<number> {
  // Kysely cannot type an insert into a table chosen by a generic parameter; the signature above does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const query = (db as Kysely<any>).insertInto(table).values(values);
  if (db.getExecutor().adapter.supportsReturning) {
    const row = await query.returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}

function flag(value: boolean | undefined): number {
  return value ? 1 : 0;
}

/** 200 words a minute, rounded up; the bench seed uses it too. */
export const readTimeMinutes = blogReadMinutes;

/** A sample post's Markdown as stored HTML: rendered with marked, then sanitised like any saved post. */
export function demoPostHtml(markdown: string): string {
  return sanitizePostHtml(marked.parse(markdown, { async: false, gfm: true }));
}

/** Small deterministic PRNG so that the sample traffic has the same shape on every install. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
