import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthMessage } from '../../shared/contracts/auth';
import { bearer, createSignedIn, freshIp, unique, type Session } from '../testing/auth-helpers';
import { useTestApp } from '../testing/test-app';
import { testDialects } from '../testing/test-database';

/*
 * Many identical requests at once, on a real database: each must end in a documented answer (2xx, or
 * 409 for a unique value another request took first), never a 500, and the rows must add up afterwards.
 */
const N = 10;
/** The issue saw 17 of 30 simultaneous creates of one title fail on MariaDB. */
const SLUG_RACERS = 30;

const postBody = (title: string, categoryId: number) => ({
  title,
  excerpt: 'Summary.',
  content: `<p>${'Body text. '.repeat(10)}</p>`,
  category_id: categoryId,
  image_url: 'https://images.example.com/cover.jpg',
});

const projectBody = (title: string, technologies = ['React']) => ({
  title,
  text: 'Short.',
  description: 'Long.',
  client: 'Client',
  industry: 'Retail',
  technologies,
  results: 'Better.',
  status: 'progress',
});

const statusesOf = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);

function expectOnly(responses: LightMyRequestResponse[], allowed: number[]): void {
  for (const res of responses) expect(allowed, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
}

describe.each(testDialects)('simultaneous identical writes on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;
  let admin: Session;

  beforeAll(async () => {
    admin = await createSignedIn(t.app, db(), { role: 'admin' });
  });

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(admin.token), remoteAddress: freshIp(), payload });
  const times = <T>(n: number, make: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => make(i)));

  it('registrations of one username and e-mail: one 201, the rest 409, one user', async () => {
    const username = unique('racer');
    const body = { username, email: `${username}@example.test`, password: 'a-good-password', role: 'editor' };
    const responses = await times(N, () => send('POST', '/api/auth/register', body));
    expectOnly(responses, [201, 409]);
    expect(statusesOf(responses).filter((s) => s === 201)).toHaveLength(1);
    const rows = await db().selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('profile changes of several users to one new username: one 200, the rest 409 naming the field', async () => {
    const users = await times(N, () => createSignedIn(t.app, db(), { role: 'viewer' }));
    const username = unique('wanted');
    const responses = await Promise.all(
      users.map((user) =>
        t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(user.token), payload: { username } }),
      ),
    );
    expectOnly(responses, [200, 409]);
    expect(statusesOf(responses).filter((s) => s === 200)).toHaveLength(1);
    for (const res of responses.filter((r) => r.statusCode === 409)) {
      expect(res.json().errors).toEqual([{ field: 'username', message: AuthMessage.USERNAME_TAKEN }]);
    }
  });

  const expectDistinctSlugs = (slugs: string[], created: number) => {
    expect(slugs).toHaveLength(created);
    expect(new Set(slugs).size).toBe(created);
  };

  it('posts with one title and one new tag: every one created, each with its own slug, one tag', async () => {
    const title = unique('Same title ');
    const category = await db().selectFrom('blog_categories').select('id').executeTakeFirstOrThrow();
    // One new tag for all of them: the tag row is raced for too.
    const tag = unique('Fresh tag ');
    const body = { ...postBody(title, Number(category.id)), tags: [tag] };
    const responses = await times(SLUG_RACERS, () => send('POST', '/api/blog/posts', body));
    expectOnly(responses, [201]);
    const rows = await db().selectFrom('blog_posts').select('slug').where('title', '=', title).execute();
    expectDistinctSlugs(
      rows.map((r) => r.slug),
      SLUG_RACERS,
    );
    expect(await db().selectFrom('blog_tags').select('id').where('name', '=', tag).execute()).toHaveLength(1);
  });

  it('projects with one title: every one created, each with its own slug', async () => {
    const title = unique('Same project ');
    const body = projectBody(title);
    const responses = await times(SLUG_RACERS, () => send('POST', '/api/portfolio/projects', body));
    expectOnly(responses, [201]);
    const rows = await db().selectFrom('portfolio_projects').select('slug').where('title', '=', title).execute();
    expectDistinctSlugs(
      rows.map((r) => r.slug),
      SLUG_RACERS,
    );
  });

  it('saves of one project at once: all 200, its lists are one of the saves, never a mix', async () => {
    const created = await send('POST', '/api/portfolio/projects', projectBody(unique('Saved at once ')));
    expect(created.statusCode, created.body).toBe(201);
    const id = Number(created.json().data.project.id);
    const sets = Array.from({ length: N }, (_, i) => [`Tech ${i} A`, `Tech ${i} B`, `Tech ${i} C`]);
    const responses = await times(N, (i) =>
      send('PUT', `/api/portfolio/projects/${id}`, projectBody(`Saved ${i}`, sets[i])),
    );
    expectOnly(responses, [200]);
    const rows = await db()
      .selectFrom('project_technologies')
      .select('name')
      .where('project_id', '=', id)
      .orderBy('position')
      .execute();
    expect(sets).toContainEqual(rows.map((r) => r.name));
  });

  it('categories with one name: every one created, each with its own slug', async () => {
    const name = unique('Same category ');
    const responses = await times(SLUG_RACERS, () => send('POST', '/api/blog/categories', { name }));
    expectOnly(responses, [201]);
    const rows = await db().selectFrom('blog_categories').select('slug').where('name', '=', name).execute();
    expectDistinctSlugs(
      rows.map((r) => r.slug),
      SLUG_RACERS,
    );
  });

  it('categories with one explicit slug: one 201, the rest 409', async () => {
    const slug = unique('fixed-slug-').toLowerCase();
    const responses = await times(N, (i) => send('POST', '/api/blog/categories', { name: `Fixed ${i}`, slug }));
    expectOnly(responses, [201, 409]);
    expect(statusesOf(responses).filter((s) => s === 201)).toHaveLength(1);
  });

  const like = (url: string, i: number) =>
    t.app.inject({ method: 'POST', url, headers: { 'user-agent': `Racer/${i}` }, remoteAddress: freshIp() });

  /** An item's like counter and its like rows, for a project or a post. */
  const likeState = async (kind: 'project' | 'post', id: number) => {
    const [counter, rows] =
      kind === 'project'
        ? await Promise.all([
            db().selectFrom('portfolio_projects').select('likes').where('id', '=', id).executeTakeFirstOrThrow(),
            db().selectFrom('project_likes').select('id').where('project_id', '=', id).execute(),
          ])
        : await Promise.all([
            db().selectFrom('blog_posts').select('likes').where('id', '=', id).executeTakeFirstOrThrow(),
            db().selectFrom('blog_post_likes').select('id').where('post_id', '=', id).execute(),
          ]);
    return { likes: Number(counter.likes), rows: rows.length };
  };

  it.each([
    ['project', 'portfolio_projects', '/api/portfolio/projects'],
    ['post', 'blog_posts', '/api/blog/posts'],
  ] as const)(
    'likes of one %s by many visitors: all counted, the counter rises by the like rows',
    async (kind, table, base) => {
      const item = await db().selectFrom(table).select('id').where('published', '=', 1).executeTakeFirstOrThrow();
      const id = Number(item.id);
      const before = await likeState(kind, id);
      const responses = await times(N, (i) => like(`${base}/${id}/like`, i));
      expectOnly(responses, [200]);
      expect(await likeState(kind, id)).toEqual({ likes: before.likes + N, rows: before.rows + N });
    },
  );

  it('the same bulk actions and reorders at once on the same posts: only 2xx, the posts end as asked', async () => {
    const category = await db().selectFrom('blog_categories').select('id').executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await send('POST', '/api/blog/posts', postBody(unique('Bulk target '), Number(category.id)));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(Number(res.json().data.post.id));
    }
    const operations = ['publish', 'feature', 'unpublish', 'unfeature'];
    const mixed = await times(N, (i) =>
      i % 3 === 2
        ? send('PATCH', '/api/blog/order', { postIds: i % 2 ? ids : [...ids].reverse() })
        : send('PATCH', '/api/blog/bulk', { operation: operations[i % operations.length], postIds: ids }),
    );
    expectOnly(mixed, [200]);
    const published = await times(N, () => send('PATCH', '/api/blog/bulk', { operation: 'publish', postIds: ids }));
    expectOnly(published, [200]);
    const rows = await db().selectFrom('blog_posts').select('published').where('id', 'in', ids).execute();
    expect(rows.map((r) => Number(r.published))).toEqual([1, 1, 1, 1]);
    const deleted = await times(N, () => send('DELETE', '/api/blog/posts/bulk', { postIds: ids }));
    expectOnly(deleted, [200]);
    const left = await db().selectFrom('blog_posts').select('id').where('id', 'in', ids).execute();
    expect(left).toHaveLength(0);
  });

  it('the same project bulk actions and reorders at once: only 2xx, the projects end as asked', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await send('POST', '/api/portfolio/projects', projectBody(unique('Bulk project ')));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(Number(res.json().data.project.id));
    }
    const operations = ['publish', 'feature', 'complete', 'unfeature', 'unpublish'];
    const mixed = await times(N, (i) =>
      i % 3 === 2
        ? send('PATCH', '/api/portfolio/order', { projectIds: i % 2 ? ids : [...ids].reverse() })
        : send('PATCH', '/api/portfolio/bulk', { operation: operations[i % operations.length], projectIds: ids }),
    );
    expectOnly(mixed, [200]);
    const deleted = await times(N, () => send('DELETE', '/api/portfolio/projects/bulk', { projectIds: ids }));
    expectOnly(deleted, [200]);
    expect(await db().selectFrom('portfolio_projects').select('id').where('id', 'in', ids).execute()).toHaveLength(0);
    for (const table of ['project_technologies', 'project_likes'] as const) {
      expect(await db().selectFrom(table).select('id').where('project_id', 'in', ids).execute()).toHaveLength(0);
    }
  });
});
