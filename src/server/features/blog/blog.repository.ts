import { MysqlAdapter, sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { insertReturningId } from '../../db/insert-id';
import { forUpdate, likePrefix } from '../../db/query-helpers';
import type { DB } from '../../db/schema';
import { writeTransaction } from '../../db/write-conflicts';
import { deleteItemHistory } from '../../revisions/revision-store';
import { detailColumns, postsWithCategory, summaryColumns } from './blog-list.repository';

export { listPosts, type PostFilter, type PostOrder, type PostSummaryRow } from './blog-list.repository';

/** A post by slug or by id; with `publishedOnly` a draft is not found. */
export async function findPost(db: Kysely<DB>, by: { slug: string } | { id: number }, publishedOnly: boolean) {
  let query = postsWithCategory(db).select(detailColumns);
  query = 'slug' in by ? query.where('p.slug', '=', by.slug) : query.where('p.id', '=', by.id);
  if (publishedOnly) query = query.where('p.published', '=', 1);
  return query.executeTakeFirst();
}

export type PostDetailRow = NonNullable<Awaited<ReturnType<typeof findPost>>>;

/** A post's title (drafts too), or undefined. */
export async function findPostTitle(db: Kysely<DB>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('blog_posts').select('title').where('id', '=', id).executeTakeFirst();
  return row?.title;
}

/** Published posts of one category other than `excludeId`, newest first. */
export async function listRelatedPublishedPosts(db: Kysely<DB>, categoryId: number, excludeId: number, limit: number) {
  return postsWithCategory(db)
    .select(summaryColumns)
    .where('p.published', '=', 1)
    .where('p.category_id', '=', categoryId)
    .where('p.id', '<>', excludeId)
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** Tag names of the given posts, in each post's own order. */
export async function listTagNamesOfPosts(db: Kysely<DB>, postIds: number[]) {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('blog_post_tags as pt')
    .innerJoin('blog_tags as t', 't.id', 'pt.tag_id')
    .select(['pt.post_id', 't.name'])
    .where('pt.post_id', 'in', postIds)
    .orderBy('pt.post_id')
    .orderBy('pt.position')
    .orderBy('t.name')
    .execute();
}

export async function listKeywordsOfPost(db: Kysely<DB>, postId: number) {
  const rows = await db
    .selectFrom('blog_post_keywords')
    .select('keyword')
    .where('post_id', '=', postId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.keyword);
}

/** Every category with the number of its published posts. */
export async function listCategoriesWithPublishedCount(db: Kysely<DB>) {
  return db
    .selectFrom('blog_categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.slug',
      'c.color',
      'c.description',
      'c.icon',
      eb
        .selectFrom('blog_posts as p')
        .whereRef('p.category_id', '=', 'c.id')
        .where('p.published', '=', 1)
        .select(eb.fn.countAll<number | string>().as('n'))
        .as('post_count'),
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

/** Tags used by at least one published post, with that number; most used first. */
export async function listTagsWithPublishedCount(db: Kysely<DB>) {
  return db
    .selectFrom('blog_tags as t')
    .innerJoin('blog_post_tags as pt', 'pt.tag_id', 't.id')
    .innerJoin('blog_posts as p', 'p.id', 'pt.post_id')
    .where('p.published', '=', 1)
    .groupBy(['t.id', 't.name', 't.slug'])
    .select((eb) => ['t.name', 't.slug', eb.fn.count<number | string>('p.id').as('post_count')])
    .orderBy((eb) => eb.fn.count('p.id'), 'desc')
    .orderBy('t.name')
    .execute();
}

/** True on MySQL, which has no ON CONFLICT: INSERT IGNORE skips a duplicate of a unique key instead. */
const isMysql = (db: Kysely<DB>) => db.getExecutor().adapter instanceof MysqlAdapter;

/** Locks a post's row for the rest of the transaction (see forUpdate); false when the post does not exist. */
async function lockPost(trx: Kysely<DB>, postId: number): Promise<boolean> {
  return Boolean(
    await forUpdate(trx, trx.selectFrom('blog_posts').select('id').where('id', '=', postId)).executeTakeFirst(),
  );
}

/**
 * Records one visitor's like of a post and counts it on the post only when it is new, in one
 * transaction; a repeated like changes nothing. Returns the post's like count afterwards.
 */
export async function addPostLike(db: Kysely<DB>, postId: number, visitorKey: string, now: string) {
  return writeTransaction(db, async (trx) => {
    await lockPost(trx, postId);
    const insert = trx
      .insertInto('blog_post_likes')
      .values({ post_id: postId, visitor_key: visitorKey, created_at: now });
    const result = await (
      isMysql(trx) ? insert.ignore() : insert.onConflict((oc) => oc.columns(['post_id', 'visitor_key']).doNothing())
    ).executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (added) {
      await trx
        .updateTable('blog_posts')
        .set((eb) => ({ likes: eb('likes', '+', 1) }))
        .where('id', '=', postId)
        .execute();
    }
    const row = await trx.selectFrom('blog_posts').select('likes').where('id', '=', postId).executeTakeFirstOrThrow();
    return { likes: Number(row.likes), added };
  });
}

/**
 * Counts one view of a post for a visitor and day: the (post, visitor, day) row is inserted unless it
 * exists (a concurrent duplicate is skipped by the unique key, never an error) and the post's counter
 * rises only when the row was new. True when the view was counted.
 */
export async function addPostView(db: Kysely<DB>, postId: number, visitorKey: string, day: string, now: string) {
  // Most page views are repeats of a view already counted today: answer those with one indexed read,
  // without a write transaction and a lock on the post row. The transaction below still settles races.
  const counted = await db
    .selectFrom('blog_post_views')
    .select('id')
    .where('post_id', '=', postId)
    .where('visitor_key', '=', visitorKey)
    .where('viewed_on', '=', day)
    .executeTakeFirst();
  if (counted) return false;
  return writeTransaction(db, async (trx) => {
    if (!(await lockPost(trx, postId))) return false;
    const insert = trx
      .insertInto('blog_post_views')
      .values({ post_id: postId, visitor_key: visitorKey, viewed_on: day, created_at: now });
    const result = await (
      isMysql(trx)
        ? insert.ignore()
        : insert.onConflict((oc) => oc.columns(['post_id', 'visitor_key', 'viewed_on']).doNothing())
    ).executeTakeFirst();
    const added = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (!added) return false;
    const updated = await trx
      .updateTable('blog_posts')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', postId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  });
}

/** Approved comments of a post, oldest first; the e-mail is not selected. */
export async function listApprovedComments(db: Kysely<DB>, postId: number) {
  return db
    .selectFrom('blog_comments')
    .select(['id', 'name', 'message', 'created_at'])
    .where('post_id', '=', postId)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertComment(db: Kysely<DB>, values: Insertable<DB['blog_comments']>): Promise<number> {
  return insertReturningId(db, 'blog_comments', values);
}

// ---------------------------------------------------------------- staff writes

export type PostValues = Omit<Insertable<DB['blog_posts']>, 'id' | 'views' | 'likes'>;

export async function insertPost(db: Kysely<DB>, values: PostValues): Promise<number> {
  return insertReturningId(db, 'blog_posts', values);
}

export async function updatePost(db: Kysely<DB>, id: number, values: Updateable<DB['blog_posts']>): Promise<boolean> {
  const result = await db.updateTable('blog_posts').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function slugExists(db: Kysely<DB>, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('blog_posts').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Slugs equal to `base` or starting with `base-`, to pick the next free suffix. */
export async function slugsLike(db: Kysely<DB>, table: 'blog_posts' | 'blog_categories', base: string) {
  const rows = await db
    .selectFrom(table)
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', likePrefix(`${base}-`))]))
    .execute();
  return rows.map((r) => r.slug);
}

/** Replaces the tags of a post: tags are found or created by slug, then linked in the given order. */
export async function replacePostTags(db: Kysely<DB>, postId: number, tags: { name: string; slug: string }[]) {
  await db.deleteFrom('blog_post_tags').where('post_id', '=', postId).execute();
  if (tags.length === 0) return;
  const insert = db.insertInto('blog_tags').values(tags);
  await (isMysql(db) ? insert.ignore() : insert.onConflict((oc) => oc.column('slug').doNothing())).execute();
  const rows = await db
    .selectFrom('blog_tags')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      tags.map((t) => t.slug),
    )
    .execute();
  const ids = new Map(rows.map((r) => [r.slug, Number(r.id)]));
  await db
    .insertInto('blog_post_tags')
    .values(tags.map((t, position) => ({ post_id: postId, tag_id: ids.get(t.slug) as number, position })))
    .execute();
}

export async function replacePostKeywords(db: Kysely<DB>, postId: number, keywords: string[]) {
  await db.deleteFrom('blog_post_keywords').where('post_id', '=', postId).execute();
  if (keywords.length === 0) return;
  await db
    .insertInto('blog_post_keywords')
    .values(keywords.map((keyword, position) => ({ post_id: postId, keyword, position })))
    .execute();
}

/** Tags no post uses any more (left behind by an edit or a delete). */
export async function deleteUnusedTags(db: Kysely<DB>) {
  await db
    .deleteFrom('blog_tags')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('blog_post_tags as pt').select('pt.tag_id').whereRef('pt.tag_id', '=', 'blog_tags.id'))),
    )
    .execute();
}

/** Which of these ids exist. */
export async function existingPostIds(db: Kysely<DB>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('blog_posts').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => Number(r.id));
}

export async function deletePosts(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('blog_posts').where('id', 'in', ids).executeTakeFirst();
  await deleteItemHistory(db, 'blog_posts', ids);
  return Number(result.numDeletedRows);
}

/** Publishes or unpublishes, either way ending a schedule; the first publication time is kept. */
export async function setPublished(db: Kysely<DB>, ids: number[], published: boolean, now: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('blog_posts')
    .set((eb) => ({
      published: published ? 1 : 0,
      publish_at: null,
      updated_at: now,
      version: sql<number>`version + 1`,
      ...(published ? { published_at: eb.fn.coalesce('published_at', eb.val(now)) } : {}),
    }))
    .where('id', 'in', ids)
    .execute();
}

export async function setFeatured(db: Kysely<DB>, ids: number[], featured: boolean, now: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('blog_posts')
    .set({ featured: featured ? 1 : 0, updated_at: now, version: sql<number>`version + 1` })
    .where('id', 'in', ids)
    .execute();
}

export async function setSortOrder(db: Kysely<DB>, id: number, sortOrder: number) {
  await db.updateTable('blog_posts').set({ sort_order: sortOrder }).where('id', '=', id).execute();
}

export async function nextSortOrder(db: Kysely<DB>, table: 'blog_posts' | 'blog_categories'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('sort_order').as('n'))
    .executeTakeFirst();
  return row?.n === null || row?.n === undefined ? 0 : Number(row.n) + 1;
}

export async function categoryExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('blog_categories').select('id').where('id', '=', id).executeTakeFirst());
}

/** The company name, the blog form's default author ('' before the profile exists). */
export async function companyName(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('company_profile').select('name').orderBy('id').limit(1).executeTakeFirst();
  return row?.name ?? '';
}

// ---------------------------------------------------------------- categories

export async function findCategory(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('blog_categories')
    .select(['id', 'name', 'slug', 'color', 'description', 'icon'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function categorySlugExists(db: Kysely<DB>, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('blog_categories').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertCategory(db: Kysely<DB>, values: Insertable<DB['blog_categories']>): Promise<number> {
  return insertReturningId(db, 'blog_categories', values);
}

export async function updateCategory(db: Kysely<DB>, id: number, values: Updateable<DB['blog_categories']>) {
  await db.updateTable('blog_categories').set(values).where('id', '=', id).execute();
}

/** Posts of a category, drafts included. */
export async function countPostsOfCategory(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db
    .selectFrom('blog_posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteCategory(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('blog_categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------- stats

/** Post counts and totals over published posts, or over every post when `includeDrafts`. */
export async function postTotals(db: Kysely<DB>, includeDrafts: boolean) {
  let query = db.selectFrom('blog_posts');
  if (!includeDrafts) query = query.where('published', '=', 1);
  return query
    .select((eb) => [
      eb.fn.countAll<number | string>().as('posts'),
      eb.fn.sum<number | string | null>('published').as('published'),
      eb.fn.sum<number | string | null>('featured').as('featured'),
      eb.fn.sum<number | string | null>('views').as('views'),
      eb.fn.sum<number | string | null>('likes').as('likes'),
    ])
    .executeTakeFirstOrThrow();
}

/** Approved comments on published posts, or on every post when `includeDrafts`. */
export async function commentTotal(db: Kysely<DB>, includeDrafts: boolean): Promise<number> {
  let query = db
    .selectFrom('blog_comments as m')
    .innerJoin('blog_posts as p', 'p.id', 'm.post_id')
    .where('m.status', '=', 'approved');
  if (!includeDrafts) query = query.where('p.published', '=', 1);
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every category with its published and draft post counts and the views and likes of its published posts. */
export async function categoryTotals(db: Kysely<DB>) {
  return db
    .selectFrom('blog_categories as c')
    .leftJoin('blog_posts as p', 'p.category_id', 'c.id')
    .groupBy(['c.id', 'c.name', 'c.slug', 'c.color', 'c.sort_order'])
    .select((eb) => [
      'c.id',
      'c.name',
      'c.slug',
      'c.color',
      eb.fn.sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 1 then 1 else 0 end`).as('published'),
      eb.fn.sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 0 then 1 else 0 end`).as('drafts'),
      eb.fn
        .sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 1 then ${sql.ref('p.views')} else 0 end`)
        .as('views'),
      eb.fn
        .sum<number | string | null>(sql`case when ${sql.ref('p.published')} = 1 then ${sql.ref('p.likes')} else 0 end`)
        .as('likes'),
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}
