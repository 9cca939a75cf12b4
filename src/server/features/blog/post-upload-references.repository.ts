import type { Kysely } from 'kysely';
import type { UploadUsage } from '../../../shared/contracts/uploads';
import { mentionsAny } from '../../db/query-helpers';
import type { DB } from '../../db/schema';

/**
 * The posts' texts that may refer to uploads (the media library's "where used", a port of the uploads
 * feature): each post's featured image and content; with `stems`, only the posts mentioning one of them.
 */
export async function postUploadReferences(db: Kysely<DB>, stems: readonly string[] | null) {
  const found: Array<UploadUsage & { texts: (string | null)[] }> = [];
  // Post content can be long: read a page at a time.
  let after = 0;
  for (;;) {
    let q = db
      .selectFrom('blog_posts')
      .select(['id', 'title', 'image_url', 'content'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(200);
    if (stems) q = q.where(mentionsAny(stems, ['image_url', 'content']));
    const posts = await q.execute();
    for (const p of posts) {
      const admin_path = `/admin/blog/${p.id}/edit`;
      found.push({
        kind: 'blog_image',
        label: `Blog post “${p.title}” (featured image)`,
        admin_path,
        texts: [p.image_url],
      });
      found.push({ kind: 'blog_content', label: `Blog post “${p.title}” (content)`, admin_path, texts: [p.content] });
    }
    if (posts.length < 200) break;
    after = Number(posts[posts.length - 1]!.id);
  }
  return found;
}

/** Deleted uploads leave the posts: featured images emptied, their images and links taken out of the content. */
export async function removePostUploadReferences(
  trx: Kysely<DB>,
  { stems, withoutFiles, now }: { stems: readonly string[]; withoutFiles: (text: string) => string; now: string },
): Promise<void> {
  if (stems.length === 0) return;
  await trx
    .updateTable('blog_posts')
    .set({ image_url: null })
    .where(mentionsAny(stems, ['image_url']))
    .execute();
  // By stem: a post may show one of the file's sizes rather than the original.
  const posts = await trx
    .selectFrom('blog_posts')
    .select(['id', 'content'])
    .where(mentionsAny(stems, ['content']))
    .execute();
  for (const post of posts) {
    const content = withoutFiles(post.content);
    if (content !== post.content) {
      await trx.updateTable('blog_posts').set({ content, updated_at: now }).where('id', '=', post.id).execute();
    }
  }
}
