import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database';
import { createDatabase } from '../db/database';
import { demoSocialLinks } from './demo-content';
import { isEmpty, seedDemoContent, seedDemoContentIfEmpty } from './seed';

const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));

async function count(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(testDialects)('demo seed on %s', (dialect) => {
  let t: TestDatabase;
  let db: Kysely<DB>;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    db = t.database.db;
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('loads into an empty database, after which the database no longer counts as empty', async () => {
    expect(await isEmpty(db)).toBe(true);
    await seedDemoContent(db);
    expect(await isEmpty(db)).toBe(false);
    expect(await count(db, 'company_profile')).toBe(1);
  });

  it('has the six services, three five-star testimonials and the team with skills', async () => {
    const services = await db.selectFrom('services').select(['title', 'icon', 'text']).orderBy('sort_order').execute();
    expect(services.map((s) => s.icon)).toEqual(['Code', 'Bot', 'ShoppingCart', 'Cpu', 'Smartphone', 'TrendingUp']);
    for (const s of services) expect(s.text.length).toBeGreaterThan(100);

    const ratings = await db.selectFrom('testimonials').select('rating').execute();
    expect(ratings.map((r) => r.rating)).toEqual([5, 5, 5]);

    const team = await db.selectFrom('team_members').select('id').execute();
    expect(team.length).toBeGreaterThanOrEqual(3);
    expect(team.length).toBeLessThanOrEqual(4);
    const withSkills = await db.selectFrom('team_member_skills').select('team_member_id').distinct().execute();
    expect(withSkills).toHaveLength(team.length);
  });

  it('has the three packages of the specification with their features', async () => {
    const packages = await db
      .selectFrom('pricing_packages')
      .select(['id', 'title', 'price', 'cta_url'])
      .orderBy('sort_order')
      .execute();
    expect(packages.map((p) => [p.title, p.price])).toEqual([
      ['Starter Package', 'Starting at $999'],
      ['Professional Package', 'Starting at $7,999'],
      ['Enterprise Solutions', null],
    ]);
    const features = async (id: number) =>
      (
        await db
          .selectFrom('package_features')
          .select('text')
          .where('package_id', '=', id)
          .orderBy('position')
          .execute()
      ).map((f) => f.text);
    const [starter, professional, enterprise] = packages;
    expect((await features(starter!.id)).join('\n')).toContain('3 months of maintenance');
    expect((await features(professional!.id)).join('\n')).toContain('6 months of maintenance');
    expect((await features(enterprise!.id)).join('\n')).toContain('24/7 support');
  });

  it('has three internships with documented durations, skills and requirements', async () => {
    const internships = await db.selectFrom('internships').select(['id', 'duration', 'hours_per_week']).execute();
    expect(internships).toHaveLength(3);
    for (const internship of internships) {
      expect(['3-6 months', '4-6 months']).toContain(internship.duration);
      expect(internship.hours_per_week).toMatch(/^2[0-5]/);
    }
    expect(await db.selectFrom('internship_skills').select('internship_id').distinct().execute()).toHaveLength(3);
    expect(await db.selectFrom('internship_requirements').select('internship_id').distinct().execute()).toHaveLength(3);
  });

  it('has the five blog categories with exactly the documented slugs and hex colours', async () => {
    const categories = await db.selectFrom('blog_categories').select(['slug', 'color']).orderBy('slug').execute();
    expect(categories.map((c) => c.slug)).toEqual(['ai', 'blockchain', 'seo', 'social-media', 'web-dev']);
    for (const c of categories) expect(c.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
  });

  it('has published posts and a draft, each a real article with category, tags and keywords', async () => {
    const posts = await db.selectFrom('blog_posts').selectAll().execute();
    const published = posts.filter((p) => p.published === 1);
    expect(published.length).toBeGreaterThanOrEqual(5);
    expect(posts.filter((p) => p.published === 0).length).toBeGreaterThanOrEqual(1);
    expect(published.filter((p) => p.featured === 1).length).toBeGreaterThanOrEqual(3);

    const tagged = await db.selectFrom('blog_post_tags').select('post_id').distinct().execute();
    const keyworded = await db.selectFrom('blog_post_keywords').select('post_id').distinct().execute();
    expect(tagged).toHaveLength(posts.length);
    expect(keyworded).toHaveLength(posts.length);

    for (const post of posts) {
      expect(post.category_id).not.toBeNull();
      expect(post.seo_title && post.seo_description).toBeTruthy();
      expect(post.date).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(post.content).not.toMatch(/<script|on\w+=/i);
      const words = post.content
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words).toBeGreaterThanOrEqual(300);
      expect(words).toBeLessThanOrEqual(600);
      expect(post.read_time).toBe(Math.ceil(words / 200));
    }
  });

  it('has a portfolio across the documented industries with technologies, galleries and team', async () => {
    const projects = await db.selectFrom('portfolio_projects').selectAll().execute();
    const published = projects.filter((p) => p.published === 1);
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(projects.filter((p) => p.published === 0)).toHaveLength(1);
    expect(published.filter((p) => p.featured === 1).length).toBeGreaterThanOrEqual(6);
    expect(new Set(projects.map((p) => p.status))).toEqual(new Set(['done', 'progress']));
    const industries = new Set(projects.map((p) => p.industry));
    for (const industry of ['E-Commerce', 'Healthcare', 'Education', 'Finance', 'Technology', 'Real Estate']) {
      expect(industries).toContain(industry);
    }

    const count = async (table: 'project_technologies' | 'project_gallery_images' | 'project_team_members') =>
      (await db.selectFrom(table).select('project_id').distinct().execute()).length;
    expect(await count('project_technologies')).toBe(projects.length);
    expect(await count('project_gallery_images')).toBe(projects.length);
    expect(await count('project_team_members')).toBe(projects.length);

    const untitled = await db
      .selectFrom('project_gallery_images')
      .select('id')
      .where((eb) => eb.or([eb('title', 'is', null), eb('title', '=', '')]))
      .execute();
    expect(untitled).toEqual([]);
  });

  it('has the four certificate cases, including one that never expires', async () => {
    const certificates = await db
      .selectFrom('certificates')
      .select(['certificate_number', 'status', 'expiry_date'])
      .execute();
    for (const c of certificates) expect(c.certificate_number).toMatch(/^SST-\d{4}-[1-9]\d{4}$/);
    const cases = certificates.map((c) => `${c.status}:${c.expiry_date === null ? 'never' : 'dated'}`);
    expect(cases).toContain('active:dated');
    expect(cases).toContain('active:never');
    expect(cases).toContain('expired:dated');
    expect(cases).toContain('revoked:dated');
  });

  it('dates the revoked demo certificate and gives the reason; the others carry no revocation', async () => {
    const certificates = await db
      .selectFrom('certificates')
      .select(['certificate_number', 'status', 'revoked_at', 'revocation_reason'])
      .orderBy('certificate_number')
      .execute();
    for (const c of certificates) {
      if (c.status === 'revoked') {
        expect(c.certificate_number).toBe('SST-2025-90342');
        expect(c.revoked_at).toBe('2025-03-10T09:30:00.000Z');
        expect(c.revocation_reason).toMatch(/incorrect course record/);
      } else {
        expect(c).toMatchObject({ revoked_at: null, revocation_reason: null });
      }
    }
    // The demo numbers stay the same from one seed to the next (links and QR codes of the demo keep working).
    expect(certificates.map((c) => c.certificate_number)).toEqual([
      'SST-2023-17654',
      'SST-2025-48213',
      'SST-2025-62718',
      'SST-2025-90342',
      'SST-2026-35071',
    ]);
  });

  it('stores default settings as JSON with the light theme', async () => {
    const theme = await db.selectFrom('settings').select('value').where('key', '=', 'theme').executeTakeFirstOrThrow();
    expect(JSON.parse(theme.value)).toMatchObject({ mode: 'light' });
  });

  it('generates labelled sample traffic with the documented referrer shares', async () => {
    expect(await count(db, 'analytics_page_views')).toBeGreaterThan(0);
    const unlabelled = await db.selectFrom('analytics_page_views').select('id').where('is_sample', '=', 0).execute();
    expect(unlabelled).toEqual([]);
    // Stored like real traffic: a visitor hash, never a user agent or a session id.
    const identifying = await db
      .selectFrom('analytics_page_views')
      .select('id')
      .where((eb) =>
        eb.or([eb('user_agent', 'is not', null), eb('session_id', 'is not', null), eb('visitor_hash', 'is', null)]),
      )
      .execute();
    expect(identifying).toEqual([]);
    const engagement = await db
      .selectFrom('analytics_events')
      .select('id')
      .where('event_type', '=', 'page_engagement')
      .execute();
    expect(engagement.length).toBe(await count(db, 'analytics_page_views'));
    const sources = await db
      .selectFrom('analytics_page_views')
      .select(['referrer_source', (eb) => eb.fn.countAll<number>().as('visits')])
      .where('referrer_source', '<>', 'Internal')
      .groupBy('referrer_source')
      .execute();
    const total = sources.reduce((sum, s) => sum + Number(s.visits), 0);
    const share = Object.fromEntries(
      sources.map((s) => [s.referrer_source, Math.round((100 * Number(s.visits)) / total)]),
    );
    expect(share).toEqual({ Google: 45, Direct: 32, LinkedIn: 14, Twitter: 6, Other: 3 });
  });

  it('refers only to demo images that exist and stay small', async () => {
    const urls = [
      ...(await db.selectFrom('team_members').select('image as url').execute()),
      ...(await db.selectFrom('testimonials').select('image as url').execute()),
      ...(await db.selectFrom('blog_posts').select('image_url as url').execute()),
      ...(await db.selectFrom('portfolio_projects').select('image_url as url').execute()),
      ...(await db.selectFrom('project_gallery_images').select('url').execute()),
    ].map((r) => r.url);
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      expect(url).toMatch(/^\/demo\/[a-z0-9-]+\.svg$/);
      const file = `${publicDir}${url}`;
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(4096);
    }
  });

  it('rejects a duplicate slug or certificate number at the database', async () => {
    const post = await db.selectFrom('blog_posts').selectAll().executeTakeFirstOrThrow();
    const { id: _postId, ...copy } = post;
    await expect(db.insertInto('blog_posts').values(copy).execute()).rejects.toThrow();

    const project = await db.selectFrom('portfolio_projects').selectAll().executeTakeFirstOrThrow();
    const { id: _projectId, ...projectCopy } = project;
    await expect(db.insertInto('portfolio_projects').values(projectCopy).execute()).rejects.toThrow();

    const certificate = await db.selectFrom('certificates').selectAll().executeTakeFirstOrThrow();
    const { id: _certificateId, ...certificateCopy } = certificate;
    await expect(
      db
        .insertInto('certificates')
        .values({ ...certificateCopy, recipient_name: 'Someone Else' })
        .execute(),
    ).rejects.toThrow();

    const slugs = await db.selectFrom('blog_posts').select('slug').where('slug', '=', post.slug).execute();
    expect(slugs).toHaveLength(1);
  });
});

describe.each(testDialects)('demo seed is all or nothing on %s', (dialect) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('leaves nothing behind when any part fails', async () => {
    const db = t.database.db;
    const now = new Date().toISOString();
    // A category the seed also wants: its insert fails half-way through the transaction.
    await db
      .insertInto('blog_categories')
      .values({ name: 'Existing', slug: 'ai', created_at: now, updated_at: now })
      .execute();

    await expect(seedDemoContent(db)).rejects.toThrow();
    // A unique key the seed itself trips over, with no other seed's content there, is no lost race.
    await expect(seedDemoContentIfEmpty(db)).rejects.toThrow();

    expect(await isEmpty(db)).toBe(true);
    for (const table of ['company_profile', 'services', 'team_members', 'pricing_packages', 'internships'] as const) {
      expect(await count(db, table), table).toBe(0);
    }
    expect(await db.selectFrom('blog_categories').select('name').execute()).toEqual([{ name: 'Existing' }]);
  });
});

// Two connections of one process to one SQLite file block each other's thread while waiting for the
// write lock, so this race is run on the network databases; start-up takes the bootstrap lease anyway.
describe.each(testDialects.filter((d) => d !== 'sqlite'))('demo seed raced by several instances on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it('loads the content once: the others report it was there instead of failing', async () => {
    const instances = Array.from({ length: 3 }, () => createDatabase(t.url));
    try {
      const seeded = await Promise.all(instances.map((d) => seedDemoContentIfEmpty(d.db)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
    }
    expect(await count(t.database.db, 'company_profile')).toBe(1);
    expect(await count(t.database.db, 'social_links')).toBe(demoSocialLinks.length);
    expect(await seedDemoContentIfEmpty(t.database.db)).toBe(false);
  });
});
