import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { SiteFigures } from './site-figures';

/** The Overview's scheduled posts and projects (ADR 0040): how many, and the `limit` going live soonest. */
export async function scheduledFigures(db: Kysely<DB>, figures: SiteFigures, limit: number) {
  const [posts, projects] = await Promise.all([
    figures.scheduledPosts(db, limit),
    figures.scheduledProjects(db, limit),
  ]);
  const items = [
    ...posts.next.map((p) => ({ kind: 'post' as const, ...p })),
    ...projects.next.map((p) => ({ kind: 'project' as const, ...p })),
  ]
    .sort((a, b) => a.publish_at.localeCompare(b.publish_at))
    .slice(0, limit);
  return { posts: posts.count, projects: projects.count, items };
}

/**
 * What waits for staff on the Overview: comments held for review (ADR 0048), and the leads whose follow-up
 * day has come (on or before `today`, the site's day; ADR 0047), with the `limit` due longest.
 */
export async function waitingFigures(db: Kysely<DB>, figures: SiteFigures, today: string, limit: number) {
  const [comments, followUps] = await Promise.all([figures.heldComments(db), figures.dueFollowUps(db, today, limit)]);
  return { comments, follow_ups: followUps.count, follow_up_items: followUps.items };
}
