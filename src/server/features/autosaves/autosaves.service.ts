import type { Kysely } from 'kysely';
import {
  AUTOSAVE_MAX_CHARS,
  RevisionMessage,
  type Autosave,
  type AutosaveKind,
  type AutosaveWrite,
} from '../../../shared/contracts/revisions';
import { ErrorCode, ErrorMessage } from '../../../shared/errors';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { AppError, notFound } from '../../lib/errors';

/*
 * Autosaved drafts (ADR 0041): one per user and item, private to that user, never published. The editor
 * writes it a few seconds after each change and offers it back when the item is opened again; an explicit
 * save (or Discard) deletes it. A new item not saved yet is item 0.
 */

const TABLES: Record<AutosaveKind, 'blog_posts' | 'portfolio_projects'> = {
  post: 'blog_posts',
  project: 'portfolio_projects',
};
const NOT_FOUND: Record<AutosaveKind, string> = {
  post: ErrorMessage.BLOG_POST_NOT_FOUND,
  project: PortfolioMessage.PROJECT_NOT_FOUND,
};

export interface AutosaveKey {
  userId: number;
  kind: AutosaveKind;
  /** The item's id, or 'new'. */
  item: number | 'new';
}

const where = (key: AutosaveKey) => ({
  user_id: key.userId,
  item_type: TABLES[key.kind],
  item_id: key.item === 'new' ? 0 : key.item,
});

export async function getAutosave(db: Kysely<DB>, key: AutosaveKey): Promise<Autosave | null> {
  const k = where(key);
  const row = await db
    .selectFrom('autosaves')
    .select(['data', 'base_version', 'saved_at'])
    .where('user_id', '=', k.user_id)
    .where('item_type', '=', k.item_type)
    .where('item_id', '=', k.item_id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    data: JSON.parse(row.data) as Record<string, unknown>,
    version: row.base_version === null ? null : Number(row.base_version),
    saved_at: row.saved_at,
  };
}

/** Keeps the draft (replacing the user's previous one of the item); 404 when the item does not exist. */
export async function putAutosave(db: Kysely<DB>, key: AutosaveKey, body: AutosaveWrite, now = new Date()) {
  const data = JSON.stringify(body.data);
  if (data.length > AUTOSAVE_MAX_CHARS) {
    throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, RevisionMessage.AUTOSAVE_TOO_LARGE);
  }
  if (key.item !== 'new') {
    const table = TABLES[key.kind] as 'blog_posts';
    const exists = await db.selectFrom(table).select('id').where('id', '=', key.item).executeTakeFirst();
    if (!exists) throw notFound(NOT_FOUND[key.kind]);
  }
  const savedAt = now.toISOString();
  const values = { data, base_version: body.version ?? null, saved_at: savedAt };
  // Read first: MySQL counts an update that changes nothing as no row, which would look like a missing draft.
  await writeTransaction(db, async (trx) => {
    const k = where(key);
    const found = await trx
      .selectFrom('autosaves')
      .select('id')
      .where('user_id', '=', k.user_id)
      .where('item_type', '=', k.item_type)
      .where('item_id', '=', k.item_id)
      .executeTakeFirst();
    if (found) await trx.updateTable('autosaves').set(values).where('id', '=', found.id).execute();
    else
      await trx
        .insertInto('autosaves')
        .values({ ...k, ...values })
        .execute();
  });
  return { saved_at: savedAt };
}

export async function deleteAutosave(db: Kysely<DB>, key: AutosaveKey): Promise<void> {
  const k = where(key);
  await db
    .deleteFrom('autosaves')
    .where('user_id', '=', k.user_id)
    .where('item_type', '=', k.item_type)
    .where('item_id', '=', k.item_id)
    .execute();
}
