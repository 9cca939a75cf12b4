import type { Kysely } from 'kysely';
import type { CommentHoldMode } from '../../shared/contracts/comment-moderation';
import type { DB } from '../db/schema';
import { saveModeration } from '../features/blog/comment-moderation.service';

/** Chooses which new comments wait for review, for tests about something else than moderation (ADR 0048). */
export async function holdComments(db: Kysely<DB>, hold: CommentHoldMode): Promise<void> {
  await saveModeration(db, { hold });
}
