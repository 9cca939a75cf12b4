import type { Kysely } from 'kysely';
import { siteDayOf } from '../../../shared/site-day';
import type { DB } from '../../db/schema';
import { retryWriteConflicts } from '../../db/write-conflicts';

/** At most this many items per run; the next run, seconds later, takes the rest. */
const DUE_BATCH = 100;

/**
 * Publishes the scheduled posts due at `now` (ADR 0040). Each is published by a conditional UPDATE on its
 * stored schedule, so that a post another instance (or a staff member's save) changed first is left as it
 * is. The post's date becomes the day it goes live in the site's time zone when it was earlier, as
 * WordPress dates a scheduled post, so that it takes its place among the newest posts.
 */
export async function publishDuePosts(db: Kysely<DB>, now: Date, timeZone: string) {
  const stamp = now.toISOString();
  const due = await db
    .selectFrom('blog_posts')
    .select(['id', 'slug', 'title', 'date', 'publish_at'])
    .where('published', '=', 0)
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', stamp)
    .orderBy('publish_at')
    .limit(DUE_BATCH)
    .execute();
  const published: Array<{ id: number; slug: string; title: string }> = [];
  for (const post of due) {
    const publishAt = post.publish_at as string;
    const day = siteDayOf(publishAt, timeZone);
    const result = await retryWriteConflicts(() =>
      db
        .updateTable('blog_posts')
        .set((eb) => ({
          published: 1,
          publish_at: null,
          published_at: eb.fn.coalesce('published_at', eb.val(publishAt)),
          date: post.date < day ? day : post.date,
          updated_at: stamp,
          // A publication is a change: a form loaded before it is a stale version (ADR 0041).
          version: eb('version', '+', 1),
        }))
        .where('id', '=', post.id)
        .where('published', '=', 0)
        .where('publish_at', '=', publishAt)
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 1) published.push({ id: post.id, slug: post.slug, title: post.title });
  }
  return published;
}
