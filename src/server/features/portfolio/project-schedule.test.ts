import { beforeAll, describe, expect, it } from 'vitest';
import { projectDetailSchema } from '../../../shared/contracts/portfolio';
import { bearer, createSignedIn, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { publishDueProjects } from './project-schedule.repository';

/*
 * Scheduled projects (ADR 0040): invisible to visitors (lists, the project page, the sitemap) until the
 * publishing job runs at or after their time, then shown everywhere at once, published once.
 */

const JOB = 'publish-scheduled-projects';

describe.each(testDialects)('scheduled portfolio projects on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { PUBLIC_URL: 'https://www.example.com' } });
  let editor: Session;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
  });

  const write = async (method: 'POST' | 'PUT' | 'PATCH', url: string, body: object) => {
    const res = await t.app.inject({ method, url, payload: body, headers: bearer(editor.token) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return projectDetailSchema.parse(res.json().data.project);
  };
  const create = (publishAt: string | null) =>
    write('POST', '/api/portfolio/projects', {
      title: unique('Scheduled project '),
      text: 'A project that goes live later.',
      client: 'Harbor Freight Co.',
      industry: 'Manufacturing',
      technologies: ['React'],
      results: 'It went live on time.',
      publish_at: publishAt,
    });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const visibility = async (slug: string) => {
    const list = (await get('/api/portfolio/projects?limit=100')).json().data.projects as Array<{ slug: string }>;
    return {
      list: list.some((p) => p.slug === slug),
      page: (await get(`/api/portfolio/projects/${slug}`)).statusCode,
      sitemap: (await get('/sitemap-projects-1.xml')).body.includes(`/portfolio/${slug}<`),
    };
  };

  it('keeps a scheduled project from visitors until its time, then shows it everywhere at once', async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const project = await create(at.toISOString());
    expect(project).toMatchObject({ published: false, publication_status: 'scheduled', publish_at: at.toISOString() });
    // The project's own progress keeps its name.
    expect(project.status).toBe('progress');

    const hidden = { list: false, page: 404, sitemap: false };
    expect(await visibility(project.slug)).toEqual(hidden);
    await t.app.scheduler.runNow(JOB, new Date(at.getTime() - 1000));
    expect(await visibility(project.slug)).toEqual(hidden);
    await t.app.scheduler.runNow(JOB, new Date(at.getTime() + 1000));
    expect(await visibility(project.slug)).toEqual({ list: true, page: 200, sitemap: true });

    const live = await write('PUT', `/api/portfolio/projects/${project.id}`, {});
    expect(live).toMatchObject({ published: true, publication_status: 'published', publish_at: null });
    const activity = await t.db.database.db
      .selectFrom('activity_log')
      .select('action')
      .where('item', '=', project.title)
      .execute();
    expect(activity.map((a) => a.action)).toContain('Published scheduled project');
  });

  it('publishes a due project once when two runs race, and a toggle or an unschedule ends the schedule', async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const raced = await create(at.toISOString());
    const later = new Date(at.getTime() + 1000);
    const runs = await Promise.all([
      publishDueProjects(t.db.database.db, later),
      publishDueProjects(t.db.database.db, later),
    ]);
    expect(runs.flat().filter((p) => p.id === raced.id)).toHaveLength(1);

    const toggled = await create(at.toISOString());
    expect(await write('PATCH', `/api/portfolio/projects/${toggled.id}/published`, { published: true })).toMatchObject({
      publication_status: 'published',
      publish_at: null,
    });
    const unscheduled = await create(at.toISOString());
    expect(await write('PUT', `/api/portfolio/projects/${unscheduled.id}`, { publish_at: null })).toMatchObject({
      publication_status: 'draft',
      publish_at: null,
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/portfolio/projects/${unscheduled.id}`,
      payload: { publish_at: 'next week', title: 'Changed' },
      headers: bearer(editor.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'publish_at', message: expect.stringContaining('Publish time') }]);
    expect((await write('PUT', `/api/portfolio/projects/${unscheduled.id}`, {})).title).toBe(unscheduled.title);
  });
});
