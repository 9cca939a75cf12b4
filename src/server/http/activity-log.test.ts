import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem } from '../../shared/contracts/analytics-dashboard';
import { buildApp } from '../app';
import { listActivity } from '../features/analytics/activity.repository';
import { demoBlogPosts } from '../seed/demo-blog-posts';
import {
  bearer,
  createStaff,
  createUser,
  freshIp,
  postLogin,
  signIn,
  TEST_PASSWORD,
  unique,
  type Session,
} from '../testing/auth-helpers';
import { useTestApp } from '../testing/test-app';
import { countRows, testDialects } from '../testing/test-database';
import type { Role } from '../../shared/contracts/auth';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const postContent = `<p>${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}</p>`;

describe.each(testDialects)('the recent activity of staff actions and visitors on %s', (dialect) => {
  // Seeded: published posts to comment on and the company profile.
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;
  let staff: Record<Role, Session>;

  beforeAll(async () => {
    staff = await createStaff(t.app, db());
  });

  const call = (method: Method, url: string, session: Session | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: session ? bearer(session.token) : {},
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** Calls and expects a 2xx answer; its data. */
  const ok = async <T = Record<string, unknown>>(
    method: Method,
    url: string,
    session: Session | null,
    payload?: unknown,
  ): Promise<T> => {
    const res = await call(method, url, session, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json().data as T;
  };
  const latest = async (): Promise<Omit<ActivityItem, 'id' | 'time'>> => {
    const [row] = await listActivity(db(), 1);
    const { id: _id, time: _time, ...rest } = row!;
    return rest;
  };
  const activityCount = () => countRows(db(), 'activity_log');
  const lastId = async () => (await listActivity(db(), 1))[0]?.id ?? 0;

  it('records blog writes with the post title and the signed-in staff member', async () => {
    const editor = staff.editor.user.username;
    const title = unique('Activity post ');
    const { id: categoryId } = await db().selectFrom('blog_categories').select('id').executeTakeFirstOrThrow();
    const newPost = (fields: Record<string, unknown>) =>
      ok<{ post: { id: number } }>('POST', '/blog/posts', staff.editor, {
        excerpt: 'Excerpt.',
        content: postContent,
        author: 'Tester',
        date: '2026-01-15',
        category_id: categoryId,
        image_url: '/uploads/files/cover.webp',
        ...fields,
      });
    const { post } = await newPost({ title, published: false });
    expect(await latest()).toEqual({ type: 'blog', action: 'Created post', item: title, user: editor });

    await ok('PUT', `/blog/posts/${post.id}`, staff.editor, { title: `${title} v2` });
    expect(await latest()).toEqual({ type: 'blog', action: 'Updated post', item: `${title} v2`, user: editor });

    await ok('PATCH', `/blog/posts/${post.id}/published`, staff.admin, { published: true });
    expect(await latest()).toEqual({
      type: 'blog',
      action: 'Published post',
      item: `${title} v2`,
      user: staff.admin.user.username,
    });
    await ok('PATCH', `/blog/posts/${post.id}/published`, staff.editor, {});
    expect(await latest()).toMatchObject({ action: 'Unpublished post', item: `${title} v2` });
    await ok('PATCH', `/blog/posts/${post.id}/featured`, staff.editor, { featured: true });
    expect(await latest()).toMatchObject({ action: 'Featured post', item: `${title} v2` });

    const second = await newPost({ title: unique('Activity post ') });
    await ok('PATCH', '/blog/bulk', staff.editor, { operation: 'publish', postIds: [post.id, second.post.id] });
    expect(await latest()).toEqual({ type: 'blog', action: 'Published 2 posts', item: null, user: editor });

    const category = await ok<{ category: { id: number; name: string } }>('POST', '/blog/categories', staff.editor, {
      name: unique('Activity category '),
    });
    expect(await latest()).toMatchObject({ action: 'Created category', item: category.category.name });
    await ok('DELETE', `/blog/categories/${category.category.id}`, staff.editor);
    expect(await latest()).toMatchObject({ action: 'Deleted category', item: category.category.name });

    const now = new Date().toISOString();
    await db()
      .insertInto('blog_comments')
      .values({ post_id: post.id, name: 'Reader', email: 'r@example.com', message: 'Hi', created_at: now })
      .execute();
    const comment = await db()
      .selectFrom('blog_comments')
      .select('id')
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    await ok('DELETE', `/blog/comments/${comment.id}`, staff.editor);
    expect(await latest()).toEqual({ type: 'comment', action: 'Deleted comment', item: `${title} v2`, user: editor });

    // A delete answers only the id: the title is the one stored before the post went.
    await ok('DELETE', `/blog/posts/${post.id}`, staff.editor);
    expect(await latest()).toEqual({ type: 'blog', action: 'Deleted post', item: `${title} v2`, user: editor });
    await ok('DELETE', '/blog/posts/bulk', staff.editor, { postIds: [second.post.id] });
    expect(await latest()).toMatchObject({ action: 'Deleted 1 post', item: null });
  });

  it('records portfolio writes with the project title', async () => {
    const editor = staff.editor.user.username;
    const title = unique('Activity project ');
    const { project } = await ok<{ project: { id: number } }>('POST', '/portfolio/projects', staff.editor, {
      title,
      text: 'Tracking.',
      description: 'We built it.',
      client: 'Client Co.',
      industry: 'Manufacturing',
      technologies: ['React'],
      results: 'Fewer calls.',
      status: 'progress',
    });
    expect(await latest()).toEqual({ type: 'portfolio', action: 'Created project', item: title, user: editor });
    await ok('PUT', `/portfolio/projects/${project.id}`, staff.editor, { status: 'done' });
    expect(await latest()).toMatchObject({ action: 'Updated project', item: title });
    await ok('PATCH', `/portfolio/projects/${project.id}/featured`, staff.editor, { featured: true });
    expect(await latest()).toMatchObject({ action: 'Featured project', item: title });
    await ok('PATCH', `/portfolio/projects/${project.id}/published`, staff.editor, { published: false });
    expect(await latest()).toMatchObject({ action: 'Unpublished project', item: title });
    await ok('PATCH', '/portfolio/bulk', staff.editor, { operation: 'complete', projectIds: [project.id, 999_999] });
    expect(await latest()).toMatchObject({ action: 'Marked 1 project complete', item: null });
    await ok('DELETE', `/portfolio/projects/${project.id}`, staff.editor);
    expect(await latest()).toEqual({ type: 'portfolio', action: 'Deleted project', item: title, user: editor });
  });

  it('records a new contact request with no user, and staff changes to it by name', async () => {
    const before = await lastId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      remoteAddress: freshIp(),
      payload: { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', message: 'Build us a site.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await latest()).toEqual({ type: 'contact', action: 'New contact request', item: 'Jane Doe', user: null });
    expect(await lastId()).toBeGreaterThan(before);
    const contact = await db()
      .selectFrom('contacts')
      .select('id')
      .where('email', '=', 'jane@example.com')
      .executeTakeFirstOrThrow();
    const url = `/contacts/${contact.id}`;
    const editor = staff.editor.user.username;

    await ok('PATCH', `${url}/status`, staff.editor, { status: 'in_progress' });
    expect(await latest()).toEqual({
      type: 'contact',
      action: 'Changed contact status to in progress',
      item: 'Jane Doe',
      user: editor,
    });
    await ok('PATCH', `${url}/priority`, staff.editor, { priority: 'high' });
    expect(await latest()).toMatchObject({ action: 'Changed contact priority to high', item: 'Jane Doe' });
    await ok('PATCH', `${url}/notes`, staff.editor, { note: 'Called back.' });
    expect(await latest()).toMatchObject({ action: 'Added note to contact', item: 'Jane Doe' });
    await ok('PATCH', `/contacts/admin/${contact.id}/assign`, staff.editor, { assignedTo: staff.editor.user.id });
    expect(await latest()).toMatchObject({ action: 'Assigned contact', item: 'Jane Doe' });
    await ok('PATCH', url, staff.editor, { status: 'contacted' });
    expect(await latest()).toMatchObject({ action: 'Changed contact status to contacted', item: 'Jane Doe' });

    // Marking read is what opening a contact does: not worth an activity.
    const count = await activityCount();
    const last = await lastId();
    await ok('PATCH', url, staff.editor, { read: true });
    await ok('PATCH', `/contacts/admin/${contact.id}/read`, staff.editor);
    await ok('PATCH', '/contacts/admin/bulk', staff.editor, { operation: 'unread', contactIds: [contact.id] });
    expect([await activityCount(), await lastId()]).toEqual([count, last]);

    await ok('PATCH', '/contacts/admin/bulk', staff.editor, {
      operation: 'status',
      status: 'qualified',
      contactIds: [contact.id],
    });
    expect(await latest()).toMatchObject({ action: 'Changed status of 1 contact to qualified', item: null });
    await ok('DELETE', url, staff.editor);
    expect(await latest()).toEqual({ type: 'contact', action: 'Deleted contact', item: 'Jane Doe', user: editor });
  });

  it('records a new blog comment (held for review: a first one) with the post title and no user', async () => {
    const post = demoBlogPosts.find((p) => p.published)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blog/posts/${post.slug}/comments`,
      remoteAddress: freshIp(),
      payload: { name: 'Sara Khan', email: 'sara@example.com', message: 'Very helpful, thank you!' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await latest()).toEqual({
      type: 'comment',
      action: 'New comment awaiting review',
      item: post.title,
      user: null,
    });
  });

  it('records certificate writes with the number and the recipient', async () => {
    const editor = staff.editor.user.username;
    const body = {
      certificate_number: 'SST-2026-71717',
      recipient_name: 'Hamza Ali',
      recipient_type: 'intern',
      issue_date: '2026-03-01',
      course_name: 'Web Development Internship',
    };
    const certificate = await ok<{ id: number }>('POST', '/certificates', staff.editor, body);
    const item = 'SST-2026-71717 — Hamza Ali';
    expect(await latest()).toEqual({ type: 'certificate', action: 'Issued certificate', item, user: editor });
    await ok('PUT', `/certificates/${certificate.id}`, staff.editor, { ...body, recipient_name: 'Hamza Ali Khan' });
    expect(await latest()).toMatchObject({ action: 'Updated certificate', item: `${item} Khan` });
    await ok('POST', `/certificates/${certificate.id}/revoke`, staff.editor, { reason: 'Wrong course' });
    expect(await latest()).toMatchObject({ action: 'Revoked certificate', item: `${item} Khan` });
    await ok('DELETE', `/certificates/${certificate.id}`, staff.editor);
    expect(await latest()).toMatchObject({ action: 'Deleted certificate', item: `${item} Khan` });

    const csv = 'recipient_name,recipient_type,issue_date\nAli One,intern,2026-01-01\nAli Two,intern,2026-01-02';
    await ok('POST', '/certificates/import', staff.editor, { csv, expected: 2 });
    expect(await latest()).toEqual({
      type: 'certificate',
      action: 'Imported 2 certificates',
      item: null,
      user: editor,
    });
  });

  it('records changes of the company information, SEO and landing content', async () => {
    const editor = staff.editor.user.username;
    const profile = await ok<{ name: string; socialLinks: Array<{ platform: string; url: string }> }>(
      'GET',
      '/company',
      null,
    );
    await ok('PUT', '/company', staff.editor, {
      ...profile,
      socialLinks: profile.socialLinks.map(({ platform, url }) => ({ platform, url })),
    });
    expect(await latest()).toEqual({
      type: 'content',
      action: 'Updated company information',
      item: profile.name,
      user: editor,
    });
    const seo = await ok<Record<string, unknown>>('GET', '/company/seo', null);
    await ok('PUT', '/company/seo', staff.editor, { ...seo, siteTitle: 'Activity Studio' });
    expect(await latest()).toMatchObject({ type: 'content', action: 'Updated SEO settings', item: 'Activity Studio' });

    const service = await ok<{ id: number }>('POST', '/services', staff.editor, {
      title: 'Cloud Hosting',
      text: 'We host and watch it.',
    });
    expect(await latest()).toMatchObject({ type: 'content', action: 'Added service', item: 'Cloud Hosting' });
    await ok('PATCH', `/services/${service.id}/visibility`, staff.editor, { active: false });
    expect(await latest()).toMatchObject({ action: 'Hid service from the site', item: 'Cloud Hosting' });
    await ok('DELETE', `/services/${service.id}`, staff.editor);
    expect(await latest()).toMatchObject({ action: 'Deleted service', item: 'Cloud Hosting' });
    const team = await ok<{ id: number }>('POST', '/team', staff.editor, { name: 'Zara Ali', position: 'QA' });
    await ok('PUT', `/team/${team.id}`, staff.editor, { name: 'Zara Ali', position: 'Lead QA' });
    expect(await latest()).toMatchObject({ action: 'Updated team member', item: 'Zara Ali' });
  });

  it('records signing in as the user who signed in, and user administration by the admin', async () => {
    const user = await createUser(db(), { role: 'viewer' });
    const session = await signIn(t.app, user);
    expect(await latest()).toEqual({ type: 'user', action: 'Signed in', item: user.username, user: user.username });

    await ok('PUT', '/auth/change-password', session, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another horse battery',
    });
    expect(await latest()).toEqual({
      type: 'user',
      action: 'Changed password',
      item: user.username,
      user: user.username,
    });

    const admin = staff.admin.user.username;
    const username = unique('newbie');
    const created = await ok<{ user: { id: number } }>('POST', '/auth/register', staff.admin, {
      username,
      email: `${username}@example.test`,
      password: TEST_PASSWORD,
      role: 'viewer',
    });
    expect(await latest()).toEqual({ type: 'user', action: 'Created user', item: username, user: admin });
    await ok('PATCH', `/auth/users/${created.user.id}/role`, staff.admin, { role: 'editor' });
    expect(await latest()).toMatchObject({ action: 'Changed user role to editor', item: username });
    await ok('PATCH', `/auth/users/${created.user.id}/status`, staff.admin, { status: 'disabled' });
    expect(await latest()).toMatchObject({ action: 'Disabled user', item: username });
    await ok('DELETE', `/auth/users/${created.user.id}`, staff.admin);
    expect(await latest()).toEqual({ type: 'user', action: 'Deleted user', item: username, user: admin });
  });

  it('records nothing for a refused call: invalid, not found, forbidden, unauthenticated, wrong password', async () => {
    const count = await activityCount();
    const last = await lastId();
    const refused: Array<[Method, string, Session | null, unknown, number]> = [
      ['POST', '/blog/posts', staff.editor, { title: '' }, 400],
      ['DELETE', '/blog/posts/999999', staff.editor, undefined, 404],
      ['DELETE', '/portfolio/projects/999999', staff.editor, undefined, 404],
      ['PATCH', '/contacts/999999/status', staff.editor, { status: 'contacted' }, 404],
      ['DELETE', '/certificates/999999', staff.editor, undefined, 404],
      ['POST', '/blog/categories', staff.viewer, { name: 'Nope' }, 403],
      [
        'POST',
        '/auth/register',
        staff.editor,
        { username: 'x', email: 'x@example.test', password: TEST_PASSWORD },
        403,
      ],
      ['PUT', '/company/seo', null, { siteTitle: 'x' }, 401],
    ];
    for (const [method, url, session, payload, status] of refused) {
      const res = await call(method, url, session, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    }
    const wrong = await postLogin(t.app, { username: staff.viewer.user.username, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect([await activityCount(), await lastId()]).toEqual([count, last]);
  });

  it('records nothing for a bulk call that changed nothing', async () => {
    const last = await lastId();
    await ok('PATCH', '/blog/bulk', staff.editor, { operation: 'publish', postIds: [999_998, 999_999] });
    await ok('PATCH', '/portfolio/bulk', staff.editor, { operation: 'publish', projectIds: [999_999] });
    await ok('PATCH', '/contacts/admin/bulk', staff.editor, { operation: 'delete', contactIds: [999_999] });
    expect(await lastId()).toBe(last);
  });
});

describe.each(testDialects)('recording activity never fails the request on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  let app: FastifyInstance;
  let editor: Session;

  beforeAll(async () => {
    // The test app with two routes of its own, added before it is ready.
    app = await buildApp(t.config, { database: t.db.database, logger: false });
    app.post(
      '/api/activity-test/broken',
      {
        config: {
          access: 'content',
          activity: {
            type: 'test',
            action: () => {
              throw new Error('a broken rule');
            },
          },
        },
      },
      async () => ({ success: true, data: { done: true } }),
    );
    app.post(
      '/api/activity-test/lookup-fails',
      {
        config: {
          access: 'content',
          activity: {
            type: 'test',
            action: 'Looked up',
            itemBefore: async () => {
              throw new Error('a broken lookup');
            },
          },
        },
      },
      async () => ({ success: true, data: null }),
    );
    await app.ready();
    editor = await signIn(app, await createUser(t.db.database.db, { role: 'editor' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers as the route did when a rule throws, and records without the item when its lookup fails', async () => {
    const before = await countRows(t.db.database.db, 'activity_log');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/activity-test/broken',
      headers: bearer(editor.token),
    });
    expect(broken.statusCode).toBe(200);
    expect(broken.json()).toEqual({ success: true, data: { done: true } });
    expect(await countRows(t.db.database.db, 'activity_log')).toBe(before);

    const lookup = await app.inject({
      method: 'POST',
      url: '/api/activity-test/lookup-fails',
      headers: bearer(editor.token),
    });
    expect(lookup.statusCode).toBe(200);
    const [row] = await listActivity(t.db.database.db, 1);
    expect(row).toMatchObject({ type: 'test', action: 'Looked up', item: null, user: editor.user.username });
  });
});
