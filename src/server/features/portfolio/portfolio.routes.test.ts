import { describe, expect, it } from 'vitest';
import { portfolioListDataSchema } from '../../../shared/contracts/portfolio';
import { demoProjects } from '../../seed/demo-projects';
import { bearer, createEndedSession } from '../../testing/auth-helpers';
import { testDialects } from '../../testing/test-database';
import {
  published,
  hidden,
  CACHE,
  STAFF_CACHE,
  PUBLIC_KEYS,
  slugsOf,
  newest,
  lower,
  type Demo,
  usePublicPortfolioCalls,
} from './portfolio-public-testing';

describe.each(testDialects)('the public portfolio API on %s', (dialect) => {
  const { t, staff, get, list, slugs, idOf } = usePublicPortfolioCalls(dialect);

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
});
