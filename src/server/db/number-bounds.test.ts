import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedIn, type Session } from '../testing/auth-helpers';
import { useTestApp } from '../testing/test-app';
import { testDialects } from '../testing/test-database';

/*
 * Ids, pages, limits and other numbers beyond what their integer columns hold (2^31 - 1 on PostgreSQL
 * and MySQL) are refused with 400 naming the field, on every route, before the database sees them.
 */
const TOO_BIG = '2147483648';

const post = (over: object) => ({
  title: 'A post',
  excerpt: 'Summary.',
  content: `<p>${'Body text. '.repeat(10)}</p>`,
  image_url: 'https://images.example.com/cover.jpg',
  ...over,
});

describe.each(testDialects)('numbers beyond their column range on %s', (dialect) => {
  const t = useTestApp(dialect);
  let admin: Session;

  beforeAll(async () => {
    admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
  });

  const requests: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, field: string, body?: object][] = [
    ['GET', `/api/blog/posts?page=${TOO_BIG}`, 'page'],
    ['GET', `/api/blog/comments?postId=${TOO_BIG}`, 'postId'],
    ['PUT', `/api/blog/posts/${TOO_BIG}`, 'id', { title: 'x' }],
    ['PUT', `/api/blog/categories/${TOO_BIG}`, 'id', { name: 'x' }],
    ['DELETE', `/api/blog/comments/${TOO_BIG}`, 'id'],
    ['POST', '/api/blog/posts', 'category_id', post({ category_id: Number(TOO_BIG) })],
    ['PUT', '/api/blog/posts/1', 'category_id', post({ category_id: Number(TOO_BIG) })],
    ['GET', `/api/portfolio/projects?page=${TOO_BIG}`, 'page'],
    ['PUT', `/api/portfolio/projects/${TOO_BIG}`, 'id', { title: 'x' }],
    ['PATCH', `/api/auth/users/${TOO_BIG}/status`, 'id', { status: 'active' }],
    ['PATCH', `/api/auth/users/${TOO_BIG}/role`, 'id', { role: 'viewer' }],
    ['DELETE', `/api/auth/users/${TOO_BIG}`, 'id'],
    ['GET', `/api/auth/users?page=${TOO_BIG}`, 'page'],
    ['DELETE', `/api/newsletter/subscribers/${TOO_BIG}`, 'id'],
    ['GET', `/api/newsletter/subscribers?page=${TOO_BIG}`, 'page'],
    ['GET', `/api/uploads/${TOO_BIG}`, 'id'],
    ['PUT', `/api/uploads/${TOO_BIG}`, 'id', { alt_text: 'x' }],
    ['DELETE', `/api/uploads/${TOO_BIG}`, 'id'],
    ['DELETE', '/api/uploads/bulk', 'ids.0', { ids: [Number(TOO_BIG)] }],
    ['GET', `/api/uploads?page=${TOO_BIG}`, 'page'],
  ];

  it.each(requests)('%s %s answers 400 naming %s', async (method, url, field, body) => {
    const res = await t.app.inject({ method, url, headers: bearer(admin.token), ...(body ? { payload: body } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('takes a slug-or-id beyond the id range for a slug (404, not an overflow)', async () => {
    for (const url of [
      `/api/blog/posts/${TOO_BIG}`,
      `/api/portfolio/projects/${TOO_BIG}`,
      `/api/blog/posts/${TOO_BIG}/comments`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: `/api/blog/posts?category=${TOO_BIG}` });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('still finds rows by ids up to the largest the columns hold (404 when there is none)', async () => {
    for (const url of ['/api/blog/posts/2147483647', '/api/portfolio/projects/2147483647', '/api/uploads/2147483647']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
  });
});
