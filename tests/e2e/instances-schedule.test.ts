import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  pollUntil,
  REDIS_SERVER_URL,
  serverUrlOf,
  signInAdmin,
  startInstance,
  startServices,
  type Instance,
  type NetworkDialect,
  type SharedServices,
} from './support/instances';

/*
 * Scheduled publishing with two instances that both run the scheduler (ADR 0040), on PostgreSQL and on
 * MariaDB: posts scheduled a few seconds ahead go live once each, whichever instance's job takes them, and
 * the blog page each instance kept in its page cache shows them right after (the purge told over the bus).
 */

const POSTS = 4;
const content = `<p>${'Scheduled on one instance, published by whichever job runs first. '.repeat(2)}</p>`;

for (const dialect of ['postgres', 'mysql'] as NetworkDialect[]) {
  describe.skipIf(!serverUrlOf(dialect) || !REDIS_SERVER_URL)(`scheduled posts on two instances on ${dialect}`, () => {
    let services: SharedServices;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      services = await startServices(dialect);
      a = await startInstance(services, 'A', { JOBS_ENABLED: 'true' });
      b = await startInstance(services, 'B', { JOBS_ENABLED: 'true' });
    }, 240_000);

    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await services?.close();
    });

    it('publishes each due post once and both instances show it', async () => {
      const { token } = await signInAdmin(a.baseUrl);
      const category = (await call(a.baseUrl, '/api/blog/categories')).json().data.categories[0] as { id: number };
      const at = new Date(Date.now() + 5_000).toISOString();
      const titles: string[] = [];
      for (let i = 0; i < POSTS; i += 1) {
        const title = `Two-instance schedule ${i} ${Date.now()}`;
        const res = await call(i % 2 === 0 ? a.baseUrl : b.baseUrl, '/api/blog/posts', {
          method: 'POST',
          token,
          body: {
            title,
            excerpt: 'Later.',
            content,
            category_id: category.id,
            image_url: '/demo/blog-1.svg',
            publish_at: at,
          },
        });
        expect(res.status, res.text).toBe(201);
        expect(res.json().data.post.status).toBe('scheduled');
        titles.push(title);
      }
      // Kept by each instance's page cache before the posts go live.
      for (const instance of [a, b]) {
        const page = await call(instance.baseUrl, '/blog');
        expect(titles.some((title) => page.text.includes(title))).toBe(false);
      }

      // Each job runs every 15 s (and first 3 s after start): all are live well within a minute.
      const shown = async (instance: Instance) => {
        const page = await call(instance.baseUrl, '/blog');
        return titles.filter((title) => page.text.includes(title)).length;
      };
      for (const instance of [a, b]) {
        const polled = await pollUntil(
          () => shown(instance),
          (n) => n === POSTS,
          {
            timeoutMs: 60_000,
            intervalMs: 500,
          },
        );
        expect(polled.ok, `${instance.name} shows ${polled.value} of ${POSTS}`).toBe(true);
      }
      const activity = await services.db
        .selectFrom('activity_log')
        .select('item')
        .where('action', '=', 'Published scheduled post')
        .execute();
      expect(activity.map((row) => row.item).sort()).toEqual([...titles].sort());
      const rows = await services.db
        .selectFrom('blog_posts')
        .select(['published', 'publish_at'])
        .where('title', 'in', titles)
        .execute();
      expect(rows.every((row) => Number(row.published) === 1 && row.publish_at === null)).toBe(true);
    }, 120_000);
  });
}
