import { describe, expect, it } from 'vitest';
import {
  portfolioCategoriesDataSchema,
  portfolioStatsDataSchema,
  projectDetailDataSchema,
  projectLikeDataSchema,
} from '../../../shared/contracts/portfolio';
import { demoProjects } from '../../seed/demo-projects';
import { bearer } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import {
  published,
  hidden,
  CACHE,
  STAFF_CACHE,
  STAFF_FIELDS,
  UA,
  slugsOf,
  newest,
  relatedTo,
  usePublicPortfolioCalls,
} from './portfolio-public-testing';

describe.each(testDialects)('the public portfolio API on %s', (dialect) => {
  const { t, staff, get, idOf } = usePublicPortfolioCalls(dialect);

  describe('GET /api/portfolio/projects/{slug or id}', () => {
    it('returns a published project with technologies, gallery, team, testimonials and related projects', async () => {
      const source = demoProjects[0]!;
      const res = await get(`/api/portfolio/projects/${source.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const { project, related } = projectDetailDataSchema.parse(res.json().data);
      expect(project).toMatchObject({
        slug: source.slug,
        title: source.title,
        short_description: source.short_description,
        description: source.description,
        results: source.results,
        technical_specs: source.technical_specs,
        technologies: source.technologies,
        gallery: source.gallery,
        team: source.team,
      });
      expect(project.testimonials.map(({ id: _id, ...rest }) => rest)).toEqual(source.testimonials);
      for (const field of STAFF_FIELDS) expect(res.json().data.project).not.toHaveProperty(field);
      expect(related.map((p) => p.slug)).toEqual(relatedTo(source).slice(0, 4));
    });

    it('returns the same project by id', async () => {
      const id = await idOf('learnpath-online-academy');
      const res = await get(`/api/portfolio/projects/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.project.slug).toBe('learnpath-online-academy');
    });

    it('answers 404 to visitors for an unpublished project by slug or id, and for unknown ones', async () => {
      const id = await idOf(hidden.slug);
      for (const key of [hidden.slug, String(id), 'no-such-project', '999999']) {
        const res = await get(`/api/portfolio/projects/${key}`);
        expect(res.statusCode, key).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Project not found' });
        expect(res.headers['cache-control']).not.toBe(CACHE);
      }
    });

    it('shows staff an unpublished project, uncached', async () => {
      const res = await get(`/api/portfolio/projects/${hidden.slug}`, bearer(staff.token));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(STAFF_CACHE);
      const { project, related } = projectDetailDataSchema.parse(res.json().data);
      expect(project).toMatchObject({ slug: hidden.slug, published: false, technologies: hidden.technologies });
      expect(related.map((p) => p.slug)).not.toContain(hidden.slug);
    });
  });

  describe('GET /api/portfolio/related/{slug}', () => {
    it('lists published projects of the same industry or with shared technologies, most alike first', async () => {
      for (const source of [demoProjects[0]!, demoProjects[3]!, demoProjects[7]!]) {
        for (const url of [`/api/portfolio/related/${source.slug}`, `/api/portfolio/projects/related/${source.slug}`]) {
          const res = await get(`${url}?limit=6`);
          expect(res.statusCode, url).toBe(200);
          expect(res.headers['cache-control']).toBe(CACHE);
          const projects = res.json().data.projects as Array<{ slug: string }>;
          expect(projects.map((p) => p.slug)).toEqual(relatedTo(source).slice(0, 6));
          expect(projects.map((p) => p.slug)).not.toContain(hidden.slug);
        }
      }
      const byDefault = await get(`/api/portfolio/related/${demoProjects[0]!.slug}`);
      expect(byDefault.json().data.projects).toHaveLength(4);
    });

    it('answers 404 for an unpublished or unknown project (staff may ask about an unpublished one) and 400 for a bad limit', async () => {
      expect((await get(`/api/portfolio/related/${hidden.slug}`)).statusCode).toBe(404);
      expect((await get('/api/portfolio/related/no-such-project')).statusCode).toBe(404);
      const asStaff = await get(`/api/portfolio/related/${hidden.slug}`, bearer(staff.token));
      expect(asStaff.statusCode).toBe(200);
      expect(asStaff.json().data.projects.map((p: { slug: string }) => p.slug)).toEqual(relatedTo(hidden).slice(0, 4));
      const bad = await get(`/api/portfolio/related/${demoProjects[0]!.slug}?limit=7`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('limit');
    });
  });

  describe('featured, recent, categories, category and stats', () => {
    it('lists up to 6 featured published projects in the staff order', async () => {
      const featured = published.filter((p) => p.featured);
      for (const url of ['/api/portfolio/featured', '/api/portfolio/projects/featured']) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe(CACHE);
        expect(res.json().data.projects.map((p: { slug: string }) => p.slug)).toEqual(slugsOf(featured.slice(0, 6)));
      }
      const more = await get('/api/portfolio/featured?limit=20');
      expect(more.json().data.projects).toHaveLength(featured.length);
    });

    it('lists the newest published projects, 4 by default', async () => {
      for (const url of ['/api/portfolio/recent', '/api/portfolio/projects/recent']) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.projects.map((p: { slug: string }) => p.slug)).toEqual(newest(published).slice(0, 4));
      }
      const two = await get('/api/portfolio/recent?limit=2');
      expect(two.json().data.projects).toHaveLength(2);
    });

    it('lists the documented and the used industries and technologies with published counts', async () => {
      const res = await get('/api/portfolio/categories');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const data = portfolioCategoriesDataSchema.parse(res.json().data);
      expect(data.industries).toEqual([
        { name: 'E-Commerce', slug: 'e-commerce', count: 2 },
        { name: 'Healthcare', slug: 'healthcare', count: 2 },
        { name: 'Education', slug: 'education', count: 1 },
        { name: 'Finance', slug: 'finance', count: 2 },
        // The hidden project is the other Technology one.
        { name: 'Technology', slug: 'technology', count: 1 },
        { name: 'Real Estate', slug: 'real-estate', count: 1 },
        { name: 'Entertainment', slug: 'entertainment', count: 1 },
        { name: 'Manufacturing', slug: 'manufacturing', count: 1 },
      ]);
      const category = (name: string) => data.categories.find((c) => c.name === name)?.count;
      expect(category('Web Application')).toBe(4);
      expect(category('AI Solution')).toBe(1);
      const tech = (name: string) => data.technologies.find((c) => c.name === name)?.count;
      const uses = (name: string) => published.filter((p) => p.technologies.includes(name)).length;
      expect(data.technologies.slice(0, 8).map((t) => t.name)).toEqual([
        'React',
        'Vue.js',
        'Node.js',
        'Laravel',
        'MongoDB',
        'MySQL',
        'AWS',
        'Docker',
      ]);
      for (const name of ['React', 'MySQL', 'Python', 'Flutter', 'Kubernetes'])
        expect(tech(name), name).toBe(uses(name));
      const allUsed = new Set(published.flatMap((p) => p.technologies));
      expect(data.technologies).toHaveLength(new Set([...allUsed, 'React', 'Vue.js']).size);
    });

    it('lists projects of a category or industry by name or slug', async () => {
      const of = async (category: string, query = '') => {
        const res = await get(`/api/portfolio/category/${category}${query}`);
        expect(res.statusCode, category).toBe(200);
        return (res.json().data.projects as Array<{ slug: string }>).map((p) => p.slug);
      };
      const webApps = newest(published.filter((p) => p.category === 'Web Application'));
      expect(await of('web-application')).toEqual(webApps);
      expect(await of('Web%20Application')).toEqual(webApps);
      expect(await of('e-commerce')).toEqual(newest(published.filter((p) => p.industry === 'E-Commerce')));
      expect(await of('web-application', '?limit=2')).toEqual(webApps.slice(0, 2));
      expect(await of('nothing-here')).toEqual([]);
      // The hidden project's category has no published project.
      expect(await of('ai-solution')).toEqual(['ledgerly-invoice-automation']);
    });

    it('reports published figures to visitors and every project to staff', async () => {
      const res = await get('/api/portfolio/stats');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      const stats = portfolioStatsDataSchema.parse(res.json().data);
      const done = published.filter((p) => p.status === 'done').length;
      expect(stats).toMatchObject({
        total: published.length,
        completed: done,
        in_progress: published.length - done,
        featured: published.filter((p) => p.featured).length,
        success_rate: Math.round((done * 100) / published.length),
        likes: published.reduce((sum, p) => sum + p.likes, 0),
      });
      expect(res.json().data).not.toHaveProperty('unpublished');
      expect(stats.industries[0]).toEqual({ name: 'E-Commerce', count: 2 });
      expect(stats.top_technologies).toHaveLength(5);
      expect(stats.top_technologies[0]).toEqual({
        name: 'AWS',
        count: published.filter((p) => p.technologies.includes('AWS')).length,
      });

      const asStaff = await get('/api/portfolio/stats', bearer(staff.token));
      expect(asStaff.headers['cache-control']).toBe(STAFF_CACHE);
      expect(portfolioStatsDataSchema.parse(asStaff.json().data)).toMatchObject({
        total: demoProjects.length,
        published: published.length,
        unpublished: 1,
        in_progress: demoProjects.filter((p) => p.status === 'progress').length,
      });
    });
  });

  describe('POST /api/portfolio/projects/{id}/like', () => {
    let ipCounter = 0;
    const freshIp = () => `10.98.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
    const like = (slugOrId: string | number, ip: string, userAgent = UA) =>
      t.app.inject({
        method: 'POST',
        url: `/api/portfolio/projects/${slugOrId}/like`,
        headers: { 'user-agent': userAgent },
        remoteAddress: ip,
      });
    const likesOf = async (slug: string) =>
      (await get(`/api/portfolio/projects/${slug}`)).json().data.project.likes as number;

    it('counts one like per visitor: a replay by slug or id does not count, another visitor does', async () => {
      const slug = 'skyline-properties-portal';
      const id = await idOf(slug);
      const before = await likesOf(slug);
      const ip = freshIp();
      const first = await like(slug, ip);
      expect(first.statusCode, first.body).toBe(200);
      expect(projectLikeDataSchema.parse(first.json().data)).toEqual({ likes: before + 1, liked: true });
      for (const target of [slug, id]) {
        const replay = await like(target, ip);
        expect(replay.json().data).toEqual({ likes: before + 1, liked: true });
      }
      expect((await like(slug, ip, 'Another browser/2.0')).json().data.likes).toBe(before + 2);
      expect((await like(id, freshIp())).json().data.likes).toBe(before + 3);
      expect(await likesOf(slug)).toBe(before + 3);
      const rows = await t.db.database.db
        .selectFrom('project_likes')
        .selectAll()
        .where('project_id', '=', id)
        .execute();
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.visitor_key).toMatch(/^[0-9a-f]{64}$/);
    });

    it('answers 404 for an unpublished or unknown project and records nothing', async () => {
      const ip = freshIp();
      for (const target of [hidden.slug, String(await idOf(hidden.slug)), 'no-such-project', '999999']) {
        const res = await like(target, ip);
        expect(res.statusCode, target).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Project not found' });
      }
      const rows = await t.db.database.db
        .selectFrom('project_likes')
        .selectAll()
        .where('project_id', '=', await idOf(hidden.slug))
        .execute();
      expect(rows).toEqual([]);
    });

    it('is rate-limited per client address', async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await like('learnpath-online-academy', ip, `UA ${i}`)).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });
});
