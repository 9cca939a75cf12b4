import { describe, expect, it } from 'vitest';
import type { AnalyticsDashboard } from '../../../shared/contracts/analytics-dashboard';
import { bearer, createStaff, freshIp, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { ROLLUP_JOB } from './analytics-admin.routes';
import { claimJob, ensureJobRow, releaseJob } from '../../jobs/job-leases.repository';
import { siteCalendar } from './site-calendar';
import { sendWeeklyReportIfDue } from './weekly-report';
import { siteFigures } from '../../site-figures';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** UTC+5 all year: a local day starts at 19:00 UTC the day before. */
const ZONE = 'Asia/Karachi';
const calendar = siteCalendar(ZONE);

describe('the site calendar', () => {
  it('starts a day at local midnight, also across a daylight-saving change', () => {
    expect(calendar.startOf('2026-11-24')).toBe('2026-11-23T19:00:00.000Z');
    expect(calendar.dayOf(new Date('2026-11-23T19:00:00.000Z'))).toBe('2026-11-24');
    expect(calendar.dayOf(new Date('2026-11-23T18:59:59.999Z'))).toBe('2026-11-23');
    const berlin = siteCalendar('Europe/Berlin');
    // 29 March 2026 has 23 hours in Berlin.
    expect(berlin.startOf('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(berlin.startOf('2026-03-30')).toBe('2026-03-29T22:00:00.000Z');
    expect(calendar.span('2026-02-27', '2026-03-01')).toBe(3);
    expect(calendar.addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe.each(testDialects)('analytics dashboards on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false, env: { SITE_TIME_ZONE: ZONE } });
  const db = () => t.db.database.db;
  let staff: Record<'admin' | 'editor' | 'viewer', Session>;

  const get = async (url: string, session: Session | null = staff.viewer) =>
    t.app.inject({ method: 'GET', url, headers: session ? bearer(session.token) : {} });
  const dashboardOf = async (query = '') => {
    const res = await get(`/api/analytics/dashboard${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as AnalyticsDashboard;
  };
  const beacon = (path: 'pageview' | 'event', payload: object, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/analytics/${path}`,
      payload,
      remoteAddress: ip,
      headers: { 'user-agent': CHROME },
    });
  const today = () => calendar.dayOf(new Date());
  /** An instant `minutes` after the start of the local day `daysAgo` days before today. */
  const at = (daysAgo: number, minutes: number) =>
    new Date(Date.parse(calendar.startOf(calendar.addDays(today(), -daysAgo))) + minutes * 60_000).toISOString();
  const view = (
    page_url: string,
    visitor_hash: string,
    created_at: string,
    referrer_source = 'Internal',
    is_sample = 0,
  ) =>
    db()
      .insertInto('analytics_page_views')
      .values({ page_url, visitor_hash, created_at, referrer_source, is_sample })
      .execute();
  const engagement = (visitor_hash: string, seconds: number, created_at: string) =>
    db()
      .insertInto('analytics_events')
      .values({ event_type: 'page_engagement', event_value: seconds, page_url: '/', visitor_hash, created_at })
      .execute();
  const wipe = async () => {
    for (const table of [
      'analytics_page_views',
      'analytics_events',
      'analytics_daily',
      'analytics_daily_pages',
      'analytics_daily_referrers',
      'contacts',
      'activity_log',
    ] as const) {
      await db().deleteFrom(table).execute();
    }
  };

  /**
   * Known traffic: today through the beacons (two visitors), three days ago and forty days ago straight into
   * the table (past days cannot be sent as beacons), one of them labelled sample traffic.
   */
  async function knownTraffic() {
    await wipe();
    const alice = freshIp();
    const bob = freshIp();
    expect(
      (await beacon('pageview', { page_url: '/', referrer: 'https://www.google.com/search?q=x' }, alice)).statusCode,
    ).toBe(202);
    await beacon('pageview', { page_url: '/blog', referrer: 'http://localhost:3000/' }, alice);
    await beacon('pageview', { page_url: '/blog?category=web' }, bob);
    await beacon('event', { event_type: 'page_engagement', event_value: 30, page_url: '/' }, alice);
    await beacon('event', { event_type: 'page_engagement', event_value: 10, page_url: '/blog' }, bob);
    // Three days ago: h1 sees two pages (not a bounce), h2 one from LinkedIn (a bounce), one sample view.
    await view('/portfolio', 'h1', at(3, 10), 'Direct');
    await view('/portfolio', 'h1', at(3, 11));
    await view('/blog', 'h2', at(3, 12), 'LinkedIn');
    await view('/blog', 'sample-1', at(3, 13), 'Google', 1);
    await engagement('h1', 120, at(3, 12));
    // Forty days ago: outside the last 30 days.
    await view('/about', 'h3', at(40, 60), 'Twitter');
  }

  it('needs a signed-in staff member; viewers read every figure', async () => {
    staff = await createStaff(t.app, db());
    for (const path of ['overview', 'dashboard', 'realtime', 'pages', 'referrers', 'events', 'export']) {
      expect((await get(`/api/analytics/${path}`, null)).statusCode, path).toBe(401);
      expect((await get(`/api/analytics/${path}`)).statusCode, path).toBe(200);
    }
  });

  it('computes every dashboard figure from the recorded traffic, the same before and after the roll-up', async () => {
    await knownTraffic();
    const before = await dashboardOf();
    expect(before.period).toEqual({
      from: calendar.addDays(today(), -29),
      to: today(),
      days: 30,
      time_zone: ZONE,
    });
    expect(before.overview).toEqual({
      page_views: 7,
      today_views: 3,
      // Per day: alice and bob today; h1, h2 and the sample visitor three days ago.
      unique_visitors: 5,
      // (30 + 10 + 120) seconds over three visitors who reported time.
      avg_session_duration: 53,
      // bob, h2 and the sample visitor saw one page: 3 of 5.
      bounce_rate: 60,
    });
    expect(before.views_by_day).toHaveLength(30);
    expect(before.views_by_day.at(-1)).toEqual({ date: today(), views: 3, visitors: 2 });
    expect(before.views_by_day.at(-4)).toEqual({ date: calendar.addDays(today(), -3), views: 4, visitors: 3 });
    expect(before.views_by_day.reduce((sum, d) => sum + d.views, 0)).toBe(7);
    expect(before.top_pages).toEqual([
      { page_url: '/blog', views: 4, percent: 57.1 },
      { page_url: '/portfolio', views: 2, percent: 28.6 },
      { page_url: '/', views: 1, percent: 14.3 },
    ]);
    // Visits: page views that arrived from outside the site (internal navigations are not sources).
    expect(before.top_referrers).toEqual([
      { source: 'Direct', visits: 2, percent: 40 },
      { source: 'Google', visits: 2, percent: 40 },
      { source: 'LinkedIn', visits: 1, percent: 20 },
    ]);
    expect(before.sample_views).toBe(1);

    expect(await t.app.scheduler.runNow(ROLLUP_JOB)).toBe(true);
    const rolled = await db().selectFrom('analytics_daily').select('day').orderBy('day').execute();
    // From the first recorded day to yesterday, days without traffic included.
    expect(rolled[0]!.day).toBe(calendar.addDays(today(), -40));
    expect(rolled.at(-1)!.day).toBe(calendar.addDays(today(), -1));
    expect(rolled).toHaveLength(40);
    expect(await dashboardOf()).toEqual(before);

    const ninety = await dashboardOf('?period=90');
    expect(ninety.overview.page_views).toBe(8);
    expect(ninety.top_referrers.find((r) => r.source === 'Twitter')).toEqual({
      source: 'Twitter',
      visits: 1,
      percent: 16.7,
    });
    expect((await dashboardOf('?period=7d')).overview.page_views).toBe(7);
  });

  it("counts a day from the site's local midnight, in presets and custom periods", async () => {
    await wipe();
    await view('/', 'late', at(0, -1)); // 23:59 yesterday, local time
    await view('/', 'early', at(0, 1)); // 00:01 today
    const todayOnly = await dashboardOf('?period=1');
    expect(todayOnly.overview.page_views).toBe(1);
    expect(todayOnly.period).toMatchObject({ from: today(), to: today(), days: 1 });
    const yesterday = calendar.addDays(today(), -1);
    const custom = await dashboardOf(`?from=${yesterday}&to=${yesterday}`);
    expect(custom.overview.page_views).toBe(1);
    expect(custom.views_by_day).toEqual([{ date: yesterday, views: 1, visitors: 1 }]);
    await t.app.scheduler.runNow(ROLLUP_JOB);
    expect((await dashboardOf(`?from=${yesterday}&to=${today()}`)).views_by_day).toEqual([
      { date: yesterday, views: 1, visitors: 1 },
      { date: today(), views: 1, visitors: 1 },
    ]);
  });

  it('refuses a period it cannot read with a clear message', async () => {
    const cases: [string, string][] = [
      ['?period=0', 'Period must be between 1 and 366 days'],
      ['?period=400', 'Period must be between 1 and 366 days'],
      ['?period=abc', 'Period must be a number of days'],
      ['?from=2026-01-01', 'A custom period needs both from and to'],
      ['?from=2026-02-01&to=2026-01-01', 'From must not be after to'],
      ['?from=2024-01-01&to=2026-01-01', 'A period may span at most 366 days'],
      ['?from=2026-02-30&to=2026-03-01', 'Dates must be real days'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/analytics/dashboard${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });

  it('lists pages with paging and sorts, sources, events by kind and the last five minutes', async () => {
    await knownTraffic();
    const pages = (await get('/api/analytics/pages?limit=2')).json().data;
    expect(pages.items).toEqual([
      { page_url: '/blog', views: 4, visitors: 4, percent: 57.1 },
      { page_url: '/portfolio', views: 2, visitors: 1, percent: 28.6 },
    ]);
    expect(pages).toMatchObject({ total: 3, page: 1, pages: 2, limit: 2, total_views: 7 });
    const second = (await get('/api/analytics/pages?limit=2&page=2')).json().data;
    expect(second.items.map((p: { page_url: string }) => p.page_url)).toEqual(['/']);
    const byUrl = (await get('/api/analytics/pages?sort=page_url')).json().data;
    expect(byUrl.items.map((p: { page_url: string }) => p.page_url)).toEqual(['/', '/blog', '/portfolio']);

    const sources = (await get('/api/analytics/referrers?limit=1')).json().data;
    expect(sources.items).toEqual([{ source: 'Direct', visits: 2, percent: 40 }]);
    expect(sources.total_visits).toBe(5);

    const events = (await get('/api/analytics/events')).json().data;
    expect(events.items).toEqual([
      expect.objectContaining({ event_type: 'page_engagement', event_category: null, event_action: null, count: 3 }),
    ]);
    const onBlog = (await get('/api/analytics/events?page=/blog')).json().data;
    expect(onBlog.items[0].count).toBe(1);

    const live = (await get('/api/analytics/realtime')).json().data;
    expect(live).toEqual({
      minutes: 5,
      visitors: 2,
      page_views: 3,
      pages: [
        { page_url: '/blog', views: 2 },
        { page_url: '/', views: 1 },
      ],
    });
  });

  it('relates contacts to page views and content to its counters', async () => {
    await knownTraffic();
    const now = new Date().toISOString();
    const contact = (status: 'new' | 'contacted' | 'failed', created_at: string) => ({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      message: 'Hello',
      status,
      created_at,
      updated_at: now,
    });
    await db()
      .insertInto('contacts')
      .values([contact('new', now), contact('contacted', now), contact('failed', now), contact('contacted', at(60, 0))])
      .execute();
    const figures = await dashboardOf();
    expect(figures.contacts).toEqual({
      total: 4,
      new_this_week: 3,
      // contacted twice of four (a failed submission was never answered).
      response_rate: 50,
      // three contacts in the period over seven page views.
      conversion_rate: 42.86,
    });
    expect(figures.blog).toMatchObject({ total_posts: 0, engagement_rate: 0, top_posts: [] });
    expect(figures.portfolio).toMatchObject({ total: 0, success_rate: 0, by_industry: [], top_technologies: [] });

    const overview = (await get('/api/analytics/overview')).json().data;
    expect(overview).toMatchObject({
      page_views: { total: 8, today: 3, sample: 1 },
      contacts: { total: 4, new: 1 },
      rates: { response_rate: 50 },
    });
  });

  it('exports the period as CSV and JSON downloads', async () => {
    await knownTraffic();
    const csv = await get('/api/analytics/export?format=csv&period=7');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const from = calendar.addDays(today(), -6);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="analytics_${from}_${today()}.csv"`);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('section,date,name,views,visitors,percent');
    expect(lines).toContain(`day,${today()},,3,2,`);
    expect(lines).toContain('page,,/blog,4,4,57.1');
    expect(lines).toContain('source,,Google,2,,40');
    expect(lines.filter((l) => l.startsWith('day,'))).toHaveLength(7);

    const json = await get('/api/analytics/export?format=json&period=7');
    expect(json.headers['content-disposition']).toBe(`attachment; filename="analytics_${from}_${today()}.json"`);
    const body = JSON.parse(json.body);
    expect(body.overview.page_views).toBe(7);
    expect(body.pages).toHaveLength(3);
    expect(body.events[0]).toMatchObject({ event_type: 'page_engagement', count: 3 });
    expect((await get('/api/analytics/export?format=xml')).statusCode).toBe(400);
  });

  it('lets only an admin clear analytics, after typing the confirmation', async () => {
    await knownTraffic();
    await t.app.scheduler.runNow(ROLLUP_JOB);
    const clear = (session: Session, payload: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/analytics', payload, headers: bearer(session.token) });
    expect((await clear(staff.viewer, { confirm: 'CLEAR' })).statusCode).toBe(403);
    expect((await clear(staff.editor, { confirm: 'CLEAR' })).statusCode).toBe(403);
    const wrong = await clear(staff.admin, { confirm: 'clear' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Type CLEAR to confirm clearing analytics');
    expect((await dashboardOf()).overview.page_views).toBe(7);

    const res = await clear(staff.admin, { confirm: 'CLEAR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { page_views: 8, events: 3 },
      message: expect.stringContaining('cleared'),
    });
    for (const table of [
      'analytics_page_views',
      'analytics_events',
      'analytics_daily',
      'analytics_daily_pages',
    ] as const) {
      expect(await db().selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    const after = await dashboardOf();
    expect(after.overview).toMatchObject({ page_views: 0, unique_visitors: 0, avg_session_duration: 0 });
    expect(after.top_pages).toEqual([]);
    const activity = await db().selectFrom('activity_log').select(['type', 'action', 'user_id']).execute();
    expect(activity).toContainEqual({ type: 'analytics', action: 'Cleared analytics', user_id: staff.admin.user.id });
  });

  it('mails last week’s report on Monday from 08:00 to staff who asked for it, once', async () => {
    await knownTraffic();
    await db().deleteFrom('mail_outbox').execute();
    await db().deleteFrom('job_leases').execute();
    await db()
      .insertInto('user_email_preferences')
      .values({ user_id: staff.editor.user.id, weekly_report: 1, updated_at: new Date().toISOString() })
      .execute();
    const adminUrl = 'http://localhost/admin/analytics';
    // Monday 30 November 2026, 07:30 and 09:00 in Karachi.
    const early = new Date('2026-11-30T02:30:00Z');
    const nine = new Date('2026-11-30T04:00:00Z');
    expect(await sendWeeklyReportIfDue(db(), t.app.mailer, calendar, adminUrl, early, siteFigures)).toBeNull();
    expect(await sendWeeklyReportIfDue(db(), t.app.mailer, calendar, adminUrl, nine, siteFigures)).toBe(1);
    expect(await sendWeeklyReportIfDue(db(), t.app.mailer, calendar, adminUrl, nine, siteFigures)).toBeNull();
    // Wednesday of the same week: already sent.
    expect(
      await sendWeeklyReportIfDue(
        db(),
        t.app.mailer,
        calendar,
        adminUrl,
        new Date('2026-12-02T04:00:00Z'),
        siteFigures,
      ),
    ).toBeNull();
    const mails = await db().selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body', 'kind']).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to_address: staff.editor.user.email,
      kind: 'weekly-report',
      subject: 'Website report for 2026-11-23 to 2026-11-29',
    });
    expect(mails[0]!.text_body).toContain('Page views: ');
    expect(mails[0]!.text_body).toContain(adminUrl);
  });

  it('gives a scheduled job to one instance at a time, once per interval', async () => {
    const name = 'test-job';
    await ensureJobRow(db(), name);
    await ensureJobRow(db(), name);
    const now = new Date();
    const claim = (owner: string, at: Date, notStartedSince: string | null) =>
      claimJob(db(), {
        name,
        owner,
        now: at.toISOString(),
        leaseUntil: new Date(at.getTime() + 60_000).toISOString(),
        notStartedSince,
      });
    const [a, b] = await Promise.all([claim('a', now, null), claim('b', now, null)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const holder = a ? 'a' : 'b';
    await releaseJob(db(), { name, owner: holder, now: now.toISOString(), error: null });
    // Another instance's timer a moment later: this interval's run already started.
    const later = new Date(now.getTime() + 1000);
    expect(await claim('c', later, new Date(later.getTime() - 60_000).toISOString())).toBe(false);
    // A lease that ran out (its instance died) can be taken over.
    expect(await claim('c', later, null)).toBe(true);
    expect(await claim('d', new Date(later.getTime() + 30_000), null)).toBe(false);
    expect(await claim('d', new Date(later.getTime() + 61_000), null)).toBe(true);
  });
});
