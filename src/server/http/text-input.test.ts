import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSignedIn, freshIp, postLogin, unique, type Session } from '../testing/auth-helpers';
import { postMultipart, useUploadDir } from '../testing/multipart';
import { useTestApp } from '../testing/test-app';
import { testDialects } from '../testing/test-database';

/* Text a database cannot store, in every place a request carries text, on every database. */
describe.each(testDialects)('NUL characters and lone surrogates in requests on %s', (dialect) => {
  const uploadDir = useUploadDir('text-input-test-');
  const t = useTestApp(dialect, { env: { UPLOAD_DIR: uploadDir } });
  const db = () => t.db.database.db;
  let editor: Session;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, db(), { role: 'editor' });
  });

  const expectRefused = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: `${field} must not contain NUL characters`,
      errors: [{ field, message: `${field} must not contain NUL characters` }],
    });
  };

  it('refuses a NUL in a query string, a path parameter or a public search (400, field named)', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/blog/posts?search=%00' }), 'search');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/blog/search?q=a%00b' }), 'q');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/blog/posts/%00' }), 'slugOrId');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/portfolio/projects/a%00' }), 'slugOrId');
  });

  it('refuses a NUL in a JSON body, nested fields included, before anything is stored', async () => {
    expectRefused(await postLogin(t.app, { username: 'ad\u0000min', password: 'whatever-it-is' }), 'username');
    const category = await db().selectFrom('blog_categories').select('id').executeTakeFirstOrThrow();
    const title = unique('Nul tags ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blog/posts',
      headers: bearer(editor.token),
      remoteAddress: freshIp(),
      payload: {
        title,
        excerpt: 'Summary.',
        content: `<p>${'Body text. '.repeat(10)}</p>`,
        category_id: Number(category.id),
        image_url: 'https://images.example.com/cover.jpg',
        tags: ['fine', 'bad\u0000tag'],
      },
    });
    expectRefused(res, 'tags.1');
    expect(await db().selectFrom('blog_posts').select('id').where('title', '=', title).execute()).toHaveLength(0);
  });

  it('refuses a body nested deeper than any form, before walking it (a 10,000-deep list overflowed the stack)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { ...bearer(editor.token), 'content-type': 'application/json' },
      payload: '['.repeat(10_000) + ']'.repeat(10_000),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('keeps a __proto__ query key a key: it never becomes the prototype of what the route reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/posts?__proto__[limit]=1&search=%ED%A0%80' });
    expect(res.statusCode, res.body).toBe(200);
    expect(({} as Record<string, unknown>).limit).toBeUndefined();
  });

  it('refuses a NUL in a multipart form field', async () => {
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await postMultipart(
      t.app,
      '/api/uploads/single',
      [
        { field: 'alt_text', data: 'a\u0000b' },
        { field: 'file', data: image, filename: 'x.png', type: 'image/png' },
      ],
      editor.token,
    );
    expectRefused(res, 'alt_text');
  });

  it('stores a lone surrogate as U+FFFD, the same on every database', async () => {
    const name = `${unique('Half ')} \ud83d pair`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blog/categories',
      headers: bearer(editor.token),
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = name.replace('\ud83d', '\ufffd');
    expect(res.json().data.category.name).toBe(stored);
    expect(await db().selectFrom('blog_categories').select('id').where('name', '=', stored).execute()).toHaveLength(1);
  });
});
