import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { retryWriteConflicts } from '../../db/write-conflicts';

/** At most this many items per run; the next run, seconds later, takes the rest. */
const DUE_BATCH = 100;

/**
 * Publishes the scheduled projects due at `now` (ADR 0040), each by a conditional UPDATE on its stored
 * schedule, so that a project another instance (or a staff member's save) changed first is left as it is.
 */
export async function publishDueProjects(db: Kysely<DB>, now: Date) {
  const stamp = now.toISOString();
  const due = await db
    .selectFrom('portfolio_projects')
    .select(['id', 'slug', 'title', 'publish_at'])
    .where('published', '=', 0)
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', stamp)
    .orderBy('publish_at')
    .limit(DUE_BATCH)
    .execute();
  const published: Array<{ id: number; slug: string; title: string }> = [];
  for (const project of due) {
    const result = await retryWriteConflicts(() =>
      db
        .updateTable('portfolio_projects')
        .set((eb) => ({
          published: 1,
          publish_at: null,
          updated_at: stamp,
          // A publication is a change: a form loaded before it is a stale version (ADR 0041).
          version: eb('version', '+', 1),
        }))
        .where('id', '=', project.id)
        .where('published', '=', 0)
        .where('publish_at', '=', project.publish_at)
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 1)
      published.push({ id: project.id, slug: project.slug, title: project.title });
  }
  return published;
}
