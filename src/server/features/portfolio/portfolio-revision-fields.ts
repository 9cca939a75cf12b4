import type { Transaction } from 'kysely';
import type { ProjectInputValues } from '../../../shared/contracts/portfolio-admin';
import type { DB } from '../../db/schema';
import { recordRevision, type SaveOptions, type Snapshot } from '../../revisions/revision-store';

/*
 * The fields of a project that its revisions keep (ADR 0041): what the editor writes, except the
 * publication state (published, featured, the schedule), which the list's switches change and a restore
 * leaves as it is.
 * The slug is kept for reference; a project's slug never changes after it is made.
 */

export function projectRevisionFields(
  values: ProjectInputValues & { slug: string; publish_at?: string | null },
): Snapshot {
  // The schedule (ADR 0040) is publication state too: a restore neither schedules nor publishes.
  const { featured: _featured, published: _published, publish_at: _publishAt, ...fields } = values;
  return fields;
}

/** Keeps the project's fields as saved now as a revision, after `before` (null: a new project). */
export async function keepProjectRevision(
  trx: Transaction<DB>,
  revision: {
    id: number;
    version: number;
    /** Null for a new project. */
    before: (ProjectInputValues & { slug: string }) | null;
    after: ProjectInputValues & { slug: string };
    save: SaveOptions;
    now: string;
  },
): Promise<void> {
  const { id, version, before, after, save, now } = revision;
  await recordRevision(trx, {
    table: 'portfolio_projects',
    id,
    version,
    before: before ? projectRevisionFields(before) : null,
    after: projectRevisionFields(after),
    save,
    now,
  });
}
