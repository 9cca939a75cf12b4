import { dialectOf, type AnyDb } from './helpers';

/*
 * Comment moderation (ADR 0048): why a comment was held or taken for spam, in words staff read, and an
 * index for the checks made on every new comment (has this address an approved comment, or one marked as
 * spam; how many did it send lately). Expand-only: one nullable column, which the previous release
 * neither reads nor writes (it inserts approved comments, and lists approved ones). Frozen once released.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('blog_comments').addColumn('review_reason', 'varchar(200)').execute();
  await db.schema
    .createIndex('blog_comments_email_status_idx')
    .on('blog_comments')
    .columns(['email', 'status'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const dropIndex = db.schema.dropIndex('blog_comments_email_status_idx');
  await (dialectOf(db) === 'mysql' ? dropIndex.on('blog_comments') : dropIndex).execute();
  await db.schema.alterTable('blog_comments').dropColumn('review_reason').execute();
}
