import { beforeAll, describe, expect, it } from 'vitest';
import {
  portfolioCategoriesDataSchema,
  portfolioListDataSchema,
  portfolioStatsDataSchema,
  projectDetailDataSchema,
  projectLikeDataSchema,
  projectSummarySchema,
} from '../../../shared/contracts/portfolio';
import { demoProjects, type DemoProject } from '../../seed/demo-projects';
import { bearer, createEndedSession, createSignedIn } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

const published = demoProjects.filter((p) => p.published);
const hidden = demoProjects.find((p) => !p.published)!;
const CACHE = 'public, max-age=60, stale-while-revalidate=600';
const STAFF_CACHE = 'private, no-store';
const STAFF_FIELDS = ['published', 'publication_status', 'publish_at', 'sort_order', 'updated_at', 'version'];
const PUBLIC_KEYS = Object.keys(projectSummarySchema.shape)
  .filter((key) => !STAFF_FIELDS.includes(key))
  .sort();
const UA = 'Mozilla/5.0 (portfolio test)';

type Demo = DemoProject;
const slugsOf = (list: Demo[]) => list.map((p) => p.slug);
const newest = (list: Demo[]) => slugsOf([...list].sort((a, b) => b.created_at.localeCompare(a.created_at)));
const lower = (value: string) => value.toLowerCase();
const sameText = (a: string, b: string) => lower(a) === lower(b);

/** The documented "most alike first" order: same industry counts 3, each shared technology 1. */
function relatedTo(source: Demo): string[] {
  const techs = new Set(source.technologies.map(lower));
  return published
    .filter((p) => p.slug !== source.slug)
    .map((p) => ({
      p,
      score: (sameText(p.industry, source.industry) ? 3 : 0) + p.technologies.filter((t) => techs.has(lower(t))).length,
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || b.p.created_at.localeCompare(a.p.created_at))
    .map((entry) => entry.p.slug);
}

describe.each(testDialects)('the public portfolio API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const staff = { token: '' };
  beforeAll(async () => {
    staff.token = (await createSignedIn(t.app, t.db.database.db, { role: 'viewer' })).token;
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const list = async (query = '', headers: Record<string, string> = {}) => {
    const res = await get(`/api/portfolio/projects${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return portfolioListDataSchema.parse(res.json().data);
  };
  const slugs = async (query = '', headers: Record<string, string> = {}) =>
    (await list(query, headers)).projects.map((p) => p.slug);
  const idOf = async (slug: string) => {
    const row = await t.db.database.db
      .selectFrom('portfolio_projects')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  describe('GET /api/portfolio/projects', () => {
    it('lists published projects only, newest first, six a page, in the public shape', async () => {
      const res = await get('/api/portfolio/projects?limit=100');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(CACHE);
      expect(res.headers.vary).toMatch(/authorization/i);
      const body = res.json();
      const data = portfolioListDataSchema.parse(body.data);
      expect(data.total).toBe(published.length);
      expect(data.projects.map((p) => p.slug)).toEqual(newest(published));
      expect(data.projects.map((p) => p.slug)).not.toContain(hidden.slug);
      for (const project of body.data.projects as Record<string, unknown>[]) {
        expect(Object.keys(project).sort()).toEqual(PUBLIC_KEYS);
      }
      const bloom = data.projects.find((p) => p.slug === 'bloom-retail-online-store')!;
      const source = demoProjects[0]!;
      expect(bloom).toMatchObject({
        title: source.title,
        client: source.client,
        industry: 'E-Commerce',
        category: 'E-commerce Store',
        status: 'done',
        image_url: source.image_url,
        live_url: source.live_url,
        case_study_url: source.case_study_url,
        completion_date: '2025-11-10',
        featured: true,
        colorful: true,
        likes: 96,
        technologies: source.technologies,
        created_at: source.created_at,
      });
      const first = await list();
      expect(first.projects).toHaveLength(6);
      expect(first.pagination).toEqual({ page: 1, limit: 6, total: published.length, pages: 2 });
    });

    it('pages with totals and page counts', async () => {
      const all = newest(published);
      const first = await list('?limit=4');
      expect(first).toMatchObject({
        total: 11,
        page: 1,
        pages: 3,
        pagination: { page: 1, limit: 4, total: 11, pages: 3 },
      });
      expect(first.projects.map((p) => p.slug)).toEqual(all.slice(0, 4));
      const third = await list('?limit=4&page=3');
      expect(third).toMatchObject({ total: 11, page: 3, pages: 3 });
      expect(third.projects.map((p) => p.slug)).toEqual(all.slice(8));
      const beyond = await list('?limit=4&page=4');
      expect(beyond.projects).toEqual([]);
      expect(beyond.total).toBe(11);
    });

    it('sorts newest, oldest, A-Z (title or alphabetical), by client, and by sortBy with a direction', async () => {
      const byTitle = slugsOf([...published].sort((a, b) => lower(a.title).localeCompare(lower(b.title))));
      const byClient = slugsOf([...published].sort((a, b) => lower(a.client).localeCompare(lower(b.client))));
      const q = '&limit=100';
      expect(await slugs(`?sort=newest${q}`)).toEqual(newest(published));
      expect(await slugs(`?sort=oldest${q}`)).toEqual([...newest(published)].reverse());
      expect(await slugs(`?sort=title${q}`)).toEqual(byTitle);
      expect(await slugs(`?sort=alphabetical&sortBy=created_at${q}`)).toEqual(byTitle);
      expect(await slugs(`?sort=client${q}`)).toEqual(byClient);
      expect(await slugs(`?sortBy=title&sortOrder=desc${q}`)).toEqual([...byTitle].reverse());
      expect(await slugs(`?sortBy=created_at&sort=asc${q}`)).toEqual([...newest(published)].reverse());
      expect(await slugs(`?sortBy=likes&sort=desc${q}`)).toEqual(
        slugsOf([...published].sort((a, b) => b.likes - a.likes)),
      );
      // Completion date: undated (in progress) projects last when newest first.
      const dated = await slugs(`?sortBy=completion_date&sortOrder=desc${q}`);
      expect(dated[0]).toBe('devpulse-saas-analytics');
      expect(dated.slice(-3).sort()).toEqual(slugsOf(published.filter((p) => p.completion_date === null)).sort());
    });

    it('filters by industry, category, technology, featured and status, ignoring case; all means none', async () => {
      const q = '&limit=100';
      const match = (pred: (p: Demo) => boolean) => slugsOf(published.filter(pred)).sort();
      expect((await slugs(`?industry=finance${q}`)).sort()).toEqual(match((p) => p.industry === 'Finance'));
      // The admin form spells it E-commerce, the public filter E-Commerce: one industry.
      expect((await slugs(`?industry=E-commerce${q}`)).sort()).toEqual(match((p) => p.industry === 'E-Commerce'));
      expect((await list('?industry=all')).total).toBe(published.length);
      expect((await slugs(`?category=web%20application${q}`)).sort()).toEqual(
        match((p) => p.category === 'Web Application'),
      );
      // category also matches the industry.
      expect((await slugs(`?category=Healthcare${q}`)).sort()).toEqual(match((p) => p.industry === 'Healthcare'));
      expect((await slugs(`?technology=react${q}`)).sort()).toEqual(match((p) => p.technologies.includes('React')));
      expect((await slugs(`?technology=Vue.js${q}`)).sort()).toEqual(match((p) => p.technologies.includes('Vue.js')));
      // The hidden project's own technology mix does not leak through a filter.
      expect(await slugs(`?technology=python&industry=technology${q}`)).toEqual([]);
      expect((await slugs(`?featured=true${q}`)).sort()).toEqual(match((p) => p.featured));
      expect((await slugs(`?featured=false${q}`)).sort()).toEqual(match((p) => !p.featured));
      expect((await slugs(`?status=completed${q}`)).sort()).toEqual(match((p) => p.status === 'done'));
      expect((await slugs(`?status=done${q}`)).sort()).toEqual(match((p) => p.status === 'done'));
      expect((await slugs(`?status=progress${q}`)).sort()).toEqual(match((p) => p.status === 'progress'));
      expect(await slugs(`?industry=Finance&technology=Flask${q}`)).toEqual(['ledgerly-invoice-automation']);
      expect(await slugs(`?industry=no-such-industry${q}`)).toEqual([]);
    });

    it('searches title, descriptions, client, industry, category and technologies via q or search', async () => {
      expect(await slugs('?q=INVOICE')).toEqual(['ledgerly-invoice-automation']);
      expect(await slugs('?search=invoice')).toEqual(['ledgerly-invoice-automation']);
      expect(await slugs('?q=skyline%20properties')).toEqual(['skyline-properties-portal']);
      expect(await slugs('?q=flutter')).toEqual(['streamline-events-ticketing']);
      expect((await slugs('?q=real%20estate')).sort()).toContain('skyline-properties-portal');
      // Only in the hidden project.
      expect(await slugs('?q=knowledge%20assistant')).toEqual([]);
      // LIKE wildcards are literal.
      expect(await slugs('?q=%25')).toEqual([]);
      expect(await slugs('?q=_')).toEqual([]);
    });

    it('excludes one project by slug or by id', async () => {
      const slug = 'bloom-retail-online-store';
      const bySlug = await list(`?exclude=${slug}&limit=100`);
      expect(bySlug.total).toBe(published.length - 1);
      expect(bySlug.projects.map((p) => p.slug)).not.toContain(slug);
      const byId = await slugs(`?exclude=${await idOf(slug)}&limit=100`);
      expect(byId).toHaveLength(published.length - 1);
      expect(byId).not.toContain(slug);
    });

    it.each([
      ['page=0', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['sort=sideways', 'sort'],
      ['sortBy=password', 'sortBy'],
      ['featured=maybe', 'featured'],
      ['status=lost', 'status'],
      ['published=yes', 'published'],
    ])('rejects %s with 400 naming the field', async (query, field) => {
      const res = await get(`/api/portfolio/projects?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });

    it('ignores published for visitors', async () => {
      expect(await slugs('?published=false')).not.toContain(hidden.slug);
      expect((await list('?published=false')).total).toBe(published.length);
    });

    it('refuses a token that is invalid or whose session ended with 401 invalid_token, never answers as to a visitor', async () => {
      // A staff member whose session is ended on the server (a logout in another tab, a revoked session).
      const ended = await createEndedSession(t.app, t.db.database.db, { role: 'editor' });
      const source = published[0]!;
      for (const token of ['not.a.token', ended.token]) {
        for (const url of [
          '/api/portfolio/projects?published=',
          `/api/portfolio/projects/${hidden.slug}`,
          `/api/portfolio/projects/${source.slug}`,
          `/api/portfolio/related/${source.slug}`,
          `/api/portfolio/projects/related/${source.slug}`,
        ]) {
          const res = await get(url, bearer(token));
          expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
          expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
          expect(res.json()).toMatchObject({
            success: false,
            code: 'UNAUTHENTICATED',
            message: 'Session expired. Please login again.',
          });
        }
      }
      // An Authorization header of another scheme carries no bearer token: a visitor.
      expect((await list('?published=', { authorization: 'Basic abc' })).total).toBe(published.length);
    });

    it('shows staff unpublished projects with the staff fields, never cached', async () => {
      const headers = bearer(staff.token);
      const res = await get('/api/portfolio/projects?limit=100', headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(STAFF_CACHE);
      const all = portfolioListDataSchema.parse(res.json().data);
      expect(all.total).toBe(demoProjects.length);
      const row = all.projects.find((p) => p.slug === hidden.slug)!;
      expect(row).toMatchObject({ published: false, sort_order: 11 });
      expect(row.updated_at).toBe(hidden.created_at);
      expect(await slugs('?published=false', headers)).toEqual([hidden.slug]);
      expect((await list('?published=true', headers)).total).toBe(published.length);
      expect((await list('?published=', headers)).total).toBe(demoProjects.length);
    });
  });

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

  describe('POST /api/portfolio/projects/search', () => {
    const search = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/portfolio/projects/search',
        payload,
        headers,
        remoteAddress: '10.77.0.1',
      });

    it('searches published projects with the list filters and paging', async () => {
      const res = await search({ query: 'invoice' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = portfolioListDataSchema.parse(res.json().data);
      expect(data.projects.map((p) => p.slug)).toEqual(['ledgerly-invoice-automation']);
      const finance = portfolioListDataSchema.parse((await search({ query: '', industry: 'Finance' })).json().data);
      expect(finance.projects.map((p) => p.slug).sort()).toEqual(
        ['ledgerly-invoice-automation', 'paysecure-wallet-dashboard'].sort(),
      );
      const paged = portfolioListDataSchema.parse((await search({ technology: 'AWS', limit: 2, page: 2 })).json().data);
      expect(paged.pagination).toMatchObject({ page: 2, limit: 2 });
      expect(paged.total).toBe(published.filter((p) => p.technologies.includes('AWS')).length);
      expect((await search({ query: 'knowledge assistant' })).json().data.projects).toEqual([]);
    });

    it('finds unpublished projects for staff only, and rejects bad bodies', async () => {
      const asStaff = await search({ query: 'knowledge assistant' }, bearer(staff.token));
      expect(asStaff.json().data.projects.map((p: { slug: string }) => p.slug)).toEqual([hidden.slug]);
      const bad = await search({ query: 'x', limit: 1000 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('limit');
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
