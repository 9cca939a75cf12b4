import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { recordRevision, type SaveOptions, type Snapshot } from '../../revisions/revision-store';
import { findPost, listKeywordsOfPost, listTagNamesOfPosts } from './blog.repository';

/*
 * The fields of a post that its revisions keep (ADR 0041): what the editor writes, except the publication
 * state (published, featured), which the list's switches change and a restore leaves as it is.
 */

/** The post's revisioned fields as stored now and when it was saved; undefined when there is no such post. */
export async function postRevisionFields(
  db: Kysely<DB>,
  id: number,
): Promise<{ fields: Snapshot; savedAt: string } | undefined> {
  const row = await findPost(db, { id }, false);
  if (!row) return undefined;
  const [tags, keywords] = await Promise.all([listTagNamesOfPosts(db, [id]), listKeywordsOfPost(db, id)]);
  const fields = {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    image_url: row.image_url,
    category_id: row.category_id === null ? null : Number(row.category_id),
    author: row.author,
    date: row.date,
    read_time: Number(row.read_time),
    tags: tags.map((tag) => tag.name),
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    seo_keywords: keywords,
  };
  return { fields, savedAt: row.updated_at };
}

/** Keeps the post's fields as saved now as a revision, after `before` (null: a new post). */
export async function keepPostRevision(
  trx: Transaction<DB>,
  id: number,
  version: number,
  before: { fields: Snapshot; savedAt: string } | null,
  save: SaveOptions,
  now: string,
): Promise<void> {
  const after = await postRevisionFields(trx, id);
  if (!after) return;
  await recordRevision(trx, {
    table: 'blog_posts',
    id,
    version,
    before: before?.fields ?? null,
    beforeAt: before?.savedAt,
    after: after.fields,
    save,
    now,
  });
}
