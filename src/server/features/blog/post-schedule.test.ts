import { beforeAll, describe, expect, it } from 'vitest';
import { blogAdminPostSchema } from '../../../shared/contracts/blog-admin';
import { PublishingMessage } from '../../../shared/contracts/publishing.values';
import { bearer, createSignedIn, unique, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';
import { publishDuePosts } from './post-schedule.repository';

/*
 * Scheduled posts (ADR 0040): invisible to visitors, lists, the article, the sitemap and the feed until the
 * publishing job runs at or after their time; then every one of those shows them at once (the cached
 * sitemap and feed purged), published once whoever runs the job.
 */

const PUBLIC_URL = 'https://www.example.com';
const content = `<p>${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}</p>`;
const JOB = 'publish-scheduled-posts';

describe.each(testDialects)('scheduled blog posts on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { PUBLIC_URL, SITE_TIME_ZONE: 'Asia/Karachi' } });
  let editor: Session;
  let categoryId: number;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, t.db.database.db, { role: 'editor' });
    const category = await t.db.database.db.selectFrom('blog_categories').select('id').executeTakeFirstOrThrow();
    categoryId = category.id;
  });

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, body?: object) =>
    t.app.inject({ method, url, payload: body, headers: bearer(editor.token) });
  const write = async (method: 'POST' | 'PUT' | 'PATCH', url: string, body?: object) => {
    const res = await send(method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return blogAdminPostSchema.parse(res.json().data.post);
  };
  const newPost = (over: Record<string, unknown>) =>
    write('POST', '/api/blog/posts', {
      title: unique('Scheduled '),
      excerpt: 'Excerpt.',
      content,
      author: 'Tester',
      date: '2026-01-15',
      image_url: '/uploads/files/cover.webp',
      category_id: categoryId,
      ...over,
    });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** Where a visitor can see the post: list, article, sitemap, feed. */
  const visibility = async (slug: string) => {
    const list = (await get('/api/blog/posts?limit=100')).json().data.posts as Array<{ slug: string }>;
    return {
      list: list.some((p) => p.slug === slug),
      article: (await get(`/api/blog/posts/${slug}`)).statusCode,
      sitemap: (await get('/sitemap-posts-1.xml')).body.includes(`/blog/${slug}<`),
      rss: (await get('/blog/rss.xml')).body.includes(`/blog/${slug}<`),
    };
  };
  const published = async (title: string) =>
    Number(
      (
        await t.db.database.db
          .selectFrom('activity_log')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('action', '=', 'Published scheduled post')
          .where('item', '=', title)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps a scheduled post from visitors until its time, then shows it everywhere at once, once', async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    // Written with an offset; kept as the UTC instant.
    const offset = new Date(at.getTime() + 5 * 60 * 60_000).toISOString().replace('Z', '+05:00');
    const post = await newPost({ publish_at: offset });
    expect(post).toMatchObject({ published: false, status: 'scheduled', publish_at: at.toISOString() });
    expect(post.published_at).toBeNull();

    const hidden = { list: false, article: 404, sitemap: false, rss: false };
    // Read once, so that the sitemap and the feed are kept by the page cache.
    expect(await visibility(post.slug)).toEqual(hidden);
    expect(await t.app.scheduler.runNow(JOB, new Date(at.getTime() - 1000))).toBe(true);
    expect(await visibility(post.slug)).toEqual(hidden);

    expect(await t.app.scheduler.runNow(JOB, new Date(at.getTime() + 1000))).toBe(true);
    expect(await visibility(post.slug)).toEqual({ list: true, article: 200, sitemap: true, rss: true });
    const live = await write('PUT', `/api/blog/posts/${post.id}`, {});
    expect(live).toMatchObject({ published: true, status: 'published', publish_at: null });
    expect(live.published_at).toBe(at.toISOString());
    // Dated the day it went live in the site's time zone (Karachi is five hours ahead of UTC).
    expect(live.date).toBe(new Date(at.getTime() + 5 * 60 * 60_000).toISOString().slice(0, 10));

    await t.app.scheduler.runNow(JOB, new Date(at.getTime() + 60_000));
    expect(await published(post.title)).toBe(1);
  });

  it('publishes a due post once when two runs race', async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const post = await newPost({ publish_at: at.toISOString() });
    const later = new Date(at.getTime() + 1000);
    const runs = await Promise.all([
      publishDuePosts(t.db.database.db, later, 'UTC'),
      publishDuePosts(t.db.database.db, later, 'UTC'),
    ]);
    expect(runs.flat().filter((p) => p.id === post.id)).toHaveLength(1);
  });

  it('reschedules, unschedules, and publishes at once for a time that has passed or a publish', async () => {
    const first = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    const second = new Date(Date.now() + 3 * 60 * 60_000).toISOString();
    const post = await newPost({ publish_at: first });

    // An edit that says nothing of the schedule keeps it.
    expect(await write('PUT', `/api/blog/posts/${post.id}`, { excerpt: 'Changed.' })).toMatchObject({
      status: 'scheduled',
      publish_at: first,
    });
    expect(await write('PUT', `/api/blog/posts/${post.id}`, { publish_at: second })).toMatchObject({
      status: 'scheduled',
      publish_at: second,
    });
    expect(await write('PUT', `/api/blog/posts/${post.id}`, { publish_at: null })).toMatchObject({
      status: 'draft',
      published: false,
      publish_at: null,
    });
    // The job has nothing of it to publish any more.
    await t.app.scheduler.runNow(JOB, new Date(Date.parse(second) + 1000));
    expect((await get(`/api/blog/posts/${post.slug}`)).statusCode).toBe(404);

    await write('PUT', `/api/blog/posts/${post.id}`, { publish_at: first });
    expect(await write('PATCH', `/api/blog/posts/${post.id}/published`, { published: true })).toMatchObject({
      status: 'published',
      publish_at: null,
    });
    const past = await newPost({ publish_at: new Date(Date.now() - 60_000).toISOString() });
    expect(past).toMatchObject({ status: 'published', published: true, publish_at: null });
    expect((await get(`/api/blog/posts/${past.slug}`)).statusCode).toBe(200);

    const bulk = await newPost({ publish_at: first });
    const res = await send('PATCH', '/api/blog/bulk', { operation: 'unpublish', postIds: [bulk.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await write('PUT', `/api/blog/posts/${bulk.id}`, {})).toMatchObject({ status: 'draft', publish_at: null });
  });

  it('refuses an unreadable publish time with a message naming the field, and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.database.db
            .selectFrom('blog_posts')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: Array<[string, string]> = [
      ['tomorrow at nine', PublishingMessage.PUBLISH_AT_INVALID],
      ['2026-12-01T09:00:00', PublishingMessage.PUBLISH_AT_INVALID],
      ['2026-13-01T09:00:00Z', PublishingMessage.PUBLISH_AT_INVALID],
      ['1999-12-31T23:00:00Z', PublishingMessage.PUBLISH_AT_OUT_OF_RANGE],
      ['9999-12-31T23:00:00Z', PublishingMessage.PUBLISH_AT_OUT_OF_RANGE],
    ];
    for (const [value, message] of cases) {
      const res = await send('POST', '/api/blog/posts', {
        title: unique('Bad time '),
        excerpt: 'Excerpt.',
        content,
        image_url: '/uploads/files/cover.webp',
        category_id: categoryId,
        publish_at: value,
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ field: 'publish_at', message }] });
    }
    expect(await count()).toBe(before);
  });
});
