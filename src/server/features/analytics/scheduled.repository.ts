import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The Overview's scheduled posts and projects (ADR 0040): how many, and the `limit` going live soonest. */
export async function scheduledFigures(db: Kysely<DB>, limit: number) {
  const scheduled = <T extends 'blog_posts' | 'portfolio_projects'>(table: T) =>
    db
      .selectFrom(table as 'blog_posts')
      .where('published', '=', 0)
      .where('publish_at', 'is not', null);
  const [posts, projects, nextPosts, nextProjects] = await Promise.all([
    scheduled('blog_posts')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
    scheduled('portfolio_projects')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
    scheduled('blog_posts').select(['id', 'title', 'publish_at']).orderBy('publish_at').limit(limit).execute(),
    scheduled('portfolio_projects').select(['id', 'title', 'publish_at']).orderBy('publish_at').limit(limit).execute(),
  ]);
  const items = [
    ...nextPosts.map((p) => ({ kind: 'post' as const, id: Number(p.id), title: p.title, publish_at: p.publish_at! })),
    ...nextProjects.map((p) => ({
      kind: 'project' as const,
      id: Number(p.id),
      title: p.title,
      publish_at: p.publish_at!,
    })),
  ]
    .sort((a, b) => a.publish_at.localeCompare(b.publish_at))
    .slice(0, limit);
  return { posts: Number(posts.n), projects: Number(projects.n), items };
}
